// The inbox's tables and rows: each kind's table and columns read once from the kinds'
// descriptions (column names only ever come from it), the shape a stored submission is read
// into, and the helpers both inbox-queries.ts and inbox-changes.ts build their SQL with.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { INBOX_KINDS, type InboxKind, type InboxStatus } from '../../../common/inbox.ts';
import { SUBMISSION_KINDS } from '../../submission-kinds/index.ts';
import type { DB } from '../schema.ts';
import { ATTRIBUTION_COLUMNS, rowAttribution } from './inbox-attribution.ts';
import { MEETING_COLUMN, type RowMeeting, rowMeeting } from './inbox-meeting.ts';

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
  /** A demo request's booked meeting (issue 29); null when none is booked or for other kinds. */
  meeting: RowMeeting | null;
};

/** One kind's rows per status, and how many that are not spam a reader has not opened. */
export type KindCounts = { byStatus: Partial<Record<InboxStatus, number>>; unread: number };
export type Row = Record<string, string | number | null>;

/** Explicit columns for one kind: never the image bytes. */
export function columnsOf(kind: InboxKind) {
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
  const refs = names.map((name) => sql.ref(name));
  return sql.join(kind === 'demo-requests' ? [...refs, MEETING_COLUMN] : refs);
}

export function toSubmission(kind: InboxKind, row: Row): StoredSubmission {
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
    meeting: rowMeeting(row.meeting),
  };
}

/** The table of a kind, for SQL. */
export const tableOf = (kind: InboxKind) => sql.table(INBOX_TABLES[kind].table);
/** Runs a query on `db` (or on `executor`, a transaction) and hands back its rows. */
export const rowReader =
  (db: Kysely<DB>) =>
  async (query: RawBuilder<Row>, executor: Kysely<DB> = db) =>
    (await query.execute(executor)).rows;
