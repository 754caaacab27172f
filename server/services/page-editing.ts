// Staff editing of every page's copy (issue 31): read and save a page's whole structured
// document, checked by its file's schema (page-registry.ts), with a version per page (a save
// naming an older one is refused with who saved it and when), every version kept and restorable,
// and a permanent redirect written when a story's or integration's slug changes. Each change is
// one transaction; after it every instance forgets its copies, cached pages and search index
// (ContentService.invalidate()), as the FAQ's edits do.
import { CONTENT_MESSAGES } from '../../common/content.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { Database } from '../db/driver.ts';
import type { Publishing } from '../../common/content.ts';
import {
  createPagesRepository,
  type PageChange,
  type PagesRepository,
  type PageVersion,
  type Redirect,
  type StoredPage,
} from '../db/repositories/pages.ts';
import { abort, ok, refusal, type Result, resultOf } from '../refusal.ts';
import { SCHEDULER, scheduleOf } from './content-drafts.ts';
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
import { createPageAutosaves } from './page-autosaves.ts';
import { unstoredImages } from './page-images.ts';
import { createPagePreviewLinks, LIVE_PREVIEW_TTL_SECONDS } from './page-preview.ts';
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
  /** Whether a draft waits to be published (decision 055), and when the scheduler publishes it. */
  hasDraft: boolean;
  publishAt: string | null;
};
/** `document` is what the site shows; `draft` the pending document (null when there is none). */
export type PageDocument = PageSummary & {
  document: unknown;
  draft: unknown;
  draftAt: string | null;
  draftBy: string | null;
};
/** How a save is stored: live (the default, as before drafts), or as the page's draft. */
export type PagePublishing = Publishing;

/** Who stands for the file in content/ in a page's history. */
export const SEED_AUTHOR = 'content/ (the file)';

const summary = (entry: PageEntry, row: StoredPage | null): PageSummary => ({
  id: entry.id,
  title: entry.title,
  group: entry.group,
  schema: PAGE_FILES[entry.file].schemaName,
  paths: entry.paths,
  version: row?.version ?? 1,
  updatedAt: row?.updatedAt ?? null,
  updatedBy: row?.updatedBy ?? null,
  hasDraft: row?.draft != null,
  publishAt: row?.publishAt ?? null,
});

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

/** A live save, a draft save (with its schedule), or publishing the saved draft. */
type Step = { action: 'save' } | { action: 'draft'; publishAt: string | null | undefined } | { action: 'publish' };

/** What a page preview link shows: the page's first public path rendered with `draft` over its copy. */
export type PagePreview = {
  pageId: string;
  path: string;
  title: string;
  draft: unknown;
  expiresAt: string;
  /** The editor's live pane (decision 059): framed by the editor page, showing their typing. */
  live?: true;
};

