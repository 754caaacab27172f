// The pages' copy as the site reads it (issue 31): each file of content/ with the edits the
// database holds laid over it, and the redirects slug changes wrote. Each instance reads them once
// and keeps them until a content change on any instance (ContentService.onInvalidate, reached by
// PostgreSQL NOTIFY) makes it forget: the page cache and the search index follow the same signal.
import type { Database } from '../db/driver.ts';
import { createPagesRepository } from '../db/repositories/pages.ts';
import { PAGES, type PageFile, pageEntry, partOf, seedOf, withPart } from './page-registry.ts';
import type { ContentService } from './site-content.ts';

export function createPageCopy(database: Pick<Database, 'kysely'>, content: Pick<ContentService, 'onInvalidate'>) {
  const repo = createPagesRepository(database.kysely);
  let stored: Promise<Map<string, unknown>> | undefined;
  let redirects: Promise<Map<string, string>> | undefined;
  let dates: Promise<Record<string, string>> | undefined;
  const files = new Map<PageFile, Promise<unknown>>();
  // A failed read is not kept: the next request tries the database again.
  const keep = <T>(promise: Promise<T>, forget: () => void) => {
    promise.catch(forget);
    return promise;
  };
  const storedDocuments = () =>
    (stored ??= keep(
      repo
        .listStored()
        // A draft never reaches the site: a page with only a draft is still its file.
        .then((rows) => new Map(rows.filter((row) => row.document !== null).map((row) => [row.pageId, row.document]))),
      () => (stored = undefined),
    ));
  const forget = () => {
    stored = redirects = dates = undefined;
    files.clear();
  };
  content.onInvalidate(forget);

  async function site<T>(configured: T): Promise<T> {
    return ((await storedDocuments()).get('site') as T | undefined) ?? configured;
  }

  /** A file's document with its edited pages laid over the seed. */
  async function compose(file: PageFile): Promise<unknown> {
    const edits = await storedDocuments();
    let document = seedOf(file);
    for (const page of PAGES) {
      if (page.file === file && edits.has(page.id)) document = withPart(document, page.pointer, edits.get(page.id));
    }
    return document;
  }

  const copy = {
    /** The whole file as the site shows it now. */
    file(file: PageFile): Promise<unknown> {
      let document = files.get(file);
      if (!document) {
        document = keep(compose(file), () => files.delete(file));
        files.set(file, document);
      }
      return document;
    },
    /** The edited document of a page, or null while it is still its file's. */
    async edited(id: string): Promise<unknown> {
      if (!pageEntry(id)) return null;
      return (await storedDocuments()).get(id) ?? null;
    },
    /** The site settings as every page shows them: the Content area's, once edited, else the
     * configured ones (content/site.yaml with its environment overrides). */
    site,
    /** When each public path's copy was last published in the Content area (ISO), for the
     * sitemap's lastmod: a page's paths, and a story's or integration's own page under its list. */
    pathDates(): Promise<Record<string, string>> {
      dates ??= keep(
        (async () => {
          const times = await repo.publishedTimes();
          const byPath: Record<string, string> = {};
          const stamp = (path: string, at: string) => {
            if (!byPath[path] || byPath[path] < at) byPath[path] = at;
          };
          for (const entry of PAGES) {
            const at = times.get(entry.id);
            if (!at) continue;
            for (const path of entry.paths) stamp(path, at);
            if (!entry.slugs) continue;
            const items = partOf(await compose(entry.file), [entry.slugs.list]);
            for (const item of Array.isArray(items) ? items : [])
              stamp(`${entry.slugs.prefix}${(item as { slug: string }).slug}`, at);
          }
          return byPath;
        })(),
        () => (dates = undefined),
      );
      return dates;
    },
    /** Where a path moved to (a permanent redirect), or null. */
    async redirectFor(path: string): Promise<string | null> {
      redirects ??= keep(
        repo.listRedirects().then((rows) => new Map(rows.map((row) => [row.from, row.to]))),
        () => (redirects = undefined),
      );
      return (await redirects).get(path) ?? null;
    },
    forget,
    /** The copy as it would be with page `id`'s document replaced by `draft` (a preview link):
     * composed afresh, never kept. */
    withDraft(id: string, draft: unknown) {
      const entry = pageEntry(id);
      return {
        async file(file: PageFile): Promise<unknown> {
          const document = await compose(file);
          return entry && entry.file === file ? withPart(document, entry.pointer, draft) : document;
        },
        pathDates: () => copy.pathDates(),
        /** The site settings the preview shows: the draft's when the page previewed is them. */
        site: <T>(configured: T): Promise<T> => (id === 'site' ? Promise.resolve(draft as T) : site(configured)),
      };
    },
  };
  return copy;
}
export type PageCopy = ReturnType<typeof createPageCopy>;
