// The shapes of /api/inbox (issue 7): the list query, the request bodies with their messages,
// and the answers, on the inbox's vocabulary (common/inbox-vocabulary.ts). Imported by the server
// routes; the browser imports only the types (this module builds zod schemas when loaded).
import { z } from 'zod';
import { ATTRIBUTION_FIELDS, ATTRIBUTION_LIMITS } from './attribution-fields.ts';
import {
  DEFAULT_PAGE_SIZE,
  INBOX_KINDS,
  INBOX_STATUSES,
  type InboxKind,
  NOTE_MAX_LENGTH,
  PAGE_SIZES,
  SEARCH_MAX_LENGTH,
  BULK_MAX_IDS,
  BOOKING_FILTERS,
  INBOX_SORTS,
  SORT_DIRECTIONS,
  USERNAME_PATTERN,
} from './inbox-vocabulary.ts';

export * from './inbox-vocabulary.ts';

export const INBOX_MESSAGES = {
  status: 'Choose a status: new, in_progress, done, spam, or all',
  newStatus: 'Choose a status: new, in_progress, done or spam',
  search: `The search text must be at most ${SEARCH_MAX_LENGTH} characters`,
  searchControl: 'The search text cannot contain control characters (such as tabs, line breaks or NUL)',
  date: 'Dates must be real dates written YYYY-MM-DD',
  dateOrder: 'The start date must be on or before the end date',
  source: `The source must be at most ${ATTRIBUTION_LIMITS.tag} characters, without control characters`,
  campaign: `The campaign must be at most ${ATTRIBUTION_LIMITS.tag} characters, without control characters`,
  page: 'The page must be a whole number from 1',
  pageSize: `The page size must be one of ${PAGE_SIZES.join(', ')}`,
  noteRequired: 'Write a note before adding it',
  noteTooLong: `A note must be at most ${NOTE_MAX_LENGTH} characters`,
  spamOnlyToNew: 'A spam submission can only be moved back to New',
  changedMeanwhile: 'Someone else changed this submission just now. Reload it and try again.',
  sort: `Sort by one of: ${INBOX_SORTS.join(', ')}`,
  sortForKind: 'This list cannot be sorted by that column',
  dir: 'The direction must be asc or desc',
  owner: 'Choose an owner: me, none, or a staff username',
  ownerBody: 'The owner must be a staff username, or null for nobody',
  unknownOwner: 'There is no staff member with that username',
  ids: `Send ids: a list of 1 to ${BULK_MAX_IDS} submission ids, each a whole number from 1`,
  bulkEmpty: 'Say what to change: a status, an owner, or both',
  bulkNotFound: 'Some of these submissions do not exist: nothing was changed',
  booking: `Choose a booking: ${BOOKING_FILTERS.join(', ')}`,
  bookingForKind: 'Only demo requests can be filtered by their booking',
} as const;

function isRealDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** A calendar date YYYY-MM-DD that exists (no 2026-02-30). */
const isoDate = z
  .string({ error: INBOX_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: INBOX_MESSAGES.date })
  .refine(isRealDate, { error: INBOX_MESSAGES.date });

/** A source or campaign to filter by: trimmed, printable, at most as long as one is stored. */
const attributionText = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, { error: message })
    .trim()
    .max(ATTRIBUTION_LIMITS.tag, { error: message });

/** A query value that is absent when the field was left empty. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const filterFields = z.object({
  /** One status; absent means every status but spam, 'all' means every status. */
  status: optional(z.enum([...INBOX_STATUSES, 'all'], { error: INBOX_MESSAGES.status })),
  /** Free text searched in the kind's text fields. */
  q: optional(
    z
      .string({ error: INBOX_MESSAGES.search })
      // A NUL would end the quoted FTS5 phrase; no control character belongs in a search box.
      .regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, { error: INBOX_MESSAGES.searchControl })
      .trim()
      .max(SEARCH_MAX_LENGTH, { error: INBOX_MESSAGES.search }),
  ),
  /** Where the lead came from, as the Source block names it (utm_source, the click id's network,
   * the referrer's host, or 'Direct / None'); any case. */
  source: optional(attributionText(INBOX_MESSAGES.source)),
  /** The lead's utm_campaign; any case. */
  campaign: optional(attributionText(INBOX_MESSAGES.campaign)),
  /** Demo requests only (issue 29): a booked meeting not yet over, one that is over, or none. */
  booking: optional(z.enum(BOOKING_FILTERS, { error: INBOX_MESSAGES.booking })),
  /** First day received (UTC), inclusive. */
  from: optional(isoDate),
  /** Last day received (UTC), inclusive. */
  to: optional(isoDate),
  /** 'me', 'none' (nobody's), or a staff username. */
  owner: optional(z.string({ error: INBOX_MESSAGES.owner }).regex(USERNAME_PATTERN, { error: INBOX_MESSAGES.owner })),
  /** The column the list is ordered by. */
  sort: optional(z.enum(INBOX_SORTS, { error: INBOX_MESSAGES.sort })),
  /** asc or desc; desc by default. */
  dir: optional(z.enum(SORT_DIRECTIONS, { error: INBOX_MESSAGES.dir })),
  /** Only these submissions (an export of a selection): comma-separated ids. */
  ids: optional(
    z
      .string({ error: INBOX_MESSAGES.ids })
      .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14})*$/, { error: INBOX_MESSAGES.ids })
      .transform((text) => [...new Set(text.split(',').map(Number))])
      .refine((ids) => ids.length <= BULK_MAX_IDS, { error: INBOX_MESSAGES.ids }),
  ),
});
const datesInOrder = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;

