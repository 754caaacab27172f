// SQL for the FAQ and the glossary: read in display order, and seeded from content/.
import type { Kysely } from 'kysely';
import type { FaqItem, GlossaryEntry } from '../../../common/api.ts';
import type { DB } from '../schema.ts';

export type NewFaq = { question: string; answer: string };
export type NewGlossaryEntry = { category: string; term: string; description: string };

export function createContentRepository(db: Kysely<DB>) {
  return {
    listFaqs: (): Promise<FaqItem[]> => db.selectFrom('faqs').select(['question', 'answer']).orderBy('position').orderBy('id').execute(),
    listGlossary: (): Promise<GlossaryEntry[]> =>
      db.selectFrom('glossary_entries').select(['id', 'category', 'term', 'description']).orderBy('category').orderBy('term').execute(),
    /** Adds the questions not stored yet; returns how many it added. Existing rows are kept. */
    async addMissingFaqs(items: NewFaq[]): Promise<number> {
      let added = 0;
      for (const [position, item] of items.entries()) {
        const result = await db
          .insertInto('faqs')
          .values({ position, question: item.question, answer: item.answer })
          .onConflict((conflict) => conflict.doNothing())
          .executeTakeFirst();
        added += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return added;
    },
    /** Adds the terms not stored yet (whatever their case); returns how many it added. Existing rows are kept. */
    async addMissingGlossaryEntries(items: NewGlossaryEntry[]): Promise<number> {
      let added = 0;
      for (const item of items) {
        const result = await db
          .insertInto('glossary_entries')
          .values({ category: item.category, term: item.term, description: item.description })
          .onConflict((conflict) => conflict.doNothing())
          .executeTakeFirst();
        added += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return added;
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