export function createPageEditing(deps: {
  database: Database;
  content: ContentService;
  /** Signs the preview links (TOKEN_SECRET; a key of their own is derived from it). */
  previewSecret: string;
  now?: () => Date;
}) {
  const { database, content } = deps;
  const now = deps.now ?? (() => new Date());
  const previewLinks = createPagePreviewLinks(deps.previewSecret, () => now().getTime());
  const reader = () => createPagesRepository(database.kysely);
  const autosaves = createPageAutosaves({ database, now });

  /** The page's file with every published edit of that file laid over its seed. */
  async function fileNow(repo: PagesRepository, entry: PageEntry): Promise<unknown> {
    let file = seedOf(entry.file);
    for (const page of PAGES.filter((candidate) => candidate.file === entry.file)) {
      const stored = await repo.find(page.id);
      if (stored?.document != null) file = withPart(file, page.pointer, stored.document);
    }
    return file;
  }
  const published = (entry: PageEntry, stored: StoredPage | null) =>
    stored?.document ?? partOf(seedOf(entry.file), entry.pointer);

  async function read(id: string): Promise<PageDocument | null> {
    const entry = pageEntry(id);
    if (!entry) return null;
    const stored = await reader().find(id);
    return {
      ...summary(entry, stored),
      document: published(entry, stored),
      draft: stored?.draft ?? null,
      draftAt: stored?.draftAt ?? null,
      draftBy: stored?.draftBy ?? null,
    };
  }

  /** Writes the step as the next version after `opened`, in one transaction. */
  async function write(id: string, opened: number, given: unknown, username: string, step: Step) {
    const entry = pageEntry(id);
    if (!entry) return refusal('not-found', MESSAGES.notFound);
    // Every image named must be stored (decision 059): the form offers nothing else; the API checks.
    const unstored = given == null ? {} : await unstoredImages(database.kysely, given);
    const [first] = Object.entries(unstored);
    if (first) return refusal('invalid', `${first[0]}: ${first[1]}`, unstored);
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
          const document = step.action === 'publish' ? stored?.draft : given;
          if (document == null) abort('conflict', CONTENT_MESSAGES.nothingToPublish);
          // Checked against the file as published now (another part may have changed since the draft).
          const checked = checkDocument(entry, await fileNow(repo, entry), document);
          const problems: DocumentProblem[] = checked.ok
            ? entry.slugs
              ? duplicateSlugs(document, entry.slugs)
              : []
            : checked.problems;
          // Nothing is written yet: the problems go back as the answer, one per field path.
          if (!checked.ok || problems.length > 0) return { problems };
          const before = published(entry, stored);
          // A live save or publishing replaces any waiting draft and its schedule (decision 052).
          const change: PageChange =
            step.action === 'draft'
              ? {
                  draft: checked.document,
                  draftAt: at,
                  draftBy: username,
                  ...(step.publishAt === undefined ? {} : { publishAt: step.publishAt }),
                }
              : { document: checked.document, draft: null, publishAt: null, draftAt: null, draftBy: null };
          if (stored) {
            if (!(await repo.update(id, opened, change, at, username)))
              abort('conflict', CONTENT_MESSAGES.changedSince(username, at));
          } else {
            // The seed is version 1 of the history, so it can be restored like any other.
            await repo.addVersion(id, {
              version: 1,
              savedAt: at,
              savedBy: SEED_AUTHOR,
              document: before,
              action: 'save',
            });
            await repo.insert(id, change, 2, at, username);
          }
          await repo.addVersion(id, {
            version: opened + 1,
            savedAt: at,
            savedBy: username,
            document: checked.document,
            action: step.action,
          });
          if (step.action !== 'draft')
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
    // A draft changes nothing the site shows, but every instance's editor lists follow the version.
    await content.invalidate();
    // A save of this editor's makes their autosaved typing history (the scheduler has none).
    if (username !== SCHEDULER) await autosaves.clearAutosave(id, username);
    return ok((await read(id))!);
  }

  /** A save's step: live, or the draft with its schedule (400 for a schedule on a live save or in the past). */
  const stepOf = (publishing: Publishing): Promise<Result<Step>> =>
    resultOf(async (): Promise<Step> => {
      const publishAt = scheduleOf(publishing, now().toISOString());
      return publishing.status === 'draft' ? { action: 'draft', publishAt } : { action: 'save' };
    });

  return {
    async list(): Promise<PageSummary[]> {
      const stored = new Map((await reader().listStored()).map((row) => [row.pageId, row]));
      return PAGES.map((entry) => summary(entry, stored.get(entry.id) ?? null));
    },
    read,
    ...autosaves,
    async save(
      id: string,
      opened: number,
      document: unknown,
      username: string,
      publishing: Publishing = { status: 'published' },
    ): Promise<Result<PageDocument>> {
      const step = await stepOf(publishing);
      return step.ok ? write(id, opened, document, username, step.value) : step;
    },
    /** Publishes the saved draft (409 when there is none, or someone changed the page since `opened`). */
    publish: (id: string, opened: number, username: string): Promise<Result<PageDocument>> =>
      write(id, opened, null, username, { action: 'publish' }),
    /** Publishes every draft whose time has come, each once across instances (the compare-and-set
     * on the version read): the scheduler plugin's tick. A draft that cannot publish stays scheduled. */
    async publishDue(): Promise<number> {
      let count = 0;
      for (const due of await reader().dueDrafts(now().toISOString())) {
        const result = await write(due.pageId, due.version, null, SCHEDULER, { action: 'publish' });
        if (result.ok) count += 1;
      }
      return count;
    },
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
      return write(id, opened, earlier.document, username, { action: 'save' });
    },
    /** A signed link (path) that shows the page with its draft (else as published), for an hour. */
    async previewLink(id: string): Promise<Result<{ path: string; expiresAt: string }>> {
      if (!pageEntry(id)) return refusal('not-found', MESSAGES.notFound);
      const { token, expiresAt } = previewLinks.sign(id);
      return ok({ path: `/preview/${token}`, expiresAt: expiresAt.toISOString() });
    },
    /** The editor's live pane link (decision 059): the page with `username`'s autosaved typing. */
    livePreviewLink(id: string, username: string): string | null {
      if (!pageEntry(id)) return null;
      return `/preview/${previewLinks.sign(id, LIVE_PREVIEW_TTL_SECONDS, username).token}`;
    },
    /** What a preview link shows: the page's saved draft as it is now (not frozen when the link was
     * made), or 404 (tampered), 410 (expired); null for a link that is not a page's. A live pane's
     * link shows its editor's autosaved typing when the schema takes it (else the draft). */
    async preview(token: string): Promise<PagePreview | 404 | 410 | null> {
      const check = previewLinks.verify(token);
      if (!check.ok) return check.reason === 'not-a-page-link' ? null : check.reason === 'expired' ? 410 : 404;
      const page = (await read(check.pageId))!;
      const entry = pageEntry(check.pageId)!;
      const shown = {
        pageId: page.id,
        path: entry.paths[0]!,
        title: page.title,
        draft: page.draft ?? page.document,
        expiresAt: check.expiresAt.toISOString(),
      };
      if (check.typist === undefined) return shown;
      const typed = await autosaves.findAutosave(page.id, check.typist);
      const checked = typed ? checkDocument(entry, await fileNow(reader(), entry), typed.document) : null;
      return { ...shown, live: true, ...(checked?.ok ? { draft: checked.document } : {}) };
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
