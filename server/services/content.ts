// The FAQ and glossary rows the API and the pages read. They change only when content is
// seeded, so they are read from the database once, and the API's JSON made once, and both are
// kept until invalidate() is called.
import type { FaqItem, GlossaryEntry } from '../../common/api.ts';
import type { ContentRepository } from '../db/repositories/content.ts';

export function createContentService(repo: ContentRepository) {
  let faqs: FaqItem[] | undefined;
  let glossary: GlossaryEntry[] | undefined;
  // Kept as UTF-8 bytes: encoding a long string on every send costs more than the rest of the answer.
  let faqsJson: Buffer | undefined;
  let glossaryJson: Buffer | undefined;
  // Whatever else was made from the rows (the rendered pages of server/plugins/page-cache.ts).
  const listeners = new Set<() => void>();
  const service = {
    listFaqs: () => (faqs ??= repo.listFaqs()),
    listGlossary: () => (glossary ??= repo.listGlossary()),
    /** The body of GET /api/Faqs/GetAllFromFaqs. */
    faqsAnswer: () => (faqsJson ??= Buffer.from(JSON.stringify(service.listFaqs()))),
    /** The body of GET /api/Glossary/GetAllFromGlossary: ['SUCCESS', entries]. */
    glossaryAnswer: () => (glossaryJson ??= Buffer.from(JSON.stringify(['SUCCESS', service.listGlossary()]))),
    /** Forget the cached rows, after anything writes to the content tables. */
    invalidate() {
      faqs = glossary = undefined;
      faqsJson = glossaryJson = undefined;
      for (const listener of listeners) listener();
    },
    /** Calls `listener` on every invalidate(). */
    onInvalidate(listener: () => void) {
      listeners.add(listener);
    },
  };
  return service;
}
export type ContentService = ReturnType<typeof createContentService>;
