// The one set of input schemas, shared by the browser forms and the API.
// Each field carries the spec's message for every way it can be wrong (missing, wrong type,
// blank after trimming); issues come out in form order, so the first one is what a visitor
// should fix first.
import { z } from 'zod';
import { HONEYPOT_FIELD, INQUIRY_TYPES, MAX_LENGTH } from './constants.ts';
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
  .describe('Optional: true (or "true", "on", "yes") when the visitor ticked "send me product news"; false, "" or absent otherwise.');

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


const inquiryTypeValues = Object.keys(INQUIRY_TYPES) as ['1', '2', '3'];

/** A non-empty file: a File or Blob in the browser, bytes on the server. */
const imageFile = z.custom<Blob | Uint8Array>(
  (value) =>
    (typeof Blob !== 'undefined' && value instanceof Blob && value.size > 0) ||
    (value instanceof Uint8Array && value.byteLength > 0),
  { error: MESSAGES.imageRequired },
);

export const contactSchema = z.object({
  /** The visitor's name. */
  name: requiredText(MESSAGES.nameRequired, 'Name', MAX_LENGTH.name),
  /** Where the reply goes. */
  email: requiredEmail(),
  /** A short subject line. */
  subject: requiredText(MESSAGES.subjectRequired, 'Subject', MAX_LENGTH.subject),
  /** 1 Technical Support, 2 Pricing, 3 Other inquiry; a form sends it as text. */
  inq_type: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.enum(inquiryTypeValues, { error: MESSAGES.inquiryTypeRequired }),
  ),
  /** A screenshot or photo: PNG, JPEG, WebP or GIF, at most 5 MB. */
  img: imageFile,
  /** The message itself. */
  message: requiredText(MESSAGES.messageRequired, 'Message', MAX_LENGTH.message),
  /** Ticked "send me product news"; stored with the consent text's version and the time. */
  marketing_consent: marketingConsent,
  [HONEYPOT_FIELD]: honeypot,
});
export type ContactInput = z.infer<typeof contactSchema>;

/** The contact form's text fields (the schema's, honeypot included): a post with any other
 * field is refused rather than silently dropped, by the API and the page alike. */
export const CONTACT_TEXT_FIELDS: ReadonlySet<string> = new Set(Object.keys(contactSchema.shape).filter((name) => name !== 'img'));
/** A browser sends a file's base name only: a path separator or a control character (NUL
 * included) means the request was forged. The name is never stored either way. */
export const FORGED_FILE_NAME = /[/\\\u0000-\u001f\u007f]/;

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
