// SQL for storing a visitor's submission of any kind: one generic insert into the kind's table
// (server/submission-kinds/ names it), with the values under their column names as the schema
// produced them. Column names come from the kind's description, never from a request.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema.ts';

/** A table that holds one kind of submission. */
export type SubmissionTable = 'demo_requests' | 'contact_messages' | 'feedback' | 'newsletter_subscribers';

export type NewSubmission = {
  /** Field values by column: the schema's output as it is, plus any columns the kind adds. */
  values: Record<string, unknown>;
  /** A honeypot submission: stored, but in the inbox's spam folder. */
  isSpam: boolean;
  createdAt: string;
};

/** A honeypot submission starts in the inbox's spam folder; every other one is new. */
const initialStatus = (isSpam: boolean) => (isSpam ? 'spam' : 'new');

/** A value as a column stores it: bytes and scalars as they are, booleans as 0/1, and an object
 * (an attribution, say) as JSON text. */
function columnValue(value: unknown): unknown {
  if (value === undefined || value === null || value instanceof Uint8Array) return value ?? null;
  if (typeof value === 'boolean') return Number(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

export function createSubmissionsRepository(db: Kysely<DB>) {
  /** The INSERT of one row; with `uniqueBy`, a value stored before stores nothing. */
  async function write(table: SubmissionTable, row: NewSubmission, uniqueBy?: string): Promise<number | null> {
    const values: Record<string, unknown> = {
      is_spam: Number(row.isSpam),
      status: initialStatus(row.isSpam),
      created_at: row.createdAt,
    };
    for (const [column, value] of Object.entries(row.values)) values[column] = columnValue(value);
    const columns = Object.keys(values);
    const conflict = uniqueBy ? sql` ON CONFLICT (${sql.ref(uniqueBy)}) DO NOTHING` : sql``;
    const { rows } = await sql<{
      id: number;
    }>`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      VALUES (${sql.join(columns.map((column) => values[column]))})${conflict} RETURNING id`.execute(db);
    return rows[0] ? Number(rows[0].id) : null;
  }
  return {
    /** Stores one submission: its id. */
    insert: async (table: SubmissionTable, row: NewSubmission): Promise<number> => (await write(table, row))!,
    /** Stores a submission whose `uniqueBy` value is kept once: its id, or null when that value was
     * stored before (the first row is kept: a repeat newsletter sign-up is answered the same). */
    insertOnce: (table: SubmissionTable, row: NewSubmission, uniqueBy: string): Promise<number | null> =>
      write(table, row, uniqueBy),
  };
}
export type SubmissionsRepository = ReturnType<typeof createSubmissionsRepository>;
