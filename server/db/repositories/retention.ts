// SQL for the retention period and for subject access: delete every submission older than a
// cutoff with its inbox events and its outbox emails (images are BLOBs in the row, so they go with
// it), and gather everything stored about one email address.
import type { InboxKind } from '../../../common/inbox.ts';
import { type Database, transaction } from '../driver.ts';
import { INBOX_TABLES, likePattern } from './inbox.ts';

export type PurgeCounts = Record<string, number>;

type Row = Record<string, unknown>;

/** Kinds whose rows may have outbox emails (migration 003). */
const OUTBOX_KINDS: readonly InboxKind[] = ['demo-requests', 'contact-messages'];
const KINDS = Object.keys(INBOX_TABLES) as InboxKind[];

/** BLOBs (the contact image) become base64 so the export is plain JSON. */
function jsonRow(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Uint8Array ? { base64: Buffer.from(value).toString('base64') } : value]),
  );
}

export function createRetentionRepository(db: Database) {
  const hasTable = (name: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

  return {
    /** Deletes (or with dryRun only counts) what is older than `cutoff` (ISO time), per table. */
    purgeOlderThan(cutoff: string, dryRun: boolean): PurgeCounts {
      const outbox = hasTable('outbox');
      // The same FROM ... WHERE either counts or deletes, so a dry run reports what a real one does.
      const apply = (fromWhere: string, ...params: (string | number)[]) =>
        dryRun
          ? Number((db.prepare(`SELECT count(*) AS n FROM ${fromWhere}`).get(...params) as { n: number }).n)
          : Number(db.prepare(`DELETE FROM ${fromWhere}`).run(...params).changes);

      const work = () => {
        const counts: PurgeCounts = {};
        let events = 0;
        let emails = 0;
        for (const kind of KINDS) {
          const { table } = INBOX_TABLES[kind];
          const old = `SELECT id FROM ${table} WHERE created_at < ?`;
          events += apply(`submission_events WHERE kind = ? AND submission_id IN (${old})`, kind, cutoff);
          if (outbox && OUTBOX_KINDS.includes(kind)) {
            emails += apply(`outbox WHERE submission_kind = ? AND submission_id IN (${old})`, kind, cutoff);
          }
          counts[table] = apply(`${table} WHERE created_at < ?`, cutoff);
        }
        counts.submission_events = events;
        if (outbox) counts.outbox = emails;
        return counts;
      };
      if (dryRun) return work();
      // Deleted pages are overwritten, so the purged text and images do not linger in the file.
      db.exec('PRAGMA secure_delete = ON');
      const counts = transaction(db, work);
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      return counts;
    },

    /** Every row that holds the address, by table: the submissions sent with it, feedback that
     * mentions it, the inbox events of those submissions and the emails to or about them.
     * SELECT * on purpose: an export must show every column stored, including later ones. */
    exportByEmail(email: string): Record<string, Row[]> {
      const address = email.trim().toLowerCase();
      const result: Record<string, Row[]> = {};
      const found: { kind: InboxKind; id: number }[] = [];
      for (const kind of KINDS) {
        const { table } = INBOX_TABLES[kind];
        const rows =
          kind === 'feedback'
            ? (db.prepare(`SELECT * FROM feedback WHERE feedback LIKE ? ESCAPE '\\' ORDER BY id`).all(likePattern(address)) as Row[])
            : (db.prepare(`SELECT * FROM ${table} WHERE lower(email) = ? ORDER BY id`).all(address) as Row[]);
        result[table] = rows.map(jsonRow);
        found.push(...rows.map((row) => ({ kind, id: Number(row.id) })));
      }

      const eventsOf = db.prepare('SELECT * FROM submission_events WHERE kind = ? AND submission_id = ? ORDER BY id');
      result.submission_events = found.flatMap(({ kind, id }) => eventsOf.all(kind, id) as Row[]);

      if (hasTable('outbox')) {
        const linked = db.prepare('SELECT id FROM outbox WHERE submission_kind = ? AND submission_id = ?');
        const ids = new Set<number>(found.flatMap(({ kind, id }) => (linked.all(kind, id) as { id: number }[]).map((row) => Number(row.id))));
        for (const row of db.prepare('SELECT id FROM outbox WHERE lower(recipient) = ?').all(address) as { id: number }[]) ids.add(Number(row.id));
        const byId = db.prepare('SELECT * FROM outbox WHERE id = ?');
        result.outbox = [...ids].sort((a, b) => a - b).map((id) => byId.get(id) as Row);
      }
      return result;
    },
  };
}
export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
