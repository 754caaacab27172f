// SQL for what an editor is typing in a page's document, autosaved (issue 31, migration 022): the
// FAQ's and glossary's content_autosaves table, kind 'page', the page id as the item, one row per
// editor and page. The row holds the typed document as JSON (not yet checked by its schema).
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { upsertAutosave } from './content-states.ts';

export type PageAutosave = { version: number; document: unknown; savedAt: string };

const KIND = 'page' as const;

export function createPageAutosavesRepository(db: Kysely<DB>) {
  return {
    async put(pageId: string, username: string, row: PageAutosave): Promise<void> {
      const values = {
        kind: KIND,
        item_id: pageId,
        username,
        version: row.version,
        fields_json: JSON.stringify(row.document),
        saved_at: row.savedAt,
      };
      await upsertAutosave(db, values);
    },
    async find(pageId: string, username: string): Promise<PageAutosave | null> {
      const row = await db
        .selectFrom('content_autosaves')
        .select(['version', 'fields_json', 'saved_at'])
        .where('kind', '=', KIND)
        .where('item_id', '=', pageId)
        .where('username', '=', username)
        .executeTakeFirst();
      return row
        ? { version: row.version, document: JSON.parse(row.fields_json) as unknown, savedAt: row.saved_at }
        : null;
    },
    async clear(pageId: string, username: string): Promise<boolean> {
      const result = await db
        .deleteFrom('content_autosaves')
        .where('kind', '=', KIND)
        .where('item_id', '=', pageId)
        .where('username', '=', username)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** Every autosaved page document (the image purge keeps what they name). */
    async documents(): Promise<string[]> {
      const rows = await db.selectFrom('content_autosaves').select('fields_json').where('kind', '=', KIND).execute();
      return rows.map((row) => row.fields_json);
    },
  };
}
export type PageAutosavesRepository = ReturnType<typeof createPageAutosavesRepository>;
