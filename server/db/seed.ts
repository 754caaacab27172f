// Seeds the FAQ and glossary from content/ into the database. Only rows not stored yet are
// added, in one transaction, so running it again (or on several instances at once) changes nothing.
import { loadFaqContent, loadGlossaryContent } from '../content-files.ts';
import type { Database } from './driver.ts';
import { createContentRepository } from './repositories/content.ts';

export function seedContent(db: Database) {
  const faqs = loadFaqContent();
  const glossary = loadGlossaryContent();
  return db.transaction(async (trx) => {
    const content = createContentRepository(trx);
    return { faqs: await content.addMissingFaqs(faqs), glossary: await content.addMissingGlossaryEntries(glossary) };
  });
}
