// SQL for the edited page documents (issue 31, migration 019): the current document of each
// edited page with its version, every version kept, and the permanent redirects a slug change
// writes. A page without a row is still its file in content/ (server/services/page-registry.ts).
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../schema.ts';

export type StoredPage = {
  pageId: string;
  /** The published document; null while the page is still its file and only a draft is saved. */
  document: unknown;
  version: number;
  updatedAt: string;
  updatedBy: string;
  /** The pending document (decision 055), null when there is none. */
  draft: unknown;
  publishAt: string | null;
  draftAt: string | null;
  draftBy: string | null;
};
export type PageAction = 'save' | 'draft' | 'publish';
export type PageVersion = { version: number; savedAt: string; savedBy: string; document: unknown; action: PageAction };
/** What a change writes besides the version and its stamp (undefined leaves a column as it is). */
export type PageChange = {
  document?: unknown;
  draft?: unknown;
  publishAt?: string | null;
  draftAt?: string | null;
  draftBy?: string | null;
};

type Row = DB['page_documents'];
const json = (value: string | null): unknown => (value === null ? null : (JSON.parse(value) as unknown));
const stored = (row: Selectable<Row>): StoredPage => ({
  pageId: row.page_id,
  document: json(row.document),
  version: row.version,
  updatedAt: row.updated_at,
  updatedBy: row.updated_by,
  draft: json(row.draft_json),
  publishAt: row.publish_at,
  draftAt: row.draft_at,
  draftBy: row.draft_by,
});
/** The columns of a change (a null document or draft is stored as SQL null). */
const columns = (change: PageChange) => ({
  ...(change.document === undefined
    ? {}
    : { document: change.document === null ? null : JSON.stringify(change.document) }),
  ...(change.draft === undefined ? {} : { draft_json: change.draft === null ? null : JSON.stringify(change.draft) }),
  ...(change.publishAt === undefined ? {} : { publish_at: change.publishAt }),
  ...(change.draftAt === undefined ? {} : { draft_at: change.draftAt }),
  ...(change.draftBy === undefined ? {} : { draft_by: change.draftBy }),
});
export type Redirect = { from: string; to: string; createdAt: string; createdBy: string };

export function createPagesRepository(db: Kysely<DB>) {
  return {
    async listStored(): Promise<StoredPage[]> {
      const rows = await db.selectFrom('page_documents').selectAll().orderBy('page_id').execute();
      return rows.map(stored);
    },
    async find(pageId: string): Promise<StoredPage | null> {
      const row = await db.selectFrom('page_documents').selectAll().where('page_id', '=', pageId).executeTakeFirst();
      return row ? stored(row) : null;
    },
    /** The first change of a page: fails on the primary key if another editor's first change won. */
    async insert(pageId: string, change: PageChange, version: number, at: string, username: string) {
      await db
        .insertInto('page_documents')
        .values({ page_id: pageId, document: null, ...columns(change), version, updated_at: at, updated_by: username })
        .execute();
    },
    /** Writes the next version only if the stored one is still `opened`; false when it is not. */
    async update(pageId: string, opened: number, change: PageChange, at: string, username: string): Promise<boolean> {
      const result = await db
        .updateTable('page_documents')
        .set({ ...columns(change), version: opened + 1, updated_at: at, updated_by: username })
        .where('page_id', '=', pageId)
        .where('version', '=', opened)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** The pages whose draft is scheduled for `now` or before, with the version to publish on. */
    async dueDrafts(now: string): Promise<{ pageId: string; version: number }[]> {
      const rows = await db
        .selectFrom('page_documents')
        .select(['page_id', 'version'])
        .where('publish_at', 'is not', null)
        .where('publish_at', '<=', now)
        .where('draft_json', 'is not', null)
        .orderBy('publish_at')
        .execute();
      return rows.map((row) => ({ pageId: row.page_id, version: row.version }));
    },
    async addVersion(pageId: string, entry: PageVersion) {
      await db
        .insertInto('page_document_history')
        .values({
          page_id: pageId,
          version: entry.version,
          document: JSON.stringify(entry.document),
          saved_at: entry.savedAt,
          saved_by: entry.savedBy,
          action: entry.action,
        })
        .execute();
    },
    /** When each edited page's published copy last changed (a save, a publish, a restore; not a
     * draft, not the seed's version 1): the sitemap's lastmod. */
    async publishedTimes(): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('page_document_history')
        .select((eb) => ['page_id', eb.fn.max('saved_at').as('at')])
        .where('action', '!=', 'draft')
        .where('version', '>', 1)
        .groupBy('page_id')
        .execute();
      return new Map(rows.map((row) => [row.page_id, String(row.at)]));
    },
    /** Every version of a page, newest first. */
    async versions(pageId: string): Promise<PageVersion[]> {
      const rows = await db
        .selectFrom('page_document_history')
        .selectAll()
        .where('page_id', '=', pageId)
        .orderBy('version', 'desc')
        .execute();
      return rows.map((row) => ({
        version: row.version,
        savedAt: row.saved_at,
        savedBy: row.saved_by,
        document: JSON.parse(row.document) as unknown,
        action: row.action,
      }));
    },
    async listRedirects(): Promise<Redirect[]> {
      const rows = await db.selectFrom('redirects').selectAll().orderBy('from_path').execute();
      return rows.map((row) => ({
        from: row.from_path,
        to: row.to_path,
        createdAt: row.created_at,
        createdBy: row.created_by,
      }));
    },
    /**
     * `from` now answers a permanent redirect to `to`: earlier redirects to `from` follow it (no
     * chains), and a redirect from `to` goes (the path is a page again, e.g. a slug changed back).
     */
    async addRedirect(from: string, to: string, at: string, username: string) {
      await db.deleteFrom('redirects').where('from_path', 'in', [from, to]).execute();
      await db.updateTable('redirects').set({ to_path: to }).where('to_path', '=', from).execute();
      await db
        .insertInto('redirects')
        .values({ from_path: from, to_path: to, created_at: at, created_by: username })
        .execute();
      // A chain back to itself (a -> b, then b -> a) would loop: it goes.
      await db.deleteFrom('redirects').whereRef('from_path', '=', 'to_path').execute();
    },
    async removeRedirect(from: string): Promise<boolean> {
      const result = await db.deleteFrom('redirects').where('from_path', '=', from).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
export type PagesRepository = ReturnType<typeof createPagesRepository>;