/** Filters shared by the list and the CSV export. */
export const inboxFilterSchema = filterFields.refine(datesInOrder, { error: INBOX_MESSAGES.dateOrder });
export type InboxFilter = z.infer<typeof inboxFilterSchema>;

export const inboxListQuerySchema = filterFields
  .extend({
    /** Page number, from 1. */
    page: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce
        .number({ error: INBOX_MESSAGES.page })
        .int({ error: INBOX_MESSAGES.page })
        .min(1, { error: INBOX_MESSAGES.page })
        .max(1_000_000, { error: INBOX_MESSAGES.page })
        .default(1),
    ),
    /** Rows per page: 10, 25, 50 or 100 (also as `size`). */
    size: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce
        .number({ error: INBOX_MESSAGES.pageSize })
        .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), { error: INBOX_MESSAGES.pageSize })
        .optional(),
    ),
    /** Rows per page: 10, 25, 50 or 100. */
    pageSize: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce
        .number({ error: INBOX_MESSAGES.pageSize })
        .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), { error: INBOX_MESSAGES.pageSize })
        .default(DEFAULT_PAGE_SIZE),
    ),
  })
  .refine(datesInOrder, { error: INBOX_MESSAGES.dateOrder });
export type InboxListQuery = z.infer<typeof inboxListQuerySchema>;

/** The detail's query: the list it was opened from, for its previous and next. */
export const inboxDetailQuerySchema = filterFields.omit({ ids: true });
export type InboxDetailQuery = z.infer<typeof inboxDetailQuerySchema>;

export const ownerBodySchema = z.object({
  /** A staff username, or null to give the submission to nobody. */
  owner: z
    .string({ error: INBOX_MESSAGES.ownerBody })
    .regex(USERNAME_PATTERN, { error: INBOX_MESSAGES.ownerBody })
    .nullable(),
});

export const bulkBodySchema = z
  .object({
    /** The submissions to change: 1 to BULK_MAX_IDS ids. */
    ids: z
      .array(
        z
          .number({ error: INBOX_MESSAGES.ids })
          .int({ error: INBOX_MESSAGES.ids })
          .min(1, { error: INBOX_MESSAGES.ids })
          .max(Number.MAX_SAFE_INTEGER),
        {
          error: INBOX_MESSAGES.ids,
        },
      )
      .min(1, { error: INBOX_MESSAGES.ids })
      .max(BULK_MAX_IDS, { error: INBOX_MESSAGES.ids }),
    /** The status every one of them moves to. */
    status: z.enum(INBOX_STATUSES, { error: INBOX_MESSAGES.newStatus }).optional(),
    /** The owner every one of them gets: a username, or null for nobody. */
    owner: ownerBodySchema.shape.owner.optional(),
  })
  .refine((body) => body.status !== undefined || body.owner !== undefined, { error: INBOX_MESSAGES.bulkEmpty });
export type BulkBody = z.infer<typeof bulkBodySchema>;
export const bulkAnswerSchema = z.object({ changed: z.number(), ids: z.array(z.number()) });
export type BulkAnswer = z.infer<typeof bulkAnswerSchema>;
export const staffListSchema = z.object({ me: z.string(), staff: z.array(z.object({ username: z.string() })) });
export type StaffList = z.infer<typeof staffListSchema>;

export const statusBodySchema = z.object({
  /** The new status. */
  status: z.enum(INBOX_STATUSES, { error: INBOX_MESSAGES.newStatus }),
});

export const noteBodySchema = z.object({
  /** The internal note, 1 to NOTE_MAX_LENGTH characters after trimming. */
  note: z
    .string({ error: INBOX_MESSAGES.noteRequired })
    .trim()
    .min(1, { error: INBOX_MESSAGES.noteRequired })
    .max(NOTE_MAX_LENGTH, { error: INBOX_MESSAGES.noteTooLong }),
});

