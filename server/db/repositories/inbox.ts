// SQL for the staff inbox: the four submission tables read through one map (which table, which
// fields in the form's order with their labels, which are searched), their statuses, and the
// submission_events log of status changes and notes. Column names only ever come from the map.
import type { InboxEvent, InboxFilter, InboxKind, InboxStatus } from '../../../common/inbox.ts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../schema.ts';

export type InboxField = {
  /** The column, also the field's `name` in the API. */
  column: string;
  /** What staff read beside the value, and the CSV header. */
  label: string;
  /** Whether the free-text search looks in it. */
  searchable: boolean;
};

export type InboxTable = {
  table: string;
  /** The form's fields in the form's order. */
  fields: readonly InboxField[];
  /** Whether rows carry an image (img BLOB, img_type, img_size). */
  image: boolean;
};

const field = (column: string, label: string, searchable = true): InboxField => ({ column, label, searchable });

/** The one map of what each kind stores: the list, the detail and the CSV all read it. */
export const INBOX_TABLES: Record<InboxKind, InboxTable> = {
  'demo-requests': {
    table: 'demo_requests',
    fields: [
      field('name', 'Name'),
      field('job_title', 'Job title'),
      field('company', 'Company'),
      field('country', 'Country', false),
      field('number', 'Phone number'),
      field('email', 'Email'),
      field('text', 'Message'),
    ],
    image: false,
  },
  'contact-messages': {
    table: 'contact_messages',
    fields: [
      field('name', 'Name'),
      field('email', 'Email'),
      field('subject', 'Subject'),
      field('inq_type', 'Inquiry type', false),
      field('message', 'Message'),
    ],
    image: true,
  },
  feedback: { table: 'feedback', fields: [field('feedback', 'Feedback')], image: false },
  newsletter: { table: 'newsletter_subscribers', fields: [field('email', 'Email')], image: false },
};

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
};

export type ListFilter = Pick<InboxFilter, 'status' | 'q' | 'from' | 'to'>;

type Row = Record<string, string | number | null>;

/** Kinds that record marketing consent. */
const CONSENT_KINDS: ReadonlySet<InboxKind> = new Set(['demo-requests', 'contact-messages']);

/** Escapes LIKE's wildcards so a search for '50%' or 'a_b' finds exactly that text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The first instant after the given UTC day, for an inclusive `to` date. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** The WHERE clause for a list filter. Case-insensitive search on both engines: lower() on each
 * side, as SQLite's LIKE ignores ASCII case and PostgreSQL's does not. */
function whereFor(spec: InboxTable, filter: ListFilter): RawBuilder<unknown> {
  const clauses: RawBuilder<unknown>[] = [];
  if (filter.status === undefined) clauses.push(sql`status <> 'spam'`);
  else if (filter.status !== 'all') clauses.push(sql`status = ${filter.status}`);
  if (filter.q) {
    const pattern = likePattern(filter.q.toLowerCase());
    const columns = spec.fields.filter((f) => f.searchable).map((f) => f.column);
    clauses.push(
      columns.length
        ? sql`(${sql.join(columns.map((column) => sql`lower(${sql.ref(column)}) LIKE ${pattern} ESCAPE '\\'`), sql` OR `)})`
        : sql`1 = 0`,
    );
  }
  if (filter.from) clauses.push(sql`created_at >= ${`${filter.from}T00:00:00.000Z`}`);
  if (filter.to) clauses.push(sql`created_at < ${dayAfter(filter.to)}`);
  return clauses.length ? sql.join(clauses, sql` AND `) : sql`1 = 1`;
}

export function createInboxRepository(db: Kysely<DB>) {
  /** Explicit columns for one kind: never the image bytes. */
  function columnsOf(kind: InboxKind) {
    const spec = INBOX_TABLES[kind];
    const names = [
      'id',
      'status',
      'created_at',
      'is_spam',
      ...spec.fields.map((f) => f.column),
      ...(spec.image ? ['img_type', 'img_size'] : []),
      ...(CONSENT_KINDS.has(kind) ? ['marketing_consent_version', 'marketing_consent_at'] : []),
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
      values: Object.fromEntries(spec.fields.map((f) => [f.column, row[f.column] ?? null])),
      image: spec.image ? { type: String(row.img_type), size: Number(row.img_size) } : null,
      consent: typeof version === 'string' ? { version, at: String(row.marketing_consent_at) } : null,
    };
  }

  const tableOf = (kind: InboxKind) => sql.table(INBOX_TABLES[kind].table);
  const rowsOf = async (query: RawBuilder<Row>) => (await query.execute(db)).rows;

  return {
    /** One page, newest first, and how many rows match in all. */
    async list(kind: InboxKind, filter: ListFilter, page: number, pageSize: number): Promise<{ rows: StoredSubmission[]; total: number }> {
      const where = whereFor(INBOX_TABLES[kind], filter);
      const [count] = await rowsOf(sql<Row>`SELECT count(*) AS n FROM ${tableOf(kind)} WHERE ${where}`);
      const rows = await rowsOf(
        sql<Row>`SELECT ${columnsOf(kind)} FROM ${tableOf(kind)} WHERE ${where}
          ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      );
      return { rows: rows.map((row) => toSubmission(kind, row)), total: Number(count?.n ?? 0) };
    },

    /** Every matching row, newest first, read in chunks so a large export never sits in memory. */
    async *iterate(kind: InboxKind, filter: ListFilter, chunkSize = 500): AsyncGenerator<StoredSubmission> {
      const where = whereFor(INBOX_TABLES[kind], filter);
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

    /** Rows per status for each kind. */
    async countByStatus(kind: InboxKind): Promise<Partial<Record<InboxStatus, number>>> {
      const rows = await rowsOf(sql<Row>`SELECT status, count(*) AS n FROM ${tableOf(kind)} GROUP BY status`);
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
    },

    async find(kind: InboxKind, id: number): Promise<StoredSubmission | null> {
      const [row] = await rowsOf(sql<Row>`SELECT ${columnsOf(kind)} FROM ${tableOf(kind)} WHERE id = ${id}`);
      return row ? toSubmission(kind, row) : null;
    },

    /** The stored image bytes and their detected type, for kinds that carry one. */
    async findImage(kind: InboxKind, id: number): Promise<{ bytes: Uint8Array; type: string } | null> {
      if (!INBOX_TABLES[kind].image) return null;
      const row = await db.selectFrom('contact_messages').select(['img', 'img_type']).where('id', '=', id).executeTakeFirst();
      return row ? { bytes: row.img, type: row.img_type } : null;
    },

    events: (kind: InboxKind, id: number): Promise<InboxEvent[]> =>
      db
        .selectFrom('submission_events')
        .select(['id', 'action', 'username', 'from_status', 'to_status', 'note', 'created_at'])
        .where('kind', '=', kind)
        .where('submission_id', '=', id)
        .orderBy('id')
        .execute() as Promise<InboxEvent[]>,

    /** Moves a submission from one status to another and logs it, in one transaction. False when
     * the row is gone or no longer has status `from` (someone else changed it first). */
    changeStatus(change: { kind: InboxKind; id: number; from: InboxStatus; to: InboxStatus; username: string; at: string }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const updated = await sql`UPDATE ${tableOf(change.kind)} SET status = ${change.to} WHERE id = ${change.id} AND status = ${change.from}`.execute(trx);
        if (Number(updated.numAffectedRows ?? 0) !== 1) return false;
        await trx
          .insertInto('submission_events')
          .values({ kind: change.kind, submission_id: change.id, username: change.username, action: 'status', from_status: change.from, to_status: change.to, note: null, created_at: change.at })
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
