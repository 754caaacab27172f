// SQL for the staff inbox: the four submission tables read through one map (which table, which
// columns in the form's order, which are searched; from the kinds' descriptions), their statuses,
// and the submission_events log of status changes and notes. Column names only ever come from it.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { INBOX_KINDS, type InboxEvent, type InboxKind, type InboxStatus } from '../../../common/inbox.ts';
import { SUBMISSION_KINDS } from '../../submission-kinds/index.ts';
import type { DB } from '../schema.ts';
import { ATTRIBUTION_COLUMNS, rowAttribution } from './inbox-attribution.ts';
import {
  DEFAULT_ORDER,
  type KnownEngine,
  type ListFilter,
  type ListOrder,
  orderBy,
  SORT_EXPRESSIONS,
  whereFor,
} from './inbox-filters.ts';

export { ftsPhrase, type KnownEngine, likePattern, type ListFilter, type ListOrder } from './inbox-filters.ts';

/** What the SQL needs of a kind (its description in server/submission-kinds/ says it): the table,
 * the field columns in the form's order, which of them the search looks in, whether rows carry an
 * image and consent. No labels: what people read is the description's. */
export type InboxTable = {
  table: string;
  columns: readonly string[];
  searchable: readonly string[];
  image: boolean;
  consent: boolean;
};

const tableOfKind = (kind: InboxKind): InboxTable => {
  const { table, fields, image, consent } = SUBMISSION_KINDS[kind];
  return {
    table,
    columns: fields.map((f) => f.name),
    searchable: fields.filter((f) => f.searchable ?? true).map((f) => f.name),
    image,
    consent,
  };
};
/** Each kind's table, read once from the descriptions. */
export const INBOX_TABLES: Record<InboxKind, InboxTable> = Object.fromEntries(
  INBOX_KINDS.map((kind) => [kind, tableOfKind(kind)]),
) as Record<InboxKind, InboxTable>;

export type StoredSubmission = {
  id: number;
  kind: InboxKind;
  status: InboxStatus;
  createdAt: string;
  isSpam: boolean;
  /** Field values by column. */
  values: Record<string, string | number | null>;
  image: { type: string; size: number } | null;
  /** Marketing consent, for the tables that record it (migration 003). */
  consent: { version: string; at: string } | null;
  /** The staff member it belongs to (migration 006), or null. */
  owner: string | null;
  /** Where the visitor came from (migration 014), or null. */
  attribution: ReturnType<typeof rowAttribution>;
  /** Not opened by the reader the rows were read for (false when read for nobody). */
  unread: boolean;
};

/** One kind's rows per status, and how many that are not spam a reader has not opened. */
export type KindCounts = { byStatus: Partial<Record<InboxStatus, number>>; unread: number };
type Row = Record<string, string | number | null>;

