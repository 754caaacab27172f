// The FAQ and glossary rows the API and the pages read. They change only when content is
// seeded, so they are read from the database once and kept until invalidate() is called.
import type { FaqItem, GlossaryEntry } from '../../common/api.ts';
import type { ContentRepository } from '../db/repositories/content.ts';

export function createContentService(repo: ContentRepository) {
  let faqs: FaqItem[] | undefined;
  let glossary: GlossaryEntry[] | undefined;
  return {
    listFaqs: () => (faqs ??= repo.listFaqs()),
    listGlossary: () => (glossary ??= repo.listGlossary()),
    /** Forget the cached rows, after anything writes to the content tables. */
    invalidate() {
      faqs = undefined;
      glossary = undefined;
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
