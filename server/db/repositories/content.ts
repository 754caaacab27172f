// SQL for the FAQ and the glossary: read in display order, and seeded from content/.
import type { FaqItem, GlossaryEntry } from '../../../common/api.ts';
import type { Database } from '../driver.ts';

export type NewFaq = { question: string; answer: string };
export type NewGlossaryEntry = { category: string; term: string; description: string };

export function createContentRepository(db: Database) {
  const selectFaqs = db.prepare('SELECT question, answer FROM faqs ORDER BY position, id');
  const selectGlossary = db.prepare(
    'SELECT id, category, term, description FROM glossary_entries ORDER BY category, term',
  );
  const insertFaq = db.prepare(
    'INSERT INTO faqs (position, question, answer) VALUES (?, ?, ?) ON CONFLICT (question) DO NOTHING',
  );
  const insertGlossary = db.prepare(
    'INSERT INTO glossary_entries (category, term, description) VALUES (?, ?, ?) ON CONFLICT (term) DO NOTHING',
  );

  return {
    listFaqs: () => selectFaqs.all() as FaqItem[],
    listGlossary: () => selectGlossary.all() as GlossaryEntry[],
    /** Adds the questions not stored yet; returns how many it added. Existing rows are kept. */
    addMissingFaqs(items: NewFaq[]): number {
      return items.reduce((added, item, position) => added + Number(insertFaq.run(position, item.question, item.answer).changes), 0);
    },
    /** Adds the terms not stored yet; returns how many it added. Existing rows are kept. */
    addMissingGlossaryEntries(items: NewGlossaryEntry[]): number {
      return items.reduce(
        (added, item) => added + Number(insertGlossary.run(item.category, item.term, item.description).changes),
        0,
      );
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
