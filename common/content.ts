// Staff editing of the FAQ and the glossary (issue 19): the roles, the payloads of /api/content
// with their limits and messages, and the shapes the API answers. Shared by the pages and the server.
import { z } from 'zod';
import { CONTENT_MESSAGES } from './content-messages.ts';

// The messages live without zod, so the Content pages' own code does not load the schemas.
export { CONTENT_MESSAGES, IMPORT_MAX_ROWS } from './content-messages.ts';

/** Staff roles: `admin` may do everything (content and users), `sales` the inbox only. */
export const STAFF_ROLES = ['admin', 'sales'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const CONTENT_KINDS = ['faq', 'glossary'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'import',
  'draft',
  'publish',
  'untrash',
] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];
/** 'published' once an item has ever gone live; 'draft' before, when the site does not show it. */
export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
/** Days an item stays in the trash before the retention job purges it. */
export const TRASH_DAYS = 30;

/** Longest text each editable field accepts, in characters. */
export const CONTENT_LIMITS = { question: 300, answer: 5000, category: 60, term: 120, description: 3000 } as const;
/** Largest CSV text one import takes, in characters. */
export const IMPORT_MAX_CHARS = 1_000_000;

/** A required text field: trimmed, 1 to max characters, the messages naming the field. */
function text(label: string, max: number) {
  return z
    .string({ error: CONTENT_MESSAGES.required(label) })
    .trim()
    .min(1, { error: CONTENT_MESSAGES.required(label) })
    .max(max, { error: CONTENT_MESSAGES.tooLong(label, max) });
}

const version = z
  .number({ error: CONTENT_MESSAGES.versionRequired })
  .int()
  .positive({ error: CONTENT_MESSAGES.versionRequired });

export const faqFields = {
  /** The question, as visitors read it. */
  question: text('Question', CONTENT_LIMITS.question),
  /** The answer: plain text; blank lines make paragraphs, links as [text](https://…) or a bare https:// address. */
  answer: text('Answer', CONTENT_LIMITS.answer),
  /** Hidden items stay here but leave the site and the public API. */
  hidden: z.boolean({ error: 'Hidden must be true or false' }).default(false),
};
export const glossaryFields = {
  /** The category the term is listed under. */
  category: text('Category', CONTENT_LIMITS.category),
  /** The term, unique within its category whatever its case. */
  term: text('Term', CONTENT_LIMITS.term),
  /** The description: plain text with paragraphs and links, like an FAQ answer. */
  description: text('Description', CONTENT_LIMITS.description),
};

/** How a save is stored (decision 052): live at once (the default, as before drafts), or as the
 * item's draft, the live text staying until Publish; with publish_at the scheduler publishes it then. */
const publishing = {
  status: z.enum(CONTENT_STATUSES, { error: CONTENT_MESSAGES.badStatus }).default('published'),
  /** An ISO 8601 instant with its offset, in the future; null takes a schedule away. Drafts only. */
  publish_at: z.iso.datetime({ offset: true, error: CONTENT_MESSAGES.badPublishAt }).nullable().optional(),
};

