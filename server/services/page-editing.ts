// Staff editing of every page's copy (issue 31): read and save a page's whole structured
// document, checked by its file's schema (page-registry.ts), with a version per page (a save
// naming an older one is refused with who saved it and when), every version kept and restorable,
// and a permanent redirect written when a story's or integration's slug changes. Each change is
// one transaction; after it every instance forgets its copies, cached pages and search index
// (ContentService.invalidate()), as the FAQ's edits do.
import { CONTENT_MESSAGES } from '../../common/content.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { Database } from '../db/driver.ts';
import {
  createPagesRepository,
  type PagesRepository,
  type PageVersion,
  type Redirect,
} from '../db/repositories/pages.ts';
import { abort, ok, refusal, type Result, resultOf } from '../refusal.ts';
import {
  checkDocument,
  type DocumentProblem,
  PAGE_FILES,
  PAGES,
  type PageEntry,
  pageEntry,
  partOf,
  seedOf,
  withPart,
} from './page-registry.ts';
import { duplicateSlugs, renamedPaths } from './page-slugs.ts';
import type { ContentService } from './site-content.ts';

export type PageSummary = {
  id: string;
  title: string;
  group: PageEntry['group'];
  /** The schema the document is checked with. */
  schema: string;
  paths: string[];
  version: number;
  /** Null while the page is still its file in content/. */
  updatedAt: string | null;
  updatedBy: string | null;
};
export type PageDocument = PageSummary & { document: unknown };

/** Who stands for the file in content/ in a page's history. */
export const SEED_AUTHOR = 'content/ (the file)';

const summary = (entry: PageEntry, row: { version: number; updatedAt: string; updatedBy: string } | null) => ({
  id: entry.id,
  title: entry.title,
  group: entry.group,
  schema: PAGE_FILES[entry.file].schemaName,
  paths: entry.paths,
  version: row?.version ?? 1,
  updatedAt: row?.updatedAt ?? null,
  updatedBy: row?.updatedBy ?? null,
});

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

export function createPageEditing(deps: { database: Database; content: ContentService; now?: () => Date }) {
  const { database, content } = deps;
  const now = deps.now ?? (() => new Date());
  const reader = () => createPagesRepository(database.kysely);

  /** The page's file with every edited page of that file laid over its seed. */
  async function fileNow(repo: PagesRepository, entry: PageEntry): Promise<unknown> {
    let file = seedOf(entry.file);
    for (const page of PAGES.filter((candidate) => candidate.file === entry.file)) {
      const stored = await repo.find(page.id);
      if (stored) file = withPart(file, page.pointer, stored.document);
    }
    return file;
  }

  async function read(id: string): Promise<PageDocument | null> {
    const entry = pageEntry(id);
    if (!entry) return null;
    const repo = reader();
    const stored = await repo.find(id);
    const document = stored?.document ?? partOf(seedOf(entry.file), entry.pointer);
    return { ...summary(entry, stored), document };
  }

  /** Writes `document` as the next version after `opened`, in one transaction. */
  async function write(id: string, opened: number, document: unknown, username: string) {
    const entry = pageEntry(id);
    if (!entry) return refusal('not-found', MESSAGES.notFound);
    const at = now().toISOString();
    const result = await resultOf(async () => {
      try {
        return await database.transaction(async (trx) => {
          const repo = createPagesRepository(trx);
          const stored = await repo.find(id);
          const current = stored?.version ?? 1;
          if (opened !== current)
            abort(
              'conflict',
              CONTENT_MESSAGES.changedSince(stored?.updatedBy ?? SEED_AUTHOR, stored?.updatedAt ?? 'the start'),
            );
          const checked = checkDocument(entry, await fileNow(repo, entry), document);
          const problems: DocumentProblem[] = checked.ok
            ? entry.slugs
              ? duplicateSlugs(document, entry.slugs)
              : []
            : checked.problems;
          // Nothing is written yet: the problems go back as the answer, one per field path.
          if (!checked.ok || problems.length > 0) return { problems };
          const before = stored?.document ?? partOf(seedOf(entry.file), entry.pointer);
          if (stored) {
            if (!(await repo.update(id, opened, checked.document, at, username)))
              abort('conflict', CONTENT_MESSAGES.changedSince(username, at));
          } else {
            // The seed is version 1 of the history, so it can be restored like any other.
            await repo.addVersion(id, { version: 1, savedAt: at, savedBy: SEED_AUTHOR, document: before });
            await repo.insert(id, checked.document, 2, at, username);
          }
          await repo.addVersion(id, {
            version: opened + 1,
            savedAt: at,
            savedBy: username,
            document: checked.document,
          });
          for (const rename of entry.slugs ? renamedPaths(before, checked.document, entry.slugs) : [])
            await repo.addRedirect(rename.from, rename.to, at, username);
          return { problems: [] };
        });
      } catch (error) {
        // Another editor's first save of the page won the race.
        if (isUniqueViolation(error)) abort('conflict', CONTENT_MESSAGES.changedSince('another editor', at));
        throw error;
      }
    });
    if (!result.ok) return result;
    const { problems } = result.value;
    if (problems.length > 0) {
      const fields = Object.fromEntries(problems.map((problem) => [problem.path, problem.message]));
      return refusal('invalid', `${problems[0]!.path}: ${problems[0]!.message}`, fields);
    }
    await content.invalidate();
    return ok((await read(id))!);
  }

  return {
    async list(): Promise<PageSummary[]> {
      const stored = new Map((await reader().listStored()).map((row) => [row.pageId, row]));
      return PAGES.map((entry) => summary(entry, stored.get(entry.id) ?? null));
    },
    read,
    save: (id: string, opened: number, document: unknown, username: string): Promise<Result<PageDocument>> =>
      write(id, opened, document, username),
    /** Every saved version, newest first (empty while the page is still its file). */
    async versions(id: string): Promise<PageVersion[] | null> {
      if (!pageEntry(id)) return null;
      return await reader().versions(id);
    },
    /** Saves an earlier version's document as the next version (checked again: the schema may have changed). */
    async restore(id: string, opened: number, version: number, username: string): Promise<Result<PageDocument>> {
      if (!pageEntry(id)) return refusal('not-found', MESSAGES.notFound);
      const earlier = (await reader().versions(id)).find((entry) => entry.version === version);
      if (!earlier) return refusal('not-found', CONTENT_MESSAGES.noSuchVersion);
      return write(id, opened, earlier.document, username);
    },
    redirects: (): Promise<Redirect[]> => reader().listRedirects(),
    async removeRedirect(from: string): Promise<Result<true>> {
      if (!(await reader().removeRedirect(from))) return refusal('not-found', MESSAGES.notFound);
      await content.invalidate();
      return ok(true);
    },
  };
}
export type PageEditing = ReturnType<typeof createPageEditing>;
