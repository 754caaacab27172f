// SQL for the edited page documents (issue 31, migration 019): the current document of each
// edited page with its version, every version kept, and the permanent redirects a slug change
// writes. A page without a row is still its file in content/ (server/services/page-registry.ts).
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export type StoredPage = { pageId: string; document: unknown; version: number; updatedAt: string; updatedBy: string };
export type PageVersion = { version: number; savedAt: string; savedBy: string; document: unknown };
export type Redirect = { from: string; to: string; createdAt: string; createdBy: string };

export function createPagesRepository(db: Kysely<DB>) {
  return {
    async listStored(): Promise<StoredPage[]> {
      const rows = await db.selectFrom('page_documents').selectAll().orderBy('page_id').execute();
      return rows.map((row) => ({
        pageId: row.page_id,
        document: JSON.parse(row.document) as unknown,
        version: row.version,
        updatedAt: row.updated_at,
        updatedBy: row.updated_by,
      }));
    },
    async find(pageId: string): Promise<StoredPage | null> {
      const row = await db.selectFrom('page_documents').selectAll().where('page_id', '=', pageId).executeTakeFirst();
      return row
        ? {
            pageId: row.page_id,
            document: JSON.parse(row.document) as unknown,
            version: row.version,
            updatedAt: row.updated_at,
            updatedBy: row.updated_by,
          }
        : null;
    },
    /** The first edit of a page: fails on the primary key if another editor's first edit won. */
    async insert(pageId: string, document: unknown, version: number, at: string, username: string) {
      await db
        .insertInto('page_documents')
        .values({ page_id: pageId, document: JSON.stringify(document), version, updated_at: at, updated_by: username })
        .execute();
    },
    /** Writes the next version only if the stored one is still `opened`; false when it is not. */
    async update(pageId: string, opened: number, document: unknown, at: string, username: string): Promise<boolean> {
      const result = await db
        .updateTable('page_documents')
        .set({ document: JSON.stringify(document), version: opened + 1, updated_at: at, updated_by: username })
        .where('page_id', '=', pageId)
        .where('version', '=', opened)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
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
        })
        .execute();
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
