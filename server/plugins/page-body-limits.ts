// How large a form post to a page may be, by what it is (issue 33): a url-encoded post is a few
// fields of text, so it gets a few kilobytes and at most 50 fields; only the contact form's
// multipart post, which carries the image, may be large. The limits are checked while the body
// streams in, before any of it is parsed: a 5 MB post of 535,000 fields is refused at its
// Content-Length, or at the 50th '&' of a chunked one, not after React Router has parsed it all
// on the event loop.
import type { Readable } from 'node:stream';
import { MAX_IMAGE_BYTES } from '../../common/constants.ts';
import { IMPORT_MAX_CHARS } from '../../common/content.ts';
import { MESSAGES } from '../../common/messages.ts';
import { PublicError } from '../errors.ts';

export type BodyLimit = { bytes: number; fields: number };

/** The most fields any page form has (with its hidden fields), with room to spare. */
const MAX_FIELDS = 50;
/** Forms of short fields (sign-in, feedback, newsletter, theme, Content area sign-out). The
 * longest, feedback's 1,000 characters, is 9 KB when every character is percent-encoded UTF-8. */
const SHORT_FORM: BodyLimit = { bytes: 12 * 1024, fields: MAX_FIELDS };
/** Forms with one long text (the demo's and the contact's 5,000-character message, a FAQ answer
 * of 5,000): 5,000 characters at 9 encoded bytes each, plus the short fields. */
const LONG_FORM: BodyLimit = { bytes: 64 * 1024, fields: MAX_FIELDS };
/** The glossary's CSV import: its 1,000,000 characters, percent-encoded (commas and line breaks
 * take 3 bytes each), plus the other fields. */
const CSV_FORM: BodyLimit = { bytes: IMPORT_MAX_CHARS * 3 + 16 * 1024, fields: MAX_FIELDS };
/** The contact form with its image: the image, its text fields, and the parts' headers. */
const IMAGE_FORM: BodyLimit = { bytes: MAX_IMAGE_BYTES + 96 * 1024, fields: 20 };

/** A page's copy in the Content area's generic editor (issue 31): one field per text of the
 * page, the longest file (features.yaml) ~40 KB and ~1,000 texts, with room to spare. */
const PAGE_COPY_FORM: BodyLimit = { bytes: 1024 * 1024, fields: 5000 };

/** A page's copy with an image uploaded from one of its image fields (issue 31). */
const PAGE_IMAGE_FORM: BodyLimit = { bytes: PAGE_COPY_FORM.bytes + MAX_IMAGE_BYTES, fields: PAGE_COPY_FORM.fields };

/** Pages whose form has a long text field; the rest have short ones. */
const LONG_FORM_PATHS: ReadonlySet<string> = new Set(['/request-demo', '/forms/contact']);

/** The limit for a post to `url` of `contentType`; null for a type no page form sends (415). */
export function pageBodyLimit(url: string, contentType: string | undefined): BodyLimit | null {
  // A hydrated page posts to its data URL (/content/faq.data): the same page.
  const path = (url.split('?')[0] ?? '').replace(/\.data$/, '').replace(/\/+$/, '') || '/';
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const multipart = type === 'multipart/form-data';
  if (!multipart && type !== 'application/x-www-form-urlencoded') return null;
  if (multipart && path === '/forms/contact') return IMAGE_FORM;
  if (path === '/content/glossary') return CSV_FORM;
  if (path.startsWith('/content/pages/')) return multipart ? PAGE_IMAGE_FORM : PAGE_COPY_FORM;
  if (LONG_FORM_PATHS.has(path) || path.startsWith('/content/')) return LONG_FORM;
  return SHORT_FORM;
}

/** Counts how often `needle` occurs in a stream of chunks, also across chunk edges. */
function occurrenceCounter(needle: Buffer) {
  let carry: Buffer = Buffer.alloc(0);
  return (chunk: Buffer): number => {
    const joined = carry.byteLength ? Buffer.concat([carry, chunk]) : chunk;
    let count = 0;
    for (let at = joined.indexOf(needle); at !== -1; at = joined.indexOf(needle, at + needle.byteLength)) count++;
    carry = joined.subarray(Math.max(0, joined.byteLength - (needle.byteLength - 1)));
    return count;
  };
}

/** What separates one field from the next in a body of `contentType`. */
function fieldSeparator(contentType: string | undefined): Buffer {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  const value = boundary?.[1] ?? boundary?.[2];
  return value ? Buffer.from(`--${value}`) : Buffer.from('&');
}

const tooLarge = () => new PublicError(413, MESSAGES.payloadTooLarge);

/** The whole body, failing with 413 as soon as it passes the limit's bytes or fields, before the
 * rest is read: a client can make the server neither buffer an endless upload nor parse an
 * endless list of fields. What a refused client still sends is drained, then cut (server/app.ts). */
export function readLimitedBody(body: Readable, contentType: string | undefined, limit: BodyLimit): Promise<Buffer> {
  // A multipart body has one more boundary than parts (the closing one).
  const maxSeparators = fieldSeparator(contentType).byteLength === 1 ? limit.fields - 1 : limit.fields + 1;
  const countSeparators = occurrenceCounter(fieldSeparator(contentType));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let separators = 0;
    const stop = () => {
      body.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.byteLength;
      separators += countSeparators(chunk);
      if (received <= limit.bytes && separators <= maxSeparators) return void chunks.push(chunk);
      stop();
      body.pause();
      reject(tooLarge());
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, received));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    // The client went away before the end: nobody is waiting for an answer.
    const onClose = () => onError(new PublicError(400, MESSAGES.badRequest));
    body.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/** Refuses, before reading a byte of it, a body whose declared length is over the limit. */
export function checkDeclaredLength(contentLength: string | undefined, limit: BodyLimit) {
  if (Number(contentLength ?? 0) > limit.bytes) throw tooLarge();
}