/** Unknown fields are refused: a typo must not be silently dropped. */
export const faqCreateSchema = z.strictObject({ ...faqFields, ...publishing });
export const faqUpdateSchema = z.strictObject({
  ...faqFields,
  ...publishing,
  /** The version the editor opened. */ version,
});
export const glossaryCreateSchema = z.strictObject({ ...glossaryFields, ...publishing });
export const glossaryUpdateSchema = z.strictObject({
  ...glossaryFields,
  ...publishing,
  /** The version the editor opened. */ version,
});
/** Publish, take out of the trash: the version the editor opened. */
export const versionBodySchema = z.strictObject({ version });
export const versionQuerySchema = z.strictObject({
  version: z.coerce
    .number({ error: CONTENT_MESSAGES.versionRequired })
    .int()
    .positive({ error: CONTENT_MESSAGES.versionRequired }),
});
export const restoreSchema = z.strictObject({
  /** The history entry whose "after" text to put back. */
  historyId: z.number().int().positive(),
  /** The version the editor opened. */
  version,
});
export const faqOrderSchema = z.strictObject({
  /** Every FAQ id, in the new display order. */
  ids: z.array(z.number().int().positive()).max(10_000),
  /** The order's version you read (GET /api/content/faqs/order); 409 when it moved since. */
  version: z.number().int().nonnegative().optional(),
});
export const orderUndoSchema = z.strictObject({
  /** The order's version you read: the undo is refused (409) when it moved since. */
  version: z.number().int().nonnegative(),
});
export const orderChangeSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  action: z.enum(['reorder', 'undo']),
  username: z.string(),
  at: z.string(),
  moved: z.object({ id: z.number(), label: z.string(), from: z.number(), to: z.number() }).nullable(),
  undoes: z.number().int().nullable(),
  /** In words: 'moved “…” from 3 to 1'. */
  summary: z.string(),
  /** The change Undo takes back now. */
  undoable: z.boolean(),
});
export const faqOrderStateSchema = z.object({
  version: z.number().int(),
  ids: z.array(z.number().int()),
  history: z.array(orderChangeSchema),
});
export const renameCategorySchema = z.strictObject({
  from: text('Category', CONTENT_LIMITS.category),
  to: text('New category', CONTENT_LIMITS.category),
});
export const importSchema = z.strictObject({
  /** The CSV text: category,term,description (and optionally id first), one header line. */
  csv: z
    .string({ error: CONTENT_MESSAGES.importEmpty })
    .max(IMPORT_MAX_CHARS, { error: CONTENT_MESSAGES.tooLong('The CSV', IMPORT_MAX_CHARS) }),
  /** true: only say what would happen (the preview); false: save, all rows or none. */
  dryRun: z.boolean().default(true),
});

export type FaqInput = z.output<z.ZodObject<typeof faqFields>>;
export type GlossaryInput = z.output<z.ZodObject<typeof glossaryFields>>;
/** How to store a save: its status and schedule (undefined keeps the schedule as it is). */
export type Publishing = { status: ContentStatus; publish_at?: string | null };

const stamp = {
  version: z.number().int(),
  /** When and by whom the item was last changed; null for items as seeded. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** Decision 052: the fields above are the live text, or a never-published item's draft. */
  status: z.enum(CONTENT_STATUSES),
  /** The pending edit of a published item (its fields), null when there is none. */
  draft: z.record(z.string(), z.unknown()).nullable(),
  /** When the scheduler publishes the draft. */
  publishAt: z.string().nullable(),
  /** When it went to the trash (then only the trash lists it). */
  deletedAt: z.string().nullable(),
};
export const staffFaqSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  question: z.string(),
  answer: z.string(),
  hidden: z.boolean(),
  ...stamp,
});
export type StaffFaq = z.infer<typeof staffFaqSchema>;
export const staffGlossarySchema = z.object({
  id: z.number().int(),
  category: z.string(),
  term: z.string(),
  description: z.string(),
  ...stamp,
});
export type StaffGlossaryEntry = z.infer<typeof staffGlossarySchema>;
export const historyEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(CONTENT_ACTIONS),
  version: z.number().int(),
  username: z.string(),
  at: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const importRowSchema = z.object({
  line: z.number().int(),
  outcome: z.enum(['add', 'change', 'unchanged', 'refuse']),
  category: z.string(),
  term: z.string(),
  description: z.string(),
  message: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importResultSchema = z.object({ saved: z.boolean(), rows: z.array(importRowSchema) });
export type ImportResult = z.infer<typeof importResultSchema>;
export const trashItemSchema = z.object({
  kind: z.enum(CONTENT_KINDS),
  id: z.number().int(),
  /** The question or the term. */
  title: z.string(),
  version: z.number().int(),
  deletedAt: z.string(),
  deletedBy: z.string().nullable(),
  /** When the retention job purges it for good. */
  purgeAfter: z.string(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;
