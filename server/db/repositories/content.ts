// SQL for the FAQ and the glossary: read in display order, seeded from content/, and edited by
// staff (issue 19) with a version per item and a history of every change.
import { type Kysely, sql } from 'kysely';
import type { FaqItem, GlossaryEntry } from '../../../common/api.ts';
import type {
  ContentAction,
  ContentKind,
  ContentStatus,
  HistoryEntry,
  StaffFaq,
  StaffGlossaryEntry,
} from '../../../common/content.ts';
import type { DB } from '../schema.ts';

export type NewFaq = { question: string; answer: string };
export type NewGlossaryEntry = { category: string; term: string; description: string };
export type FaqFields = { question: string; answer: string; hidden: boolean };
export type GlossaryFields = NewGlossaryEntry;
export type Stamp = { at: string; username: string };
/** The draft, schedule and trash columns a write may set (decision 052). */
export type ItemState = Partial<{
  status: ContentStatus;
  draft_json: string | null;
  publish_at: string | null;
  deleted_at: string | null;
}>;
type StoredState = { draft_json: string | null };

/** The stored draft column as the item's `draft` field. */
function withDraft<T extends StoredState>({
  draft_json,
  ...row
}: T): Omit<T, 'draft_json'> & { draft: Record<string, unknown> | null } {
  return { ...row, draft: draft_json ? (JSON.parse(draft_json) as Record<string, unknown>) : null };
}
export type NewHistory = {
  kind: ContentKind;
  itemId: number;
  action: ContentAction;
  version: number;
  username: string;
  at: string;
  before: object | null;
  after: object | null;
};

const seedKey = {
  faq: (item: NewFaq) => item.question,
  glossary: (item: NewGlossaryEntry) => `${item.category.toLowerCase()}|${item.term.toLowerCase()}`,
};

