// The SQL of an inbox list's filter and order (repositories/inbox.ts runs it): the WHERE clause
// of a filter (status, owner, dates, ids, source and campaign, booking, and the search, through each
// engine's own index), and the ORDER BY of each sort. Column names come from the kinds' descriptions, never from a request.
import { type RawBuilder, sql } from 'kysely';
import type { InboxFilter, InboxSort, SortDirection } from '../../../common/inbox.ts';
import type { Engine } from '../driver.ts';
import type { InboxTable } from './inbox-tables.ts';
import { attributionClauses } from './inbox-attribution.ts';
import { bookingClause, meetingKey } from './inbox-meeting.ts';

/** `owner` here is already resolved: a username, or null for nobody's. `now` (ISO) is the instant
 * the booking filter tells upcoming from past by (demo requests only; default: the clock). */
export type ListFilter = Pick<
  InboxFilter,
  'status' | 'q' | 'from' | 'to' | 'ids' | 'source' | 'campaign' | 'booking'
> & {
  owner?: string | null | undefined;
  now?: string | undefined;
};
/** `now` (ISO): for the meeting sort, which reads upcoming meetings first. */
export type ListOrder = { sort: InboxSort; dir: SortDirection; now?: string | undefined };

/** The SQL each sort orders by (indexed in migration 006); ties go by id in the same direction.
 * The meeting time's key depends on the moment (inbox-meeting.ts): see sortExpression. */
const SORT_EXPRESSIONS: Record<Exclude<InboxSort, 'meeting'>, RawBuilder<unknown>> = {
  received: sql`created_at`,
  name: sql`lower(name)`,
  company: sql`lower(company)`,
  subject: sql`lower(subject)`,
  email: sql`lower(email)`,
  status: sql`(CASE status WHEN 'new' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END)`,
  owner: sql`coalesce(owner, '')`,
};
export const DEFAULT_ORDER: ListOrder = { sort: 'received', dir: 'desc' };

export function sortExpression(order: ListOrder): RawBuilder<unknown> {
  return order.sort === 'meeting' ? meetingKey(order.now ?? new Date().toISOString()) : SORT_EXPRESSIONS[order.sort];
}

export function orderBy(order: ListOrder): RawBuilder<unknown> {
  const dir = sql.raw(order.dir === 'asc' ? 'ASC' : 'DESC');
  return sql`ORDER BY ${sortExpression(order)} ${dir}, id ${dir}`;
}

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

/** The engine, when the caller knows it (else SQL that runs on both). A search then looks where
 * the engine indexes it: SQLite has an FTS5 trigram index per table (migration 007) that finds
 * candidate rows for a term of three characters or more; PostgreSQL's trigram indexes serve the
 * LIKE itself. Unknown: the LIKE alone. */
export type KnownEngine = Engine | undefined;

/** The FTS5 query for a literal substring: one quoted phrase (a quote inside is doubled). */
export const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The WHERE clause for a list filter. Case-insensitive search on both engines: lower() on each
 * side, as SQLite's LIKE ignores ASCII case and PostgreSQL's does not. */
export function whereFor(
  spec: InboxTable,
  filter: ListFilter,
  engine: KnownEngine,
  { walkSortOrder = false } = {},
): RawBuilder<unknown> {
  const clauses: RawBuilder<unknown>[] = [];
  if (filter.ids) clauses.push(filter.ids.length ? sql`id IN (${sql.join(filter.ids)})` : sql`1 = 0`);
  if (filter.owner === null) clauses.push(sql`owner IS NULL`);
  else if (filter.owner !== undefined) clauses.push(sql`owner = ${filter.owner}`);
  if (filter.status === undefined) clauses.push(sql`status <> 'spam'`);
  else if (filter.status !== 'all') clauses.push(sql`status = ${filter.status}`);
  if (filter.q) {
    const term = filter.q.toLowerCase();
    const pattern = likePattern(term);
    const columns = spec.searchable;
    // The trigram index folds case at least as widely as lower() and LIKE do, so every row the
    // LIKE accepts is among its candidates; the LIKE below then keeps exactly those rows.
    if (engine === 'sqlite' && columns.length && [...term].length >= 3) {
      const index = sql.table(`${spec.table}_search`);
      // SQLite fetches the candidates by id and sorts them, unless `walkSortOrder`: then the
      // unary + keeps it from driving by id, so it walks the sort's index and stops at the page.
      const id = walkSortOrder ? sql`+id` : sql`id`;
      clauses.push(sql`${id} IN (SELECT rowid FROM ${index} WHERE ${index} MATCH ${ftsPhrase(term)})`);
    }
    clauses.push(
      columns.length
        ? sql`(${sql.join(
            columns.map((column) => sql`lower(${sql.ref(column)}) LIKE ${pattern} ESCAPE '\\'`),
            sql` OR `,
          )})`
        : sql`1 = 0`,
    );
  }
  clauses.push(...attributionClauses(filter));
  if (filter.booking) clauses.push(bookingClause(filter.booking, filter.now ?? new Date().toISOString()));
  if (filter.from) clauses.push(sql`created_at >= ${`${filter.from}T00:00:00.000Z`}`);
  if (filter.to) clauses.push(sql`created_at < ${dayAfter(filter.to)}`);
  return clauses.length ? sql.join(clauses, sql` AND `) : sql`1 = 1`;
}
