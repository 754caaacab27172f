// SQL for sign-in sessions (refresh tokens, stored as hashes) and for failed sign-in counters.
import type { Database } from '../driver.ts';

export type Session = {
  id: number;
  userId: number;
  sessionId: string;
  expiresAt: string;
  revokedAt: string | null;
};

export type FailureCounter = { failures: number; lastFailedAt: string; lockedUntil: string | null };

export function createSessionsRepository(db: Database) {
  const insert = db.prepare(`
    INSERT INTO refresh_tokens (user_id, session_id, token_hash, created_at, expires_at)
    VALUES (?, ?, ?, ?, ?)`);
  const bySessionId = db.prepare(`
    SELECT id, user_id AS userId, session_id AS sessionId, expires_at AS expiresAt, revoked_at AS revokedAt
    FROM refresh_tokens WHERE session_id = ?`);
  const revoke = db.prepare('UPDATE refresh_tokens SET revoked_at = ? WHERE session_id = ? AND revoked_at IS NULL');
  const revokeForUser = db.prepare('UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL');

  const failureByKey = db.prepare(
    'SELECT failures, last_failed_at AS lastFailedAt, locked_until AS lockedUntil FROM sign_in_failures WHERE key = ?',
  );
  const upsertFailure = db.prepare(`
    INSERT INTO sign_in_failures (key, failures, last_failed_at, locked_until) VALUES (?, ?, ?, ?)
    ON CONFLICT (key) DO UPDATE SET failures = excluded.failures,
      last_failed_at = excluded.last_failed_at, locked_until = excluded.locked_until`);
  const deleteFailure = db.prepare('DELETE FROM sign_in_failures WHERE key = ?');

  return {
    create(row: { userId: number; sessionId: string; tokenHash: string; createdAt: string; expiresAt: string }) {
      insert.run(row.userId, row.sessionId, row.tokenHash, row.createdAt, row.expiresAt);
    },
    findBySessionId: (sessionId: string) => (bySessionId.get(sessionId) as Session | undefined) ?? null,
    /** True when a live session was revoked. */
    revoke: (sessionId: string, at: string) => revoke.run(at, sessionId).changes === 1,
    revokeAllForUser: (userId: number, at: string) => Number(revokeForUser.run(at, userId).changes),

    findFailures: (key: string) => (failureByKey.get(key) as FailureCounter | undefined) ?? null,
    saveFailures(key: string, counter: FailureCounter) {
      upsertFailure.run(key, counter.failures, counter.lastFailedAt, counter.lockedUntil);
    },
    clearFailures(key: string) {
      deleteFailure.run(key);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
