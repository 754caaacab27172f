// The names of a submission's attribution (issue 30) and how its referrer reads: where the visitor's tab landed and came
// from, and the form's own page. No imports: the browser's capture (app/lib/analytics/) reads the
// names without loading zod; the server's schema (attribution.ts) checks each value.

/** The query parameters the browser keeps from a landing page: UTM tags, then ad click ids. */
export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export const CLICK_ID_PARAMS = ['gclid', 'fbclid', 'msclkid', 'li_fat_id'] as const;
export const ATTRIBUTION_PARAMS = [...UTM_PARAMS, ...CLICK_ID_PARAMS] as const;

/** Every key of an `attribution` object, in the order staff read and export them. */
export const ATTRIBUTION_FIELDS = ['page', 'landing_page', 'referrer', ...ATTRIBUTION_PARAMS] as const;
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];

/** A submission's attribution: every key optional (a no-JS post knows only its page and referrer). */
export type Attribution = Partial<Record<AttributionField, string>>;

/** Longest value kept per key: paths and the referrer as the analytics events take them. */
export const ATTRIBUTION_LIMITS = { path: 512, referrer: 1024, tag: 200 } as const;

/** What staff read beside each key (the inbox's Source block and the export's headers). */
export const ATTRIBUTION_LABELS: Record<AttributionField, string> = {
  page: 'Form page',
  landing_page: 'Landing page',
  referrer: 'Referrer',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  utm_term: 'UTM term',
  utm_content: 'UTM content',
  gclid: 'Google click id (gclid)',
  fbclid: 'Facebook click id (fbclid)',
  msclkid: 'Microsoft click id (msclkid)',
  li_fat_id: 'LinkedIn click id (li_fat_id)',
};

/** The referrer's host (without www.), or the text itself when it is not an address. */
export function referrerHost(referrer: string | undefined): string {
  if (!referrer) return '';
  const host = /^https?:\/\/(?:[^@/?#]*@)?([^/?#]+)/i.exec(referrer)?.[1]?.toLowerCase();
  return host ? host.replace(/^www\./, '') : referrer;
}
