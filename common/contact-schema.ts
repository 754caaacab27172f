// The contact message's schema (spec 3 and 5), on the inquiry types of inquiry-types.ts.
import { z } from 'zod';
import { HONEYPOT_FIELD, MAX_LENGTH } from './constants.ts';
import { INQUIRY_TYPES, type InquiryTypeValue } from './inquiry-types.ts';
import { MESSAGES } from './messages.ts';
import { honeypot, marketingConsent, requiredEmail, requiredText } from './schemas.ts';

const inquiryTypeValues = Object.keys(INQUIRY_TYPES) as [InquiryTypeValue, ...InquiryTypeValue[]];

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
  /** One of INQUIRY_TYPES' keys; a form sends it as text, the row stores the number. */
  inq_type: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.enum(inquiryTypeValues, { error: MESSAGES.inquiryTypeRequired }).transform(Number),
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
export const CONTACT_TEXT_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(contactSchema.shape).filter((name) => name !== 'img'),
);
/** A browser sends a file's base name only: a path separator or a control character (NUL
 * included) means the request was forged. The name is never stored either way. */
export const FORGED_FILE_NAME = /[/\\\u0000-\u001f\u007f]/;
