// The answer shapes of the API (spec section 7). Clients switch on the first list item.
import { z } from 'zod';

/** A success: ['SUCCESS', message]. */
export type SuccessAnswer = ['SUCCESS', string];
/** A refusal in the feedback and contact style: ['ErrorInfo', message]. */
export type ErrorInfoAnswer = ['ErrorInfo', string];
/** A refusal in the sign-in and demo style: ['ERROR', message]. */
export type ErrorAnswer = ['ERROR', string];
/** A refusal as an object, used by ValidateToken. */
export type ErrorInfoObject = { errorInfo: string };

/** The answers about idempotency keys (issue 15), in the route's error shape; server only. */
export const IDEMPOTENCY_MESSAGES = {
  conflict: 'This form was already sent with other values. Please reload the page and send it again.',
  keyInvalid: 'The Idempotency-Key must be 8 to 128 letters, digits, - or _.',
} as const;

/** Which of the spec's error shapes a route answers with. */
export type ErrorShape = 'ErrorInfo' | 'ERROR' | 'errorInfo';

export function errorAnswer(shape: ErrorShape, message: string): ErrorInfoAnswer | ErrorAnswer | ErrorInfoObject {
  if (shape === 'errorInfo') return { errorInfo: message };
  return [shape, message];
}

// Response schemas, for the OpenAPI description.
export const successAnswerSchema = z.tuple([z.literal('SUCCESS'), z.string()]);
export const errorInfoAnswerSchema = z.tuple([z.literal('ErrorInfo'), z.string()]);
export const errorAnswerSchema = z.tuple([z.literal('ERROR'), z.string()]);
export const errorInfoObjectSchema = z.object({ errorInfo: z.string() });

export const tokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
});
export type Tokens = z.infer<typeof tokensSchema>;

/** POST /api/auth/refresh: the refresh token, only ever in this body. */
export const refreshBodySchema = z.object({
  /** The refresh token from sign-in or the last refresh. */
  refresh_token: z.string().min(1).max(512),
});

export const tokenInfoSchema = z.object({
  username: z.string(),
  /** When the access token expires, as an ISO 8601 time. */
  expires_at: z.string(),
  /** The staff role (issue 19): admin or sales. What the pages offer; the server checks every call. */
  role: z.enum(['admin', 'sales']),
});

export const faqItemSchema = z.object({ question: z.string(), answer: z.string() });
export type FaqItem = z.infer<typeof faqItemSchema>;

export const glossaryEntrySchema = z.object({
  id: z.number().int(),
  category: z.string(),
  term: z.string(),
  description: z.string(),
});
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;
export const glossaryAnswerSchema = z.tuple([z.literal('SUCCESS'), z.array(glossaryEntrySchema)]);

export function success(message: string): SuccessAnswer {
  return ['SUCCESS', message];
}
