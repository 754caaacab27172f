// SQL for idempotency keys (migration 005). A claim inserts the key or does nothing when it is
// there already: run inside the transaction that stores the submission, it decides which of two
// concurrent requests stores it, on any engine and any number of instances (the primary key on
// (kind, idem_key); on PostgreSQL a second insert waits for the first transaction, then does
// nothing). Keys older than the cutoff are deleted before a claim.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export type IdempotencyRecord = { bodySha256: string; message: string; createdAt: string };
export type NewIdempotencyKey = { kind: string; key: string; bodySha256: string; message: string; createdAt: string };

export function createIdempotencyRepository(db: Kysely<DB>) {
  return {
    /** The live record of a key (created at or after `notBefore`), or null. */
    async find(kind: string, key: string, notBefore: string): Promise<IdempotencyRecord | null> {
      const row = await db
        .selectFrom('idempotency_keys')
        .select(['body_sha256', 'message', 'created_at'])
        .where('kind', '=', kind)
        .where('idem_key', '=', key)
        .where('created_at', '>=', notBefore)
        .executeTakeFirst();
      return row ? { bodySha256: row.body_sha256, message: row.message, createdAt: row.created_at } : null;
    },
    /** True when this call took the key; false when it was taken already. */
    async claim(row: NewIdempotencyKey, notBefore: string): Promise<boolean> {
      await db.deleteFrom('idempotency_keys').where('created_at', '<', notBefore).execute();
      const result = await db
        .insertInto('idempotency_keys')
        .values({
          kind: row.kind,
          idem_key: row.key,
          body_sha256: row.bodySha256,
          message: row.message,
          created_at: row.createdAt,
        })
        .onConflict((conflict) => conflict.columns(['kind', 'idem_key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
