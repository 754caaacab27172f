// The inbox's reads: one page of a filtered, sorted list (with each row's unread flag), a row's
// neighbours in that list, every matching row for an export, the counts per status and unread,
// one row, its image and its log of events. The changes are in inbox-changes.ts.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { InboxEvent, InboxKind, InboxStatus } from '../../../common/inbox.ts';
import type { DB } from '../schema.ts';
import {
  DEFAULT_ORDER,
  type KnownEngine,
  type ListFilter,
  type ListOrder,
  orderBy,
  sortExpression,
  whereFor,
} from './inbox-filters.ts';
import {
  columnsOf,
  INBOX_TABLES,
  type KindCounts,
  type Row,
  rowReader,
  type StoredSubmission,
  tableOf,
  toSubmission,
} from './inbox-tables.ts';

export function createInboxQueries(db: Kysely<DB>, engine: KnownEngine) {
  const rowsOf = rowReader(db);

  /** The unread flag as a column, for one reader (no reader: 0). */
  function unreadColumn(kind: InboxKind, reader: string | null): RawBuilder<unknown> {
    if (reader === null) return sql`0 AS unread`;
    return sql`CASE WHEN EXISTS (SELECT 1 FROM submission_reads r WHERE r.username = ${reader} AND r.kind = ${kind}
      AND r.submission_id = ${sql.ref(`${INBOX_TABLES[kind].table}.id`)}) THEN 0 ELSE 1 END AS unread`;
  }

  return {
    /** One page in the given order (newest first by default), each row's unread flag for
     * `reader`, and how many rows match in all. */
    async list(
      kind: InboxKind,
      filter: ListFilter,
      page: number,
      pageSize: number,
      order: ListOrder = DEFAULT_ORDER,
      reader: string | null = null,
    ): Promise<{ rows: StoredSubmission[]; total: number }> {
      const spec = INBOX_TABLES[kind];
      // The count and the page are two queries: the count reads only what the indexes give it,
      // and the page stops after `pageSize` rows in index order. (One query with count(*) OVER ()
      // must fetch and sort every matching row before the page, which made a broad search slow.)
      const [counted] = await rowsOf(
        sql<Row>`SELECT count(*) AS n FROM ${tableOf(kind)} WHERE ${whereFor(spec, filter, engine)}`,
      );
      const total = Number(counted?.n ?? 0);
      const offset = (page - 1) * pageSize;
      if (offset >= total) return { rows: [], total };
      // Matches many times more than the page needs: walking the sort order meets the page soon.
      const where = whereFor(spec, filter, engine, { walkSortOrder: total >= 40 * (offset + pageSize) });
      const rows = await rowsOf(
        sql<Row>`SELECT ${columnsOf(kind)}, ${unreadColumn(kind, reader)} FROM ${tableOf(kind)} WHERE ${where}
          ${orderBy(order)} LIMIT ${pageSize} OFFSET ${offset}`,
      );
      return { rows: rows.map((row) => toSubmission(kind, row)), total };
    },

    /** The ids just before and just after `id` in a filtered, sorted list (null at either end;
     * both null when the row itself is not in the list). */
    async neighbours(
      kind: InboxKind,
      id: number,
      filter: ListFilter,
      order: ListOrder = DEFAULT_ORDER,
    ): Promise<{ previous: number | null; next: number | null }> {
      const expression = sortExpression(order);
      const where = whereFor(INBOX_TABLES[kind], filter, engine);
      const [key] = await rowsOf(
        sql<Row>`SELECT ${expression} AS k FROM ${tableOf(kind)} WHERE ${where} AND id = ${id}`,
      );
      if (!key) return { previous: null, next: null };
      const k = key.k;
      // In a descending list the next row has a smaller key; in an ascending one, a larger.
      const step = async (forward: boolean) => {
        const smaller = forward === (order.dir === 'desc');
        const [cmp, dir] = smaller ? [sql.raw('<'), sql.raw('DESC')] : [sql.raw('>'), sql.raw('ASC')];
        const [row] = await rowsOf(
          sql<Row>`SELECT id FROM ${tableOf(kind)} WHERE ${where} AND (${expression} ${cmp} ${k} OR (${expression} = ${k} AND id ${cmp} ${id}))
            ORDER BY ${expression} ${dir}, id ${dir} LIMIT 1`,
        );
        return row ? Number(row.id) : null;
      };
      return { previous: await step(false), next: await step(true) };
    },

    /** Every matching row, newest first, read in chunks so a large export never sits in memory. */
    async *iterate(kind: InboxKind, filter: ListFilter, chunkSize = 500): AsyncGenerator<StoredSubmission> {
      const where = whereFor(INBOX_TABLES[kind], filter, engine);
      // The keyset below walks newest first by (created_at, id); an export keeps that order.
      let after = sql`1 = 1`;
      for (;;) {
        const rows = await rowsOf(
          sql<Row>`SELECT ${columnsOf(kind)} FROM ${tableOf(kind)} WHERE ${where} AND ${after}
            ORDER BY created_at DESC, id DESC LIMIT ${chunkSize}`,
        );
        for (const row of rows) yield toSubmission(kind, row);
        if (rows.length < chunkSize) return;
        const last = rows[rows.length - 1]!;
        const [at, id] = [String(last.created_at), Number(last.id)];
        after = sql`(created_at < ${at} OR (created_at = ${at} AND id < ${id}))`;
      }
    },

    /** Rows per status of each kind asked for, and how many rows that are not spam `reader` has
     * not opened (0 for no reader): one statement, one grouped count per table, and one of the
     * reader's reads (found by their key) per table, so unread = not spam less read. */
    async counts(kinds: readonly InboxKind[], reader: string | null): Promise<Partial<Record<InboxKind, KindCounts>>> {
      const parts = kinds.flatMap((kind) => {
        const name = sql`CAST(${kind} AS TEXT)`;
        return [
          sql`SELECT ${name} AS kind, status, count(*) AS n, 0 AS seen FROM ${tableOf(kind)} GROUP BY status`,
          ...(reader === null
            ? []
            : [
                sql`SELECT ${name} AS kind, t.status, 0 AS n, count(*) AS seen FROM submission_reads r JOIN ${tableOf(kind)} t ON t.id = r.submission_id
                  WHERE r.username = ${reader} AND r.kind = ${kind} GROUP BY t.status`,
              ]),
        ];
      });
      const result: Partial<Record<InboxKind, KindCounts>> = {};
      for (const kind of kinds) result[kind] = { byStatus: {}, unread: 0 };
      if (!parts.length) return result;
      for (const row of await rowsOf(sql<Row>`${sql.join(parts, sql` UNION ALL `)}`)) {
        const entry = result[row.kind as InboxKind]!;
        const status = row.status as InboxStatus;
        const [n, seen] = [Number(row.n), Number(row.seen)];
        entry.byStatus[status] = (entry.byStatus[status] ?? 0) + n;
        if (reader !== null && status !== 'spam') entry.unread += n - seen;
      }
      return result;
    },

    async find(kind: InboxKind, id: number): Promise<StoredSubmission | null> {
      const [row] = await rowsOf(sql<Row>`SELECT ${columnsOf(kind)} FROM ${tableOf(kind)} WHERE id = ${id}`);
      return row ? toSubmission(kind, row) : null;
    },

    /** The stored image bytes and their detected type, for kinds that carry one. */
    async findImage(kind: InboxKind, id: number): Promise<{ bytes: Uint8Array; type: string } | null> {
      if (!INBOX_TABLES[kind].image) return null;
      const [row] = await rowsOf(sql<Row>`SELECT img, img_type FROM ${tableOf(kind)} WHERE id = ${id}`);
      return row ? { bytes: row.img as unknown as Uint8Array, type: String(row.img_type) } : null;
    },

    events: (kind: InboxKind, id: number): Promise<InboxEvent[]> =>
      db
        .selectFrom('submission_events')
        .select([
          'id',
          'action',
          'username',
          'from_status',
          'to_status',
          'note',
          'from_owner',
          'to_owner',
          'created_at',
        ])
        .where('kind', '=', kind)
        .where('submission_id', '=', id)
        .orderBy('id')
        .execute() as Promise<InboxEvent[]>,
  };
}
