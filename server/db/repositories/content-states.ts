// SQL for the draft, schedule and trash columns every editable item carries (decision 052), the
// same for each kind's table: a compare-and-set of those columns on the version the writer read,
// the trash's list and lookups, the drafts the scheduler finds due, and the trash's purge.
import { type Insertable, type Kysely, sql } from 'kysely';
import type { ContentKind } from '../../../common/content.ts';
import type { DB } from '../schema.ts';
import type { ItemState, Stamp } from './content.ts';

/** Each kind's table and the column a person knows it by. */
const TABLES = {
  faq: { table: 'faqs', title: 'question' },
  glossary: { table: 'glossary_entries', title: 'term' },
} as const;
// Both tables carry the same state columns; Kysely is told one of them so the queries type-check.
type StateTable = 'faqs';
const tableOf = (kind: ContentKind) => TABLES[kind].table as StateTable;

export type TrashedRow = {
  kind: ContentKind;
  id: number;
  title: string;
  version: number;
  deletedAt: string;
  deletedBy: string | null;
};

/** An editor's autosaved typing: the form's text values and the version they opened. */
export type Autosave = { version: number; fields: Record<string, string>; savedAt: string };

/** One editor's autosave of one item (FAQ, glossary entry or page document): replaced in place. */
export async function upsertAutosave(db: Kysely<DB>, values: Insertable<DB['content_autosaves']>): Promise<void> {
  await db
    .insertInto('content_autosaves')
    .values(values)
    .onConflict((conflict) =>
      conflict
        .columns(['kind', 'item_id', 'username'])
        .doUpdateSet({ version: values.version, fields_json: values.fields_json, saved_at: values.saved_at }),
    )
    .execute();
}

export function createContentStatesRepository(db: Kysely<DB>) {
  return {
    /** Sets state columns when the item is still at `version` (then it is at version + 1). */
    async setState(kind: ContentKind, id: number, version: number, state: ItemState, stamp: Stamp): Promise<boolean> {
      const result = await db
        .updateTable(tableOf(kind))
        .set({ ...state, version: version + 1, updated_at: stamp.at, updated_by: stamp.username })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** The items in the trash, most recently trashed first. */
    async listTrash(): Promise<TrashedRow[]> {
      const rows: TrashedRow[] = [];
      for (const kind of Object.keys(TABLES) as ContentKind[]) {
        const found = await db
          .selectFrom(tableOf(kind))
          .select([
            'id',
            'version',
            'deleted_at',
            'updated_by',
            sql<string>`${sql.ref(TABLES[kind].title)}`.as('title'),
          ])
          .where('deleted_at', 'is not', null)
          .execute();
        for (const row of found)
          rows.push({
            kind,
            id: row.id,
            title: row.title,
            version: row.version,
            deletedAt: row.deleted_at!,
            deletedBy: row.updated_by,
          });
      }
      return rows.sort((a, b) => b.deletedAt.localeCompare(a.deletedAt));
    },
    async findTrashed(kind: ContentKind, id: number): Promise<TrashedRow | null> {
      return (await this.listTrash()).find((row) => row.kind === kind && row.id === id) ?? null;
    },
    /** Drafts whose publish_at has come, with the version the scheduler will compare-and-set. */
    async dueDrafts(now: string): Promise<{ kind: ContentKind; id: number; version: number }[]> {
      const due: { kind: ContentKind; id: number; version: number }[] = [];
      for (const kind of Object.keys(TABLES) as ContentKind[]) {
        const found = await db
          .selectFrom(tableOf(kind))
          .select(['id', 'version'])
          .where('publish_at', 'is not', null)
          .where('publish_at', '<=', now)
          .where('deleted_at', 'is', null)
          .execute();
        due.push(...found.map((row) => ({ kind, ...row })));
      }
      return due;
    },
    /** Keeps what `username` is typing in the item (one row per editor and item). */
    async putAutosave(row: Autosave & { kind: ContentKind; itemId: number; username: string }): Promise<void> {
      const values = {
        kind: row.kind,
        item_id: String(row.itemId),
        username: row.username,
        version: row.version,
        fields_json: JSON.stringify(row.fields),
        saved_at: row.savedAt,
      };
      await upsertAutosave(db, values);
    },
    async findAutosave(kind: ContentKind, itemId: number, username: string): Promise<Autosave | null> {
      const row = await db
        .selectFrom('content_autosaves')
        .select(['version', 'fields_json', 'saved_at'])
        .where('kind', '=', kind)
        .where('item_id', '=', String(itemId))
        .where('username', '=', username)
        .executeTakeFirst();
      return row
        ? { version: row.version, fields: JSON.parse(row.fields_json) as Record<string, string>, savedAt: row.saved_at }
        : null;
    },
    async clearAutosave(kind: ContentKind, itemId: number, username: string): Promise<void> {
      await db
        .deleteFrom('content_autosaves')
        .where('kind', '=', kind)
        .where('item_id', '=', String(itemId))
        .where('username', '=', username)
        .execute();
    },
    /** Deletes what went to the trash before `cutoff` (its history stays); how many per kind. */
    /** Deletes what went to the trash before `cutoff`; with `dryRun`, only counts it. */
    async purgeTrash(cutoff: string, dryRun = false): Promise<Record<ContentKind, number>> {
      const counts = { faq: 0, glossary: 0 };
      for (const kind of Object.keys(TABLES) as ContentKind[]) {
        if (dryRun) {
          const row = await db
            .selectFrom(tableOf(kind))
            .select((eb) => eb.fn.countAll().as('n'))
            .where('deleted_at', '<', cutoff)
            .executeTakeFirst();
          counts[kind] = Number(row?.n ?? 0);
          continue;
        }
        const result = await db.deleteFrom(tableOf(kind)).where('deleted_at', '<', cutoff).executeTakeFirst();
        counts[kind] = Number(result.numDeletedRows);
      }
      if (dryRun) return counts;
      // Typing autosaved that long ago and never saved is not coming back either.
      await db.deleteFrom('content_autosaves').where('saved_at', '<', cutoff).execute();
      return counts;
    },
  };
}
export type ContentStatesRepository = ReturnType<typeof createContentStatesRepository>;