export function createInboxRepository(db: Kysely<DB>, engine: KnownEngine = undefined) {
  /** Explicit columns for one kind: never the image bytes. */
  function columnsOf(kind: InboxKind) {
    const spec = INBOX_TABLES[kind];
    const names = [
      'id',
      'status',
      'created_at',
      'is_spam',
      'owner',
      ...spec.columns,
      ...(spec.image ? ['img_type', 'img_size'] : []),
      ...(spec.consent ? ['marketing_consent_version', 'marketing_consent_at'] : []),
      ...ATTRIBUTION_COLUMNS,
    ];
    return sql.join(names.map((name) => sql.ref(name)));
  }

  function toSubmission(kind: InboxKind, row: Row): StoredSubmission {
    const spec = INBOX_TABLES[kind];
    const version = row.marketing_consent_version;
    return {
      id: Number(row.id),
      kind,
      status: row.status as InboxStatus,
      createdAt: String(row.created_at),
      isSpam: Number(row.is_spam) === 1,
      values: Object.fromEntries(spec.columns.map((column) => [column, row[column] ?? null])),
      image: spec.image ? { type: String(row.img_type), size: Number(row.img_size) } : null,
      consent: typeof version === 'string' ? { version, at: String(row.marketing_consent_at) } : null,
      owner: typeof row.owner === 'string' ? row.owner : null,
      attribution: rowAttribution(row),
      unread: Number(row.unread ?? 0) === 1,
    };
  }

  /** Runs `work` in the caller's transaction when the repository was made over one, else in its own. */
  const atomically = <T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  const tableOf = (kind: InboxKind) => sql.table(INBOX_TABLES[kind].table);
  const rowsOf = async (query: RawBuilder<Row>, executor: Kysely<DB> = db) => (await query.execute(executor)).rows;

  /** The unread flag as a column, for one reader (no reader: 0). */
  function unreadColumn(kind: InboxKind, reader: string | null): RawBuilder<unknown> {
    if (reader === null) return sql`0 AS unread`;
    return sql`CASE WHEN EXISTS (SELECT 1 FROM submission_reads r WHERE r.username = ${reader} AND r.kind = ${kind}
      AND r.submission_id = ${sql.ref(`${INBOX_TABLES[kind].table}.id`)}) THEN 0 ELSE 1 END AS unread`;
  }

  const ownerEvent = (
    kind: InboxKind,
    id: number,
    username: string,
    from: string | null,
    to: string | null,
    at: string,
  ) =>
    ({
      kind,
      submission_id: id,
      username,
      action: 'owner',
      from_status: null,
      to_status: null,
      note: null,
      from_owner: from,
      to_owner: to,
      created_at: at,
    }) as const;

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
      const expression = SORT_EXPRESSIONS[order.sort];
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

    async markRead(kind: InboxKind, id: number, reader: string, at: string) {
      await db
        .insertInto('submission_reads')
        .values({ username: reader, kind, submission_id: id, read_at: at })
        .onConflict((conflict) => conflict.columns(['username', 'kind', 'submission_id']).doUpdateSet({ read_at: at }))
        .execute();
    },

    async markUnread(kind: InboxKind, id: number, reader: string) {
      await db
        .deleteFrom('submission_reads')
        .where('username', '=', reader)
        .where('kind', '=', kind)
        .where('submission_id', '=', id)
        .execute();
    },

    /** Gives a submission to `to` (null: nobody) and logs it, in one transaction (the caller's,
     * when made over one, so the new owner's email is stored with it). Null when the row is gone;
     * `changed` false when it already belongs to `to` (nothing logged). */
    changeOwner(change: {
      kind: InboxKind;
      id: number;
      to: string | null;
      username: string;
      at: string;
    }): Promise<{ changed: boolean; from: string | null } | null> {
      return atomically(async (trx) => {
        // The row is locked by the UPDATE before it is read (PostgreSQL; SQLite's writes are one at
        // a time), so two staff giving it away at once each log what they really changed.
        const [row] = await rowsOf(
          sql<Row>`UPDATE ${tableOf(change.kind)} SET owner = owner WHERE id = ${change.id} RETURNING owner`,
          trx,
        );
        if (!row) return null;
        const from = typeof row.owner === 'string' ? row.owner : null;
        if (from === change.to) return { changed: false, from };
        await sql`UPDATE ${tableOf(change.kind)} SET owner = ${change.to} WHERE id = ${change.id}`.execute(trx);
        await trx
          .insertInto('submission_events')
          .values(ownerEvent(change.kind, change.id, change.username, from, change.to, change.at))
          .execute();
        return { changed: true, from };
      });
    },

    /** One change to many rows, in one transaction: all of it or none. `check` sees every row
     * first and may refuse the lot (its message is handed back); ids that do not exist refuse it
     * too. Each row that really changes gets its event. */
    bulk(change: {
      kind: InboxKind;
      ids: number[];
      status?: InboxStatus | undefined;
      owner?: string | null | undefined;
      username: string;
      at: string;
      check: (rows: { id: number; status: InboxStatus; owner: string | null }[]) => string | null;
    }): Promise<
      | { ok: true; changed: number[]; ownerChanged: number[] }
      | { ok: false; missing: number[] }
      | { ok: false; refused: string }
    > {
      const ids = [...new Set(change.ids)];
      const table = tableOf(change.kind);
      return atomically(async (trx) => {
        // Lock the rows before reading them: FOR UPDATE on PostgreSQL; elsewhere a no-op UPDATE,
        // which locks on both engines (SQLite's writes are one at a time) but on PostgreSQL would
        // write a new version of every row, and so an entry in each of its indexes.
        const found = await rowsOf(
          engine === 'postgres'
            ? sql<Row>`SELECT id, status, owner FROM ${table} WHERE id IN (${sql.join(ids)}) ORDER BY id FOR UPDATE`
            : sql<Row>`UPDATE ${table} SET status = status WHERE id IN (${sql.join(ids)}) RETURNING id, status, owner`,
          trx,
        );
        const rows = found.map((row) => ({
          id: Number(row.id),
          status: row.status as InboxStatus,
          owner: typeof row.owner === 'string' ? row.owner : null,
        }));
        if (rows.length !== ids.length) {
          const present = new Set(rows.map((row) => row.id));
          return { ok: false as const, missing: ids.filter((id) => !present.has(id)) };
        }
        const refused = change.check(rows);
        if (refused) return { ok: false as const, refused };
        const statusMoving = change.status === undefined ? [] : rows.filter((row) => row.status !== change.status);
        const ownerMoving = change.owner === undefined ? [] : rows.filter((row) => row.owner !== change.owner);
        const changed = [...new Set([...statusMoving, ...ownerMoving].map((row) => row.id))];
        if (changed.length) {
          // One UPDATE sets both (a row already at the new value keeps it): one new version per row.
          const assignments = [
            ...(change.status === undefined ? [] : [sql`status = ${change.status}`]),
            ...(change.owner === undefined ? [] : [sql`owner = ${change.owner}`]),
          ];
          await sql`UPDATE ${table} SET ${sql.join(assignments)} WHERE id IN (${sql.join(changed)})`.execute(trx);
        }
        const events: DB['submission_events'][] = [
          ...statusMoving.map(
            (row) =>
              ({
                kind: change.kind,
                submission_id: row.id,
                username: change.username,
                action: 'status',
                from_status: row.status,
                to_status: change.status,
                note: null,
                from_owner: null,
                to_owner: null,
                created_at: change.at,
              }) as DB['submission_events'],
          ),
          ...ownerMoving.map(
            (row) =>
              ownerEvent(
                change.kind,
                row.id,
                change.username,
                row.owner,
                change.owner ?? null,
                change.at,
              ) as DB['submission_events'],
          ),
        ];
        const ownerChanged = ownerMoving.map((row) => row.id);
        // Inserted in slices: PostgreSQL takes at most 65,535 parameters in one statement.
        for (let start = 0; start < events.length; start += 500) {
          await trx
            .insertInto('submission_events')
            .values(events.slice(start, start + 500) as never)
            .execute();
        }
        return { ok: true as const, changed, ownerChanged };
      });
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

    /** Moves a submission from one status to another and logs it, in one transaction. False when
     * the row is gone or no longer has status `from` (someone else changed it first). */
    changeStatus(change: {
      kind: InboxKind;
      id: number;
      from: InboxStatus;
      to: InboxStatus;
      username: string;
      at: string;
    }): Promise<boolean> {
      return atomically(async (trx) => {
        const updated =
          await sql`UPDATE ${tableOf(change.kind)} SET status = ${change.to} WHERE id = ${change.id} AND status = ${change.from}`.execute(
            trx,
          );
        if (Number(updated.numAffectedRows ?? 0) !== 1) return false;
        await trx
          .insertInto('submission_events')
          .values({
            kind: change.kind,
            submission_id: change.id,
            username: change.username,
            action: 'status',
            from_status: change.from,
            to_status: change.to,
            note: null,
            created_at: change.at,
          })
          .execute();
        return true;
      });
    },

    /** Logs a note on a submission; false when there is no such submission. */
    async addNote(note: { kind: InboxKind; id: number; note: string; username: string; at: string }): Promise<boolean> {
      const result = await sql`
        INSERT INTO submission_events (kind, submission_id, username, action, from_status, to_status, note, created_at)
        SELECT ${note.kind}, CAST(${note.id} AS INTEGER), ${note.username}, 'note', NULL, NULL, ${note.note}, ${note.at}
        WHERE EXISTS (SELECT 1 FROM ${tableOf(note.kind)} WHERE id = ${note.id})`.execute(db);
      return Number(result.numAffectedRows ?? 0) === 1;
    },
  };
}
export type InboxRepository = ReturnType<typeof createInboxRepository>;
