// SQL for the history of a list's order (issue 31, migration 021): one row per change, newest
// version last; (kind, version) is unique, so two editors writing the same next version cannot
// both succeed.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export type OrderKind = 'faq';
export type OrderChangeRow = {
  id: number;
  version: number;
  action: 'reorder' | 'undo';
  username: string;
  at: string;
  before: number[];
  after: number[];
  moved: { id: number; label: string; from: number; to: number } | null;
  /** The version an undo took back. */
  undoes: number | null;
};
export type NewOrderChange = Omit<OrderChangeRow, 'id'> & { kind: OrderKind };

export function createContentOrdersRepository(db: Kysely<DB>) {
  const select = (kind: OrderKind) =>
    db.selectFrom('content_order_history').selectAll().where('kind', '=', kind).orderBy('version', 'desc');
  type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const toChange = (row: Row): OrderChangeRow => ({
    id: row.id,
    version: row.version,
    action: row.action,
    username: row.username,
    at: row.created_at,
    before: JSON.parse(row.before_json) as number[],
    after: JSON.parse(row.after_json) as number[],
    moved:
      row.moved_id === null
        ? null
        : { id: row.moved_id, label: row.moved_label ?? '', from: row.moved_from ?? 0, to: row.moved_to ?? 0 },
    undoes: row.undoes,
  });
  return {
    /** The newest change, or null while the order was never changed. */
    async latest(kind: OrderKind): Promise<OrderChangeRow | null> {
      const row = await select(kind).limit(1).executeTakeFirst();
      return row ? toChange(row) : null;
    },
    /** The newest `limit` changes, newest first. */
    list: async (kind: OrderKind, limit = 50): Promise<OrderChangeRow[]> =>
      (await select(kind).limit(limit).execute()).map(toChange),
    /** Every change, newest first (to find what an undo takes back). */
    all: async (kind: OrderKind): Promise<OrderChangeRow[]> => (await select(kind).execute()).map(toChange),
    async insert(change: NewOrderChange): Promise<void> {
      await db
        .insertInto('content_order_history')
        .values({
          kind: change.kind,
          version: change.version,
          action: change.action,
          username: change.username,
          created_at: change.at,
          before_json: JSON.stringify(change.before),
          after_json: JSON.stringify(change.after),
          moved_id: change.moved?.id ?? null,
          moved_label: change.moved?.label ?? null,
          moved_from: change.moved?.from ?? null,
          moved_to: change.moved?.to ?? null,
          undoes: change.undoes,
        })
        .execute();
    },
  };
}
