// Staff editing of the FAQ and the glossary (issue 19): the roles, the payloads of /api/content
// with their limits and messages, and the shapes the API answers. Shared by the pages and the server.
import { z } from 'zod';

/** Staff roles: `admin` may do everything (content and users), `sales` the inbox only. */
export const STAFF_ROLES = ['admin', 'sales'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The cookie the Content area's pages read the staff sign-in from (HttpOnly, SameSite=Strict, Path=/content). */
export const CONTENT_COOKIE = 'haulora_content';

export const CONTENT_KINDS = ['faq', 'glossary'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_ACTIONS = ['create', 'update', 'delete', 'restore', 'import'] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

/** Longest text each editable field accepts, in characters. */
export const CONTENT_LIMITS = { question: 300, answer: 5000, category: 60, term: 120, description: 3000 } as const;
/** Most rows one CSV import takes. */
export const IMPORT_MAX_ROWS = 2000;
/** Largest CSV text one import takes, in characters. */
export const IMPORT_MAX_CHARS = 1_000_000;

export const CONTENT_MESSAGES = {
  forbidden: 'Your staff role does not allow this. Ask an admin.',
  /** The Content area refused to a staff role that cannot edit content (the 403 page). */
  roleRefusedTitle: 'Your role cannot edit content',
  roleRefused: (role: string) =>
    `You are signed in with the ${role} role, which cannot edit the site's content: only admins can. Your work is in the inbox. If you need a change on the site, ask an admin, or sign out and sign in with an admin account.`,
  /** A Content post that found the sign-in over: what was typed is kept, not lost. */
  sessionEnded:
    'Your sign-in has ended, so nothing was saved. Sign in again: what you typed is kept and comes back in the form.',
  restored: 'Signed in again. What you typed is back in the form below: check it, then save.',
  unsaved: 'You have changes that are not saved. Leave this page and lose them?',
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  duplicateQuestion: 'This question is already in the FAQ.',
  duplicateTerm: 'This term is already in this category.',
  versionRequired: 'The version you opened is required',
  changedSince: (username: string, at: string) =>
    `Changed by ${username} at ${at} since you opened it. Nothing was saved: compare with their version, then save again to replace it.`,
  deletedSince: 'This item was deleted since you opened it.',
  orderChanged: 'The FAQ changed since you opened it. Reload the list and try again.',
  noSuchVersion: 'There is no such earlier version of this item.',
  categoryMissing: 'There is no such category.',
  importEmpty: 'The CSV has no rows.',
  importHeader: 'The first line must be the columns: category,term,description (id optional).',
  importTooLarge: `The CSV may have at most ${IMPORT_MAX_ROWS} rows.`,
  importRefused: 'Nothing was imported: fix the refused rows first.',
} as const;

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

/** Unknown fields are refused: a typo must not be silently dropped. */
export const faqCreateSchema = z.strictObject(faqFields);
export const faqUpdateSchema = z.strictObject({ ...faqFields, /** The version the editor opened. */ version });
export const glossaryCreateSchema = z.strictObject(glossaryFields);
export const glossaryUpdateSchema = z.strictObject({
  ...glossaryFields,
  /** The version the editor opened. */ version,
});
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

export type FaqInput = z.output<typeof faqCreateSchema>;
export type GlossaryInput = z.output<typeof glossaryCreateSchema>;

const stamp = {
  version: z.number().int(),
  /** When and by whom the item was last changed; null for items as seeded. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
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