export function createContentRepository(db: Kysely<DB>) {
  const selectFaqs = () =>
    db
      .selectFrom('faqs')
      .select([
        'id',
        'position',
        'question',
        'answer',
        'hidden',
        'version',
        'updated_at as updatedAt',
        'updated_by as updatedBy',
        'status',
        'draft_json',
        'publish_at as publishAt',
        'deleted_at as deletedAt',
      ])
      .orderBy('position')
      .orderBy('id');
  const selectGlossary = () =>
    db
      .selectFrom('glossary_entries')
      .select([
        'id',
        'category',
        'term',
        'description',
        'version',
        'updated_at as updatedAt',
        'updated_by as updatedBy',
        'status',
        'draft_json',
        'publish_at as publishAt',
        'deleted_at as deletedAt',
      ])
      .orderBy('category')
      .orderBy('term')
      .orderBy('id');
  const toFaq = ({ hidden, ...row }: Omit<StaffFaq, 'hidden' | 'draft'> & StoredState & { hidden: number }): StaffFaq =>
    withDraft({ ...row, hidden: hidden === 1 });
  const toEntry = (row: Omit<StaffGlossaryEntry, 'draft'> & StoredState): StaffGlossaryEntry => withDraft(row);

  /** Inserts a seed item unless the seed added it once already (then staff may have edited or deleted it). */
  async function seedOnce(kind: ContentKind, key: string, insert: () => Promise<number>): Promise<number> {
    const seen = await db
      .insertInto('content_seed_keys')
      .values({ kind, seed_key: key })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (Number(seen.numInsertedOrUpdatedRows ?? 0) === 0) return 0;
    return await insert();
  }

  return {
    /** The FAQ as the site shows it: hidden items left out. */
    listFaqs: (): Promise<FaqItem[]> =>
      db
        .selectFrom('faqs')
        .select(['question', 'answer'])
        .where('hidden', '=', 0)
        .where('status', '=', 'published')
        .where('deleted_at', 'is', null)
        .orderBy('position')
        .orderBy('id')
        .execute(),
    listGlossary: (): Promise<GlossaryEntry[]> =>
      db
        .selectFrom('glossary_entries')
        .select(['id', 'category', 'term', 'description'])
        .where('status', '=', 'published')
        .where('deleted_at', 'is', null)
        .orderBy('category')
        .orderBy('term')
        .execute(),

    /** Adds the seed's questions never added before; returns how many it added. Existing rows are kept,
     * and an item staff changed or deleted is never brought back. */
    async addMissingFaqs(items: NewFaq[]): Promise<number> {
      let added = 0;
      const last = await db
        .selectFrom('faqs')
        .select((eb) => eb.fn.max('position').as('max'))
        .executeTakeFirst();
      let position = Number(last?.max ?? -1) + 1;
      for (const item of items) {
        added += await seedOnce('faq', seedKey.faq(item), async () => {
          const result = await db
            .insertInto('faqs')
            .values({ position, question: item.question, answer: item.answer })
            .onConflict((conflict) => conflict.doNothing())
            .executeTakeFirst();
          const count = Number(result.numInsertedOrUpdatedRows ?? 0);
          position += count;
          return count;
        });
      }
      return added;
    },
    /** Adds the seed's terms never added before (per category, whatever their case); returns how many it added. */
    async addMissingGlossaryEntries(items: NewGlossaryEntry[]): Promise<number> {
      let added = 0;
      for (const item of items) {
        added += await seedOnce('glossary', seedKey.glossary(item), async () => {
          const result = await db
            .insertInto('glossary_entries')
            .values({ category: item.category, term: item.term, description: item.description })
            .onConflict((conflict) => conflict.doNothing())
            .executeTakeFirst();
          return Number(result.numInsertedOrUpdatedRows ?? 0);
        });
      }
      return added;
    },

    // Staff editing. Updates and deletes name the version the editor opened and touch nothing
    // when it is no longer the stored one (the caller tells "changed" from "gone").
    // Items in the trash are left out of the staff's lists and lookups (the trash lists them).
    listStaffFaqs: async (): Promise<StaffFaq[]> =>
      (await selectFaqs().where('deleted_at', 'is', null).execute()).map(toFaq),
    findFaq: async (id: number): Promise<StaffFaq | null> => {
      const row = await selectFaqs().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      return row ? toFaq(row) : null;
    },
    /** Any item with this question, in the trash too (the column is unique). */
    findFaqByQuestion: async (question: string): Promise<{ id: number; deletedAt: string | null } | null> =>
      (await db
        .selectFrom('faqs')
        .select(['id', 'deleted_at as deletedAt'])
        .where('question', '=', question)
        .executeTakeFirst()) ?? null,
    async insertFaq(fields: FaqFields, stamp: Stamp, state: ItemState = {}): Promise<number> {
      const last = await db
        .selectFrom('faqs')
        .select((eb) => eb.fn.max('position').as('max'))
        .executeTakeFirst();
      const { id } = await db
        .insertInto('faqs')
        .values({
          position: Number(last?.max ?? -1) + 1,
          question: fields.question,
          answer: fields.answer,
          hidden: fields.hidden ? 1 : 0,
          updated_at: stamp.at,
          updated_by: stamp.username,
          ...state,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    /** True when the item was at `version` and is now at version + 1. */
    async updateFaq(
      id: number,
      version: number,
      fields: FaqFields,
      stamp: Stamp,
      state: ItemState = {},
    ): Promise<boolean> {
      const result = await db
        .updateTable('faqs')
        .set({
          question: fields.question,
          answer: fields.answer,
          hidden: fields.hidden ? 1 : 0,
          version: version + 1,
          updated_at: stamp.at,
          updated_by: stamp.username,
          ...state,
        })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Deletes the row for good (the trash's purge goes through content-states.ts). */
    async deleteFaq(id: number, version: number): Promise<boolean> {
      const result = await db.deleteFrom('faqs').where('id', '=', id).where('version', '=', version).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    async setFaqPosition(id: number, position: number): Promise<void> {
      await db.updateTable('faqs').set({ position }).where('id', '=', id).execute();
    },

    listStaffGlossary: async (): Promise<StaffGlossaryEntry[]> =>
      (await selectGlossary().where('deleted_at', 'is', null).execute()).map(toEntry),
    findGlossaryEntry: async (id: number): Promise<StaffGlossaryEntry | null> => {
      const row = await selectGlossary().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      return row ? toEntry(row) : null;
    },
    /** The entry with this term in this category, whatever their case; in the trash too (the index is unique). */
    findGlossaryTerm: async (category: string, term: string): Promise<StaffGlossaryEntry | null> => {
      const row = await selectGlossary()
        .where(sql<string>`lower(category)`, '=', category.toLowerCase())
        .where(sql<string>`lower(term)`, '=', term.toLowerCase())
        .executeTakeFirst();
      return row ? toEntry(row) : null;
    },
    async insertGlossaryEntry(fields: GlossaryFields, stamp: Stamp, state: ItemState = {}): Promise<number> {
      const { id } = await db
        .insertInto('glossary_entries')
        .values({ ...fields, updated_at: stamp.at, updated_by: stamp.username, ...state })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async updateGlossaryEntry(
      id: number,
      version: number,
      fields: GlossaryFields,
      stamp: Stamp,
      state: ItemState = {},
    ): Promise<boolean> {
      const result = await db
        .updateTable('glossary_entries')
        .set({ ...fields, version: version + 1, updated_at: stamp.at, updated_by: stamp.username, ...state })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async deleteGlossaryEntry(id: number, version: number): Promise<boolean> {
      const result = await db
        .deleteFrom('glossary_entries')
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    /** The entries of a category, whatever its case. */
    listCategory: async (category: string): Promise<StaffGlossaryEntry[]> =>
      (
        await selectGlossary()
          .where(sql<string>`lower(category)`, '=', category.toLowerCase())
          .where('deleted_at', 'is', null)
          .execute()
      ).map(toEntry),

    async addHistory(entry: NewHistory): Promise<void> {
      await db
        .insertInto('content_history')
        .values({
          kind: entry.kind,
          item_id: entry.itemId,
          action: entry.action,
          version: entry.version,
          username: entry.username,
          created_at: entry.at,
          before_json: entry.before ? JSON.stringify(entry.before) : null,
          after_json: entry.after ? JSON.stringify(entry.after) : null,
        })
        .execute();
    },
    /** An item's changes, newest first. */
    async listHistory(kind: ContentKind, itemId: number): Promise<HistoryEntry[]> {
      const rows = await db
        .selectFrom('content_history')
        .select(['id', 'action', 'version', 'username', 'created_at', 'before_json', 'after_json'])
        .where('kind', '=', kind)
        .where('item_id', '=', itemId)
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        action: row.action,
        version: row.version,
        username: row.username,
        at: row.created_at,
        before: row.before_json ? JSON.parse(row.before_json) : null,
        after: row.after_json ? JSON.parse(row.after_json) : null,
      }));
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
