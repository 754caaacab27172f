// The FAQ and glossary rows the API and the pages read. They change rarely, so each instance
// reads them once, makes the API's JSON once, and keeps both until told they changed.
// invalidate() tells every instance on the database (PostgreSQL NOTIFY; on SQLite this process is
// the only one), and each forgets its copies and empties what was made from them (the rendered
// pages of server/plugins/page-cache.ts).
import type { FaqItem, GlossaryEntry } from '../../common/api.ts';
import type { Database } from '../db/driver.ts';
import type { ContentRepository } from '../db/repositories/content.ts';

/** The notification channel for content changes. */
export const CONTENT_CHANNEL = 'haulora_content';

export function createContentService(repo: ContentRepository, db?: Pick<Database, 'notify'>) {
  let faqs: Promise<FaqItem[]> | undefined;
  let glossary: Promise<GlossaryEntry[]> | undefined;
  // Kept as UTF-8 bytes: encoding a long string on every send costs more than the rest of the answer.
  let faqsJson: Promise<Buffer> | undefined;
  let glossaryJson: Promise<Buffer> | undefined;
  const listeners = new Set<() => void>();
  // A failed read is not kept: the next request tries the database again.
  const keep = <T>(promise: Promise<T>, forget: () => void) => {
    promise.catch(forget);
    return promise;
  };
  const service = {
    listFaqs: () => (faqs ??= keep(repo.listFaqs(), () => (faqs = undefined))),
    listGlossary: () => (glossary ??= keep(repo.listGlossary(), () => (glossary = undefined))),
    /** The body of GET /api/Faqs/GetAllFromFaqs. */
    faqsAnswer: () =>
      (faqsJson ??= keep(
        service.listFaqs().then((rows) => Buffer.from(JSON.stringify(rows))),
        () => (faqsJson = undefined),
      )),
    /** The body of GET /api/Glossary/GetAllFromGlossary: ['SUCCESS', entries]. */
    glossaryAnswer: () =>
      (glossaryJson ??= keep(
        service.listGlossary().then((rows) => Buffer.from(JSON.stringify(['SUCCESS', rows]))),
        () => (glossaryJson = undefined),
      )),
    /** Forget this instance's copies (and what was made from them). */
    forget() {
      faqs = glossary = undefined;
      faqsJson = glossaryJson = undefined;
      for (const listener of listeners) listener();
    },
    /** After anything wrote to the content tables: every instance forgets its copies. */
    async invalidate() {
      service.forget();
      await db?.notify(CONTENT_CHANNEL, 'changed');
    },
    /** Calls `listener` on every forget(), whichever instance made the change. */
    onInvalidate(listener: () => void) {
      listeners.add(listener);
    },
  };
  return service;
}
export type ContentService = ReturnType<typeof createContentService>;