// Answers (documentation for the OpenAPI file; the types are what the handlers return).
const statusCountsSchema = z.object({
  new: z.number(),
  in_progress: z.number(),
  done: z.number(),
  spam: z.number(),
  total: z.number(),
  /** Not spam and not yet opened by the signed-in staff member. */
  unread: z.number(),
});
export const inboxSummarySchema = z.object({ counts: z.record(z.enum(INBOX_KINDS), statusCountsSchema) });
export type InboxSummary = { counts: Record<InboxKind, z.infer<typeof statusCountsSchema>> };

export const listItemSchema = z.object({
  id: z.number(),
  kind: z.enum(INBOX_KINDS),
  status: z.enum(INBOX_STATUSES),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  /** The person's name, the address for the newsletter, 'Feedback #id' for feedback. */
  title: z.string(),
  /** Company, subject or another second line; '' when there is none. */
  subtitle: z.string(),
  /** The first PREVIEW_LENGTH characters of the text, whitespace folded; '' when there is none. */
  preview: z.string(),
  /** The staff member it belongs to, or null. */
  owner: z.string().nullable(),
  /** Not yet opened by the signed-in staff member (or marked unread again). */
  unread: z.boolean(),
  /** A demo request's booked meeting (issue 29): its start (ISO, UTC) and the visitor's zone. */
  meeting: z.object({ start: z.string(), time_zone: z.string() }).optional(),
  /** Where the lead came from, as the analytics dashboard names it (decision 051); null when the
   * submission came without an attribution. */
  source: z.string().nullable(),
});
export type ListItem = z.infer<typeof listItemSchema>;
export const listPageSchema = z.object({
  items: z.array(listItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ListPage = z.infer<typeof listPageSchema>;

export const itemSchema = z.object({
  id: z.number(),
  kind: z.enum(INBOX_KINDS),
  status: z.enum(INBOX_STATUSES),
  created_at: z.string(),
  /** Whether the honeypot was filled (the status may since have moved out of spam). */
  is_spam: z.boolean(),
  /** The list row's title, for the detail heading. */
  title: z.string(),
  owner: z.string().nullable(),
  /** The statuses this submission may move to now. */
  next_statuses: z.array(z.enum(INBOX_STATUSES)),
  /** Every field in the form's order, with its human label; values as text. */
  fields: z.array(z.object({ name: z.string(), label: z.string(), value: z.string() })),
  /** The contact image, served by `url` to staff only. */
  image: z.object({ type: z.string(), size: z.number(), name: z.string(), url: z.string() }).optional(),
  /** Marketing consent (demo and contact), null when not given. */
  consent: z.object({ version: z.string(), at: z.string() }).nullable().optional(),
  /** Where the visitor came from (issue 30): `source` as the filter names it, then the keys the
   * form sent (page, landing_page, referrer, UTM tags, click ids); null when none came. */
  attribution: z
    .object({
      source: z.string(),
      ...(Object.fromEntries(ATTRIBUTION_FIELDS.map((name) => [name, z.string().optional()])) as Record<
        (typeof ATTRIBUTION_FIELDS)[number],
        z.ZodOptional<z.ZodString>
      >),
    })
    .nullable(),
});
export type InboxItem = z.infer<typeof itemSchema>;

export const eventSchema = z.object({
  id: z.number(),
  action: z.enum(['status', 'note', 'owner']),
  username: z.string(),
  from_status: z.enum(INBOX_STATUSES).nullable(),
  to_status: z.enum(INBOX_STATUSES).nullable(),
  note: z.string().nullable(),
  /** For an owner change: who had it and who has it now (null: nobody). */
  from_owner: z.string().nullable(),
  to_owner: z.string().nullable(),
  created_at: z.string(),
});
export type InboxEvent = z.infer<typeof eventSchema>;
/** A demo request's booked time (issue 29), as the inbox shows it in both zones. */
export const bookingViewSchema = z.object({
  start: z.string(),
  end: z.string(),
  /** The visitor's zone. */
  time_zone: z.string(),
  owner: z.string(),
  /** The owner's zone; null when they never saved their availability. */
  owner_time_zone: z.string().nullable(),
  meeting_url: z.string().nullable(),
  status: z.enum(['booked', 'cancelled']),
  routing_reason: z.string(),
  /** What happened to it, oldest first: booked, then each move and the cancellation. */
  history: z.array(
    z.object({
      action: z.enum(['booked', 'rescheduled', 'cancelled']),
      /** The time and owner it was left with. */
      start: z.string(),
      owner: z.string(),
      /** The staff member who did it; null: the visitor. */
      by: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type BookingView = z.infer<typeof bookingViewSchema>;
export const itemDetailSchema = z.object({
  item: itemSchema,
  events: z.array(eventSchema),
  /** A demo request's booked time, when it booked one. */
  booking: bookingViewSchema.optional(),
  /** The ids before and after this one in the list it was opened from (its filters and sort). */
  neighbours: z.object({ previous: z.number().nullable(), next: z.number().nullable() }),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;
