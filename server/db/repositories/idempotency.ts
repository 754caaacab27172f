// SQL for idempotency keys (migration 004). A claim inserts the key or does nothing when it is
// there already: run inside the transaction that stores the submission, it decides which of two
// concurrent requests stores it. Keys older than the cutoff are deleted before a claim.
import type { Database } from '../driver.ts';

export type IdempotencyRecord = { bodySha256: string; message: string; createdAt: string };
export type NewIdempotencyKey = { kind: string; key: string; bodySha256: string; message: string; createdAt: string };

export function createIdempotencyRepository(db: Database) {
  const find = db.prepare(
    'SELECT body_sha256, message, created_at FROM idempotency_keys WHERE kind = ? AND idem_key = ? AND created_at >= ?',
  );
  const expire = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?');
  const claim = db.prepare(`
    INSERT INTO idempotency_keys (kind, idem_key, body_sha256, message, created_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (kind, idem_key) DO NOTHING`);

  return {
    /** The live record of a key (created at or after `notBefore`), or null. */
    find(kind: string, key: string, notBefore: string): IdempotencyRecord | null {
      const row = find.get(kind, key, notBefore) as { body_sha256: string; message: string; created_at: string } | undefined;
      return row ? { bodySha256: row.body_sha256, message: row.message, createdAt: row.created_at } : null;
    },
    /** True when this call took the key; false when it was taken already. */
    claim(row: NewIdempotencyKey, notBefore: string): boolean {
      expire.run(notBefore);
      return claim.run(row.kind, row.key, row.bodySha256, row.message, row.createdAt).changes === 1;
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
