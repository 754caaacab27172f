// SQL for the staff inbox: the four submission tables read through one map (which table, which
// fields in the form's order with their labels, which are searched), their statuses, and the
// submission_events log of status changes and notes. Column names only ever come from the map.
import type { InboxEvent, InboxFilter, InboxKind, InboxSort, InboxStatus, SortDirection } from '../../../common/inbox.ts';
import { type Database, transaction } from '../driver.ts';

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
  /** The staff member it belongs to (migration 004), or null. */
  owner: string | null;
  /** Not opened by the reader the rows were read for (false when read for nobody). */
  unread: boolean;
};

/** `owner` here is already resolved: a username, or null for nobody's. */
export type ListFilter = Pick<InboxFilter, 'status' | 'q' | 'from' | 'to' | 'ids'> & { owner?: string | null | undefined };
export type ListOrder = { sort: InboxSort; dir: SortDirection };

/** The SQL each sort orders by (indexed in migration 004); ties go by id in the same direction. */
const SORT_EXPRESSIONS: Record<InboxSort, string> = {
  received: 'created_at',
  name: 'lower(name)',
  company: 'lower(company)',
  subject: 'lower(subject)',
  email: 'lower(email)',
  status: "(CASE status WHEN 'new' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END)",
  owner: "coalesce(owner, '')",
};
const DEFAULT_ORDER: ListOrder = { sort: 'received', dir: 'desc' };

