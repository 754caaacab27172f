// SQL for the retention period and for subject access: delete every submission older than a
// cutoff with its inbox events, read marks and outbox emails (images are in the row, so they go with
// it), and gather everything stored about one email address.
import { type Kysely, sql } from 'kysely';
import type { InboxKind } from '../../../common/inbox.ts';
import type { Database } from '../driver.ts';
import type { DB } from '../schema.ts';
import { INBOX_TABLES, likePattern } from './inbox.ts';

export type PurgeCounts = Record<string, number>;

type Row = Record<string, unknown>;

const KINDS = Object.keys(INBOX_TABLES) as InboxKind[];

/** Binary values (the contact image) become base64 so the export is plain JSON. */
function jsonRow(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value instanceof Uint8Array ? { base64: Buffer.from(value).toString('base64') } : value,
    ]),
  );
}

/** `months` calendar months before `now`, the day clamped to the month's length (31 March - 1 = 28/29 February). */
export function monthsBefore(now: Date, months: number): Date {
  const target = new Date(now);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return target;
}

export function createRetentionRepository(database: Database) {
  const db = database.kysely;

  /** Deletes (or only counts) what is older than `cutoff`, per table, through `executor`. */
  async function purge(executor: Kysely<DB>, cutoff: string, dryRun: boolean): Promise<PurgeCounts> {
    // The same FROM ... WHERE either counts or deletes, so a dry run reports what a real one does.
    const apply = async (table: string, where: ReturnType<typeof sql>) => {
      if (dryRun) {
        const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${where}`.execute(
          executor,
        );
        return Number(rows[0]?.n ?? 0);
      }
      const result = await sql`DELETE FROM ${sql.table(table)} WHERE ${where}`.execute(executor);
      return Number(result.numAffectedRows ?? 0);
    };
    const counts: PurgeCounts = {};
    let events = 0;
    let emails = 0;
    let reads = 0;
    for (const kind of KINDS) {
      const { table } = INBOX_TABLES[kind];
      const old = sql`SELECT id FROM ${sql.table(table)} WHERE created_at < ${cutoff}`;
      events += await apply('submission_events', sql`kind = ${kind} AND submission_id IN (${old})`);
      reads += await apply('submission_reads', sql`kind = ${kind} AND submission_id IN (${old})`);
      // Any kind may have emails: the sales notifications, and the new owner's (migration 006).
      emails += await apply('outbox', sql`submission_kind = ${kind} AND submission_id IN (${old})`);
      counts[table] = await apply(table, sql`created_at < ${cutoff}`);
    }
    counts.submission_events = events;
    counts.outbox = emails;
    counts.submission_reads = reads;
    return counts;
  }

  return {
    /** Deletes (or with dryRun only counts) what is older than `cutoff` (ISO time), per table. */
    async purgeOlderThan(cutoff: string, dryRun: boolean): Promise<PurgeCounts> {
      if (dryRun) return purge(db, cutoff, true);
      // SQLite: deleted pages are overwritten, so the purged text and images do not linger in
      // the file. (PostgreSQL reclaims them with its autovacuum.)
      await database.sqliteExclusive((raw) => raw.exec('PRAGMA secure_delete = ON'));
      const counts = await database.transaction((trx) => purge(trx, cutoff, false));
      await database.sqliteExclusive((raw) => raw.exec('PRAGMA wal_checkpoint(TRUNCATE)'));
      return counts;
    },

    /** Every row that holds the address, by table: the submissions sent with it, feedback that
     * mentions it, the inbox events of those submissions and the emails to or about them.
     * SELECT * on purpose: an export must show every column stored, including later ones. */
    async exportByEmail(email: string): Promise<Record<string, Row[]>> {
      const address = email.trim().toLowerCase();
      const result: Record<string, Row[]> = {};
      const found: { kind: InboxKind; id: number }[] = [];
      for (const kind of KINDS) {
        const { table } = INBOX_TABLES[kind];
        const where =
          kind === 'feedback'
            ? sql`lower(feedback) LIKE ${likePattern(address)} ESCAPE '\\'`
            : sql`lower(email) = ${address}`;
        const { rows } = await sql<Row>`SELECT * FROM ${sql.table(table)} WHERE ${where} ORDER BY id`.execute(db);
        result[table] = rows.map(jsonRow);
        found.push(...rows.map((row) => ({ kind, id: Number(row.id) })));
      }

      result.submission_events = [];
      const outboxIds = new Set<number>();
      for (const { kind, id } of found) {
        const { rows } =
          await sql<Row>`SELECT * FROM submission_events WHERE kind = ${kind} AND submission_id = ${id} ORDER BY id`.execute(
            db,
          );
        result.submission_events.push(...rows);
        const linked = await db
          .selectFrom('outbox')
          .select('id')
          .where('submission_kind', '=', kind as never)
          .where('submission_id', '=', id)
          .execute();
        for (const row of linked) outboxIds.add(Number(row.id));
      }
      for (const row of await db
        .selectFrom('outbox')
        .select('id')
        .where(sql`lower(recipient)`, '=', address)
        .execute())
        outboxIds.add(Number(row.id));
      result.outbox = [];
      for (const id of [...outboxIds].sort((a, b) => a - b)) {
        const { rows } = await sql<Row>`SELECT * FROM outbox WHERE id = ${id}`.execute(db);
        result.outbox.push(...rows);
      }
      return result;
    },
  };
}
export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
