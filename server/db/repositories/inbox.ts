// SQL for the staff inbox: the four submission tables read through one map (which table, which
// columns in the form's order, which are searched; from the kinds' descriptions), their statuses,
// and the submission_events log of status changes and notes. Column names only ever come from it.
// The repository is its reads (inbox-queries.ts) and its changes (inbox-changes.ts) over the
// tables and rows of inbox-tables.ts, with each list's filter and order from inbox-filters.ts.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { createInboxChanges } from './inbox-changes.ts';
import type { KnownEngine } from './inbox-filters.ts';
import { createInboxQueries } from './inbox-queries.ts';

export { ftsPhrase, type KnownEngine, likePattern, type ListFilter, type ListOrder } from './inbox-filters.ts';
export { INBOX_TABLES, type InboxTable, type KindCounts, type StoredSubmission } from './inbox-tables.ts';

export function createInboxRepository(db: Kysely<DB>, engine: KnownEngine = undefined) {
  return { ...createInboxQueries(db, engine), ...createInboxChanges(db, engine) };
}
export type InboxRepository = ReturnType<typeof createInboxRepository>;