function orderBy(order: ListOrder): string {
  const dir = order.dir === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY ${SORT_EXPRESSIONS[order.sort]} ${dir}, id ${dir}`;
}

type Row = Record<string, string | number | null>;

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

/** WHERE clause and parameters for a list filter. */
function whereFor(spec: InboxTable, filter: ListFilter): { where: string; params: (string | number)[] } {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (filter.ids) {
    clauses.push(filter.ids.length ? `id IN (${filter.ids.map(() => '?').join(', ')})` : '1 = 0');
    params.push(...filter.ids);
  }
  if (filter.owner === null) clauses.push('owner IS NULL');
  else if (filter.owner !== undefined) {
    clauses.push('owner = ?');
    params.push(filter.owner);
  }
  if (filter.status === undefined) clauses.push("status <> 'spam'");
  else if (filter.status !== 'all') {
    clauses.push('status = ?');
    params.push(filter.status);
  }
  if (filter.q) {
    const columns = spec.fields.filter((f) => f.searchable).map((f) => f.column);
    clauses.push(columns.length ? `(${columns.map((column) => `${column} LIKE ? ESCAPE '\\'`).join(' OR ')})` : '0');
    params.push(...columns.map(() => likePattern(filter.q!)));
  }
  if (filter.from) {
    clauses.push('created_at >= ?');
    params.push(`${filter.from}T00:00:00.000Z`);
  }
  if (filter.to) {
    clauses.push('created_at < ?');
    params.push(dayAfter(filter.to));
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

function hasColumn(db: Database, table: string, column: string): boolean {
  return (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).some((row) => row.name === column);
}

export function createInboxRepository(db: Database) {
  // Consent columns arrive with migration 003; read them where they exist.
  const consentKinds = new Set(
    (Object.keys(INBOX_TABLES) as InboxKind[]).filter((kind) => hasColumn(db, INBOX_TABLES[kind].table, 'marketing_consent_version')),
  );

  /** Explicit columns for one kind: never the image bytes. */
  function columnsOf(kind: InboxKind): string {
    const spec = INBOX_TABLES[kind];
    return [
      'id',
      'status',
      'created_at',
      'is_spam',
      'owner',
      ...spec.fields.map((f) => f.column),
      ...(spec.image ? ['img_type', 'img_size'] : []),
      ...(consentKinds.has(kind) ? ['marketing_consent_version', 'marketing_consent_at'] : []),
    ].join(', ');
  }

  function toSubmission(kind: InboxKind, row: Row): StoredSubmission {
    const spec = INBOX_TABLES[kind];
    const version = row.marketing_consent_version;
    return {
      id: Number(row.id),
      kind,
      status: row.status as InboxStatus,
      createdAt: String(row.created_at),
      isSpam: row.is_spam === 1,
      values: Object.fromEntries(spec.fields.map((f) => [f.column, row[f.column] ?? null])),
      image: spec.image ? { type: String(row.img_type), size: Number(row.img_size) } : null,
      consent: typeof version === 'string' ? { version, at: String(row.marketing_consent_at) } : null,
      owner: typeof row.owner === 'string' ? row.owner : null,
      unread: Number(row.unread ?? 0) === 1,
    };
  }

  // Statements are built from the map and a filter's shape, so a few dozen exist at most.
  const statements = new Map<string, ReturnType<Database['prepare']>>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };

  const eventColumns = 'id, action, username, from_status, to_status, note, from_owner, to_owner, created_at';
  const insertEvent = db.prepare(`
    INSERT INTO submission_events (kind, submission_id, username, action, from_status, to_status, note, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertOwnerEvent = db.prepare(`
    INSERT INTO submission_events (kind, submission_id, username, action, from_owner, to_owner, created_at)
    VALUES (?, ?, ?, 'owner', ?, ?, ?)`);
  const upsertRead = db.prepare(`
    INSERT INTO submission_reads (username, kind, submission_id, read_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (username, kind, submission_id) DO UPDATE SET read_at = excluded.read_at`);
  const deleteRead = db.prepare('DELETE FROM submission_reads WHERE username = ? AND kind = ? AND submission_id = ?');

  /** The unread flag as a column, for one reader (no reader: 0). */
  function unreadColumn(kind: InboxKind, reader: string | null): { sql: string; params: string[] } {
    if (reader === null) return { sql: '0 AS unread', params: [] };
    return {
      sql: `CASE WHEN EXISTS (SELECT 1 FROM submission_reads r WHERE r.username = ? AND r.kind = ? AND r.submission_id = ${INBOX_TABLES[kind].table}.id) THEN 0 ELSE 1 END AS unread`,
      params: [reader, kind],
    };
  }
  const selectEvents = db.prepare(`SELECT ${eventColumns} FROM submission_events WHERE kind = ? AND submission_id = ? ORDER BY id`);

  return {
    /** One page in the given order (newest first by default), each row's unread flag for
     * `reader`, and how many rows match in all. */
    list(
      kind: InboxKind,
      filter: ListFilter,
      page: number,
      pageSize: number,
      order: ListOrder = DEFAULT_ORDER,
      reader: string | null = null,
    ): { rows: StoredSubmission[]; total: number } {
      const spec = INBOX_TABLES[kind];
      const { where, params } = whereFor(spec, filter);
      const unread = unreadColumn(kind, reader);
      const total = Number((prepare(`SELECT count(*) AS n FROM ${spec.table} ${where}`).get(...params) as { n: number }).n);
      const rows = prepare(
        `SELECT ${columnsOf(kind)}, ${unread.sql} FROM ${spec.table} ${where} ${orderBy(order)} LIMIT ? OFFSET ?`,
      ).all(...unread.params, ...params, pageSize, (page - 1) * pageSize) as Row[];
      return { rows: rows.map((row) => toSubmission(kind, row)), total };
    },

    /** The ids just before and just after `id` in a filtered, sorted list (null at either end;
     * both null when the row itself is not in the list). */
    neighbours(kind: InboxKind, id: number, filter: ListFilter, order: ListOrder = DEFAULT_ORDER): { previous: number | null; next: number | null } {
      const spec = INBOX_TABLES[kind];
      const expression = SORT_EXPRESSIONS[order.sort];
      const { where, params } = whereFor(spec, filter);
      const and = where ? `${where} AND` : 'WHERE';
      const key = prepare(`SELECT ${expression} AS k FROM ${spec.table} ${and} id = ?`).get(...params, id) as { k: string | number } | undefined;
      if (!key) return { previous: null, next: null };
      // In a descending list the next row has a smaller key; in an ascending one, a larger.
      const step = (forward: boolean) => {
        const smaller = forward === (order.dir === 'desc');
        const [cmp, dir] = smaller ? ['<', 'DESC'] : ['>', 'ASC'];
        const row = prepare(
          `SELECT id FROM ${spec.table} ${and} (${expression} ${cmp} ? OR (${expression} = ? AND id ${cmp} ?)) ORDER BY ${expression} ${dir}, id ${dir} LIMIT 1`,
        ).get(...params, key.k, key.k, id) as { id: number } | undefined;
        return row ? Number(row.id) : null;
      };
      return { previous: step(false), next: step(true) };
    },

    /** Every matching row, newest first, read in chunks so a large export never sits in memory. */
    *iterate(kind: InboxKind, filter: ListFilter, chunkSize = 500): Generator<StoredSubmission> {
      const spec = INBOX_TABLES[kind];
      const { where, params } = whereFor(spec, filter);
      // The keyset below walks newest first by (created_at, id); an export keeps that order.
      const after = `${where ? `${where} AND` : 'WHERE'} (created_at < ? OR (created_at = ? AND id < ?))`;
      const first = prepare(`SELECT ${columnsOf(kind)} FROM ${spec.table} ${where} ORDER BY created_at DESC, id DESC LIMIT ?`);
      const next = prepare(`SELECT ${columnsOf(kind)} FROM ${spec.table} ${after} ORDER BY created_at DESC, id DESC LIMIT ?`);
      let rows = first.all(...params, chunkSize) as Row[];
      while (rows.length > 0) {
        for (const row of rows) yield toSubmission(kind, row);
        if (rows.length < chunkSize) return;
        const last = rows[rows.length - 1]!;
        const [at, id] = [String(last.created_at), Number(last.id)];
        rows = next.all(...params, at, at, id, chunkSize) as Row[];
      }
    },

    /** Rows that are not spam and that `reader` has not opened. */
    countUnread(kind: InboxKind, reader: string): number {
      const table = INBOX_TABLES[kind].table;
      const row = prepare(
        `SELECT count(*) AS n FROM ${table} WHERE status <> 'spam' AND NOT EXISTS (SELECT 1 FROM submission_reads r WHERE r.username = ? AND r.kind = ? AND r.submission_id = ${table}.id)`,
      ).get(reader, kind) as { n: number };
      return Number(row.n);
    },

    markRead(kind: InboxKind, id: number, reader: string, at: string) {
      upsertRead.run(reader, kind, id, at);
    },

    markUnread(kind: InboxKind, id: number, reader: string) {
      deleteRead.run(reader, kind, id);
    },

    /** Gives a submission to `to` (null: nobody) and logs it, in one transaction. False when
     * the row is gone; nothing is logged when it already belongs to `to`. */
    changeOwner(change: { kind: InboxKind; id: number; to: string | null; username: string; at: string }): boolean {
      const table = INBOX_TABLES[change.kind].table;
      return transaction(db, () => {
        const row = prepare(`SELECT owner FROM ${table} WHERE id = ?`).get(change.id) as { owner: string | null } | undefined;
        if (!row) return false;
        if (row.owner === change.to) return true;
        prepare(`UPDATE ${table} SET owner = ? WHERE id = ?`).run(change.to, change.id);
        insertOwnerEvent.run(change.kind, change.id, change.username, row.owner, change.to, change.at);
        return true;
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
    }): { ok: true; changed: number[] } | { ok: false; missing: number[] } | { ok: false; refused: string } {
      const table = INBOX_TABLES[change.kind].table;
      const ids = [...new Set(change.ids)];
      return transaction(db, () => {
        const rows = prepare(`SELECT id, status, owner FROM ${table} WHERE id IN (${ids.map(() => '?').join(', ')})`).all(...ids) as {
          id: number;
          status: InboxStatus;
          owner: string | null;
        }[];
        if (rows.length !== ids.length) {
          const found = new Set(rows.map((row) => Number(row.id)));
          return { ok: false as const, missing: ids.filter((id) => !found.has(id)) };
        }
        const refused = change.check(rows);
        if (refused) return { ok: false as const, refused };
        const changed = new Set<number>();
        const setStatus = prepare(`UPDATE ${table} SET status = ? WHERE id = ?`);
        const setOwner = prepare(`UPDATE ${table} SET owner = ? WHERE id = ?`);
        for (const row of rows) {
          const id = Number(row.id);
          if (change.status !== undefined && row.status !== change.status) {
            setStatus.run(change.status, id);
            insertEvent.run(change.kind, id, change.username, 'status', row.status, change.status, null, change.at);
            changed.add(id);
          }
          if (change.owner !== undefined && row.owner !== change.owner) {
            setOwner.run(change.owner, id);
            insertOwnerEvent.run(change.kind, id, change.username, row.owner, change.owner, change.at);
            changed.add(id);
          }
        }
        return { ok: true as const, changed: [...changed] };
      });
    },

    /** Rows per status for each kind. */
    countByStatus(kind: InboxKind): Partial<Record<InboxStatus, number>> {
      const rows = prepare(`SELECT status, count(*) AS n FROM ${INBOX_TABLES[kind].table} GROUP BY status`).all() as {
        status: InboxStatus;
        n: number;
      }[];
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
    },

    find(kind: InboxKind, id: number): StoredSubmission | null {
      const row = prepare(`SELECT ${columnsOf(kind)} FROM ${INBOX_TABLES[kind].table} WHERE id = ?`).get(id) as Row | undefined;
      return row ? toSubmission(kind, row) : null;
    },

    /** The stored image bytes and their detected type, for kinds that carry one. */
    findImage(kind: InboxKind, id: number): { bytes: Uint8Array; type: string } | null {
      if (!INBOX_TABLES[kind].image) return null;
      const row = prepare(`SELECT img, img_type FROM ${INBOX_TABLES[kind].table} WHERE id = ?`).get(id) as
        | { img: Uint8Array; img_type: string }
        | undefined;
      return row ? { bytes: row.img, type: row.img_type } : null;
    },

    events: (kind: InboxKind, id: number) => selectEvents.all(kind, id) as InboxEvent[],

    /** Moves a submission from one status to another and logs it, in one transaction. False when
     * the row is gone or no longer has status `from` (someone else changed it first). */
    changeStatus(change: { kind: InboxKind; id: number; from: InboxStatus; to: InboxStatus; username: string; at: string }): boolean {
      const update = prepare(`UPDATE ${INBOX_TABLES[change.kind].table} SET status = ? WHERE id = ? AND status = ?`);
      return transaction(db, () => {
        if (update.run(change.to, change.id, change.from).changes !== 1) return false;
        insertEvent.run(change.kind, change.id, change.username, 'status', change.from, change.to, null, change.at);
        return true;
      });
    },

    /** Logs a note on a submission; false when there is no such submission. */
    addNote(note: { kind: InboxKind; id: number; note: string; username: string; at: string }): boolean {
      const insert = prepare(`
        INSERT INTO submission_events (kind, submission_id, username, action, from_status, to_status, note, created_at)
        SELECT ?, ?, ?, 'note', NULL, NULL, ?, ? WHERE EXISTS (SELECT 1 FROM ${INBOX_TABLES[note.kind].table} WHERE id = ?)`);
      return insert.run(note.kind, note.id, note.username, note.note, note.at, note.id).changes === 1;
    },
  };
}
export type InboxRepository = ReturnType<typeof createInboxRepository>;
