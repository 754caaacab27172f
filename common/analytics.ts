// Visitor analytics (issue 30): what the browser may send to POST /api/events, what the overview
// API answers, and the few names both sides share. The browser's beacon (app/lib/analytics/) does
// not import zod: it only sends; the server checks every field here.
import { z } from 'zod';

export const EVENTS_PATH = '/api/events';

export const EVENT_TYPES = ['pageview', 'search', 'demo_modal_opened', 'form_submitted', 'demo_booked'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Pages of the staff area: never counted (nor sent by the beacon). */
export const STAFF_PATH_PREFIXES = ['/inbox', '/content', '/analytics'] as const;
export const isStaffPath = (path: string) =>
  STAFF_PATH_PREFIXES.some(
    (prefix) =>
      path === prefix ||
      path.startsWith(`${prefix}/`) ||
      path.startsWith(`${prefix}?`) ||
      path.startsWith(`${prefix}.`),
  );

export const ANALYTICS_LIMITS = { body: 2048, path: 512, referrer: 1024, query: 100, tag: 100 } as const;

export const EVENT_MESSAGES = {
  type: `type must be one of ${EVENT_TYPES.join(', ')}`,
  path: `path must start with / and be at most ${ANALYTICS_LIMITS.path} characters, without spaces or control characters`,
  referrer: `referrer must be an http(s) address of at most ${ANALYTICS_LIMITS.referrer} characters, or empty`,
  query: `query must be at most ${ANALYTICS_LIMITS.query} characters`,
  results: 'results must be a whole number from 0 to 100000',
  form: 'form must be a form name of lowercase letters and hyphens (at most 32)',
  origin: 'Events are accepted only from the site’s own pages.',
  body: 'The event could not be read as JSON.',
} as const;

/** A path as the browser's location has it: pathname and search, nothing a person could type
 * into a log line (no spaces, control characters or a second leading slash). */
const pathSchema = z
  .string({ error: EVENT_MESSAGES.path })
  .max(ANALYTICS_LIMITS.path, { error: EVENT_MESSAGES.path })
  .regex(/^\/(?!\/)[^\s\u0000-\u001f\u007f]*$/, { error: EVENT_MESSAGES.path });

const referrerSchema = z
  .string({ error: EVENT_MESSAGES.referrer })
  .max(ANALYTICS_LIMITS.referrer, { error: EVENT_MESSAGES.referrer })
  // A host after the scheme, then nothing a URL cannot hold (no spaces or control characters).
  .regex(/^$|^https?:\/\/[^\s/?#\u0000-\u001f\u007f]+(?:[/?#][^\s\u0000-\u001f\u007f]*)?$/i, {
    error: EVENT_MESSAGES.referrer,
  });

const common = { path: pathSchema, referrer: referrerSchema.optional() };

export const eventSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('pageview'), ...common }),
    z.strictObject({
      type: z.literal('search'),
      ...common,
      query: z
        .string({ error: EVENT_MESSAGES.query })
        .trim()
        .min(1, { error: EVENT_MESSAGES.query })
        .max(ANALYTICS_LIMITS.query, { error: EVENT_MESSAGES.query }),
      results: z
        .number({ error: EVENT_MESSAGES.results })
        .int({ error: EVENT_MESSAGES.results })
        .min(0, { error: EVENT_MESSAGES.results })
        .max(100_000, { error: EVENT_MESSAGES.results }),
    }),
    z.strictObject({ type: z.literal('demo_modal_opened'), ...common }),
    z.strictObject({
      type: z.literal('form_submitted'),
      ...common,
      form: z.string({ error: EVENT_MESSAGES.form }).regex(/^[a-z][a-z-]{0,31}$/, { error: EVENT_MESSAGES.form }),
    }),
    z.strictObject({ type: z.literal('demo_booked'), ...common }),
  ],
  { error: EVENT_MESSAGES.type },
);
export type AnalyticsEvent = z.infer<typeof eventSchema>;

/** YYYY-MM-DD that is a real day. */
const daySchema = z.iso.date({ error: 'must be a date as YYYY-MM-DD' });
export const overviewQuerySchema = z
  .strictObject({ from: daySchema, to: daySchema })
  .refine((range) => range.from <= range.to, { error: 'from must not be after to', path: ['to'] })
  .refine((range) => daysBetween(range.from, range.to) < 3660, {
    error: 'the range may span at most ten years',
    path: ['to'],
  });

/** Days from `from` to `to`, both included, minus one (0 for a single day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const ranked = z.array(
  z.object({ value: z.string(), visitors: z.number(), events: z.number(), conversions: z.number() }),
);
/** `demo_visitors`: visitors who sent the demo form (the beacon's count; the inbox's is in `funnel`
 * and `conversions`). */
const totals = z.object({ visitors: z.number(), pageviews: z.number(), demo_visitors: z.number() });

/** What converts: a value's visitors (from the rollups) and its demo requests (from the inbox). */
const conversionCounts = z.object({
  visitors: z.number().describe('Sum of daily unique visitors whose first page of the day had this value'),
  demo_requests: z.number().describe('Demo requests received in the range with this value (spam left out)'),
  demos_booked: z.number().describe('Of those, the ones with a booked time (not cancelled)'),
  in_progress: z.number(),
  done: z.number(),
  rate: z.number().nullable().describe('demo_requests / visitors (0.05 is 5 %); null without visitors'),
});
const conversionRows = z.array(
  conversionCounts.extend({
    value: z.string().nullable().describe('null: demo requests sent without this (an API call without attribution)'),
    previous: conversionCounts.describe('The same value in the period before'),
  }),
);
export const conversionsSchema = z.object({
  by_source: conversionRows,
  by_campaign: conversionRows,
  by_landing_page: conversionRows,
});
export type Conversions = z.infer<typeof conversionsSchema>;
export type ConversionRow = Conversions['by_source'][number];

export const overviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Sum of each day's unique visitors: a person who came on two days counts twice. */
  visitors: z.number().describe('Sum of daily unique visitors over the range'),
  pageviews: z.number(),
  /** Visitors who sent the demo form. */
  demo_visitors: z.number().describe('Visitors who sent the demo form (counted by the beacon)'),
  previous: totals.extend({ from: z.string(), to: z.string() }),
  days: z.array(z.object({ day: z.string(), visitors: z.number(), pageviews: z.number() })),
  top_pages: ranked,
  entry_pages: ranked,
  sources: ranked,
  campaigns: ranked,
  devices: ranked,
  searches_without_results: ranked,
  events: ranked,
  funnel: z.array(z.object({ step: z.string(), label: z.string(), count: z.number() })),
  conversions: conversionsSchema,
});
export type Overview = z.infer<typeof overviewSchema>;
export type RankedRow = z.infer<typeof ranked>[number];
