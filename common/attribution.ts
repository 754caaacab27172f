// The optional `attribution` every form sends with its submission (issue 30, decision 051): where
// the visitor's tab landed, the referrer, the UTM tags and ad click ids, and the form's own page.
// It is data the visitor never typed and cannot correct, so it never refuses a lead: a value of
// the wrong shape is dropped alone, keys not listed are dropped, and an attribution that is not an
// object (or JSON text of one, as a multipart form sends it) is no attribution at all.
import { z } from 'zod';
import {
  ATTRIBUTION_LIMITS,
  ATTRIBUTION_PARAMS,
  type Attribution,
  type AttributionField,
  CLICK_ID_PARAMS,
} from './attribution-fields.ts';

export * from './attribution-fields.ts';

/** No control characters, and not blank once trimmed. */
const PRINTABLE = /^[^\u0000-\u001f\u007f-\u009f]+$/;
/** A path on the site: one leading slash, then nothing a URL cannot hold. */
const PATH = /^\/(?!\/)[^\s\u0000-\u001f\u007f]*$/;
/** An http(s) address: a host after the scheme, then nothing a URL cannot hold. */
const URL_SHAPE = /^https?:\/\/[^\s/?#\u0000-\u001f\u007f]+(?:[/?#][^\s\u0000-\u001f\u007f]*)?$/i;
/** Ad networks' click ids are URL-safe tokens. */
const CLICK_ID = /^[\w.~-]+$/;

/** A string of at most `max` characters matching `shape`, after trimming; anything else is dropped. */
const kept = (max: number, shape: RegExp, description: string) =>
  z.string().trim().max(max).regex(shape).optional().catch(undefined).describe(description);

const tag = (name: string) => kept(ATTRIBUTION_LIMITS.tag, PRINTABLE, `Optional: the landing page's ${name}.`);

const fields = {
  page: kept(ATTRIBUTION_LIMITS.path, PATH, 'The path of the page the form was sent from.'),
  landing_page: kept(ATTRIBUTION_LIMITS.path, PATH, "The path of the tab's first page on the site."),
  referrer: kept(ATTRIBUTION_LIMITS.referrer, URL_SHAPE, 'The http(s) address of the site that sent the visitor.'),
  ...(Object.fromEntries(
    ATTRIBUTION_PARAMS.map((name) => [
      name,
      (CLICK_ID_PARAMS as readonly string[]).includes(name)
        ? kept(ATTRIBUTION_LIMITS.tag, CLICK_ID, `Optional: the ad click id ${name}.`)
        : tag(name),
    ]),
  ) as Record<(typeof ATTRIBUTION_PARAMS)[number], ReturnType<typeof tag>>),
} satisfies Record<AttributionField, z.ZodType>;

/** JSON text (a multipart or form field) read as its value; text that is not JSON is dropped. */
function fromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** The kept keys, or undefined when none is left. */
function nonEmpty(value: Record<string, string | undefined> | undefined): Attribution | undefined {
  if (!value) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [AttributionField, string] => Boolean(entry[1]));
  return entries.length ? (Object.fromEntries(entries) as Attribution) : undefined;
}

export const attributionSchema = z
  .preprocess(fromText, z.object(fields).optional().catch(undefined))
  .transform(nonEmpty)
  .describe(
    'Optional: where the visitor came from. Keys not listed, and values of the wrong shape or length, are dropped; it never refuses a submission.',
  );
