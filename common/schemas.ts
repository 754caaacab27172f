// The one set of input schemas, shared by the browser forms and the API.
// Each field carries the spec's message for every way it can be wrong (missing, wrong type,
// blank after trimming); issues come out in form order, so the first one is what a visitor
// should fix first.
import { z } from 'zod';
import { HONEYPOT_FIELD, MAX_LENGTH } from './constants.ts';
import { MESSAGES } from './messages.ts';

// In the browser the CSP forbids eval, so zod must not try its compiled fast path: its feature
// test (new Function) would be reported as a CSP violation. The server keeps the fast path.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** Spec 5: lowercase local part of letters, digits and ._%+-, @, a domain, a 2-4 letter suffix. */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,4}$/;
/** Spec 5: a phone number holds only digits, space, plus, minus and brackets. */
export const PHONE_PATTERN = /^[0-9 +\-()]+$/;
/** A calling code, with or without its '+'. */
export const CALLING_CODE_PATTERN = /^\+?[0-9]{1,4}$/;

/** A required text field: trimmed, not blank, at most `max` characters. */
export function requiredText(message: string, label: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: MESSAGES.tooLong(label, max) });
}

/** A required email, trimmed and lowercased before the spec's pattern is applied. */
export function requiredEmail() {
  return z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: MESSAGES.emailRequired })
    .max(MAX_LENGTH.email, { error: MESSAGES.tooLong('Email', MAX_LENGTH.email) })
    .regex(EMAIL_PATTERN, { error: MESSAGES.emailInvalid });
}

/** The hidden field only bots fill in; real visitors leave it empty. */
export const honeypot = z
  .string({ error: MESSAGES.badRequest })
  .max(MAX_LENGTH.honeypot, { error: MESSAGES.badRequest })
  .optional()
  .describe('Leave empty: a hidden field that only automated submitters fill in.');

/** The optional product-news checkbox: a ticked box posts 'yes' (or 'on'), JSON clients send
 * true; absent, false or '' mean not ticked. Anything else is refused rather than guessed. */
export const marketingConsent = z
  .union([z.boolean(), z.literal(['true', 'on', 'yes', ''])], { error: MESSAGES.marketingConsentInvalid })
  .optional()
  .transform((value) => value === true || value === 'true' || value === 'on' || value === 'yes')
  .describe(
    'Optional: true (or "true", "on", "yes") when the visitor ticked "send me product news"; false, "" or absent otherwise.',
  );

export const feedbackSchema = z.object({
  /** The one-line feedback. */
  feedback: requiredText(MESSAGES.feedbackRequired, 'Feedback', MAX_LENGTH.feedback),
  [HONEYPOT_FIELD]: honeypot,
});
export type FeedbackInput = z.infer<typeof feedbackSchema>;

export const signInSchema = z.object({
  /** A staff username. */
  username: requiredText(MESSAGES.usernameRequired, 'Username', MAX_LENGTH.username),
  /** The staff password. Blank after trimming counts as missing (spec 5), but the value itself
   * is never altered: whitespace is part of a password (NIST SP 800-63B), so '  secret  ' is not
   * 'secret'. */
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .refine((value) => value.trim().length > 0, { error: MESSAGES.passwordRequired, abort: true })
    .max(MAX_LENGTH.password, { error: MESSAGES.tooLong('Password', MAX_LENGTH.password) }),
});

/** The sign-in refusals that say what is wrong instead of 'All fields are required!'. */
export const SIGN_IN_TOO_LONG: ReadonlySet<string> = new Set([
  MESSAGES.tooLong('Username', MAX_LENGTH.username),
  MESSAGES.tooLong('Password', MAX_LENGTH.password),
]);
export type SignInInput = z.infer<typeof signInSchema>;

// The contact message's schema and its inquiry types: contact-schema.ts; the demo request's:
// demo-schema.ts.

export const newsletterSchema = z.object({
  /** The address to send the newsletter to. */
  email: requiredEmail(),
  [HONEYPOT_FIELD]: honeypot,
});
export type NewsletterInput = z.infer<typeof newsletterSchema>;

/** The first message of a failed parse: the one a visitor should fix first. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? MESSAGES.badRequest;
}

/** One message per field (the first), for showing beside each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
