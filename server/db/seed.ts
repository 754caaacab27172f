// Seeds the FAQ and glossary from content/ into the database. Only rows not stored yet are
// added, in one transaction, so running it again changes nothing.
import { loadFaqContent, loadGlossaryContent } from '../content.ts';
import { type Database, transaction } from './driver.ts';
import type { ContentRepository } from './repositories/content.ts';

export function seedContent(db: Database, content: ContentRepository) {
  const faqs = loadFaqContent();
  const glossary = loadGlossaryContent();
  return transaction(db, () => ({
    faqs: content.addMissingFaqs(faqs),
    glossary: content.addMissingGlossaryEntries(glossary),
  }));
}
