// The inbox's changes: a reader's read and unread marks, and the changes to a submission (its
// owner, its status, either for many rows at once, a note), each logged in submission_events in
// the same transaction. The reads are in inbox-queries.ts.
import { type Kysely, sql } from 'kysely';
import type { InboxKind, InboxStatus } from '../../../common/inbox.ts';
import type { DB } from '../schema.ts';
import type { KnownEngine } from './inbox-filters.ts';
import { type Row, rowReader, tableOf } from './inbox-tables.ts';

export function createInboxChanges(db: Kysely<DB>, engine: KnownEngine) {
  const rowsOf = rowReader(db);

  /** Runs `work` in the caller's transaction when the repository was made over one, else in its own. */
  const atomically = <T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> =>
    db.isTransaction ? work(db) : db.transaction().execute(work);

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
