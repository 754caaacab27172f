// SQL for sign-in sessions (refresh tokens, stored as hashes) and for failed sign-in counters.
import { type Database, transaction } from '../driver.ts';

export type Session = {
  id: number;
  userId: number;
  sessionId: string;
  createdAt: string;
  expiresAt: string;
  /** Sign-in or last refresh: the idle limit counts from here. */
  lastUsedAt: string;
  revokedAt: string | null;
};

export type FailureCounter = { failures: number; lastFailedAt: string; lockedUntil: string | null };

export function createSessionsRepository(db: Database) {
  const insert = db.prepare(`
    INSERT INTO refresh_tokens (user_id, session_id, token_hash, created_at, expires_at, last_used_at)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const sessionColumns = `id, user_id AS userId, session_id AS sessionId, created_at AS createdAt, expires_at AS expiresAt,
    last_used_at AS lastUsedAt, revoked_at AS revokedAt`;
  const bySessionId = db.prepare(`SELECT ${sessionColumns} FROM refresh_tokens WHERE session_id = ?`);
  const byTokenHash = db.prepare(`SELECT ${sessionColumns} FROM refresh_tokens WHERE token_hash = ?`);
  const retiredSession = db.prepare('SELECT session_id AS sessionId FROM retired_refresh_tokens WHERE token_hash = ?');
  const rotate = db.prepare(`
    UPDATE refresh_tokens SET token_hash = ?, last_used_at = ?
    WHERE session_id = ? AND token_hash = ? AND revoked_at IS NULL`);
  const retire = db.prepare('INSERT INTO retired_refresh_tokens (token_hash, session_id, retired_at) VALUES (?, ?, ?)');
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
      insert.run(row.userId, row.sessionId, row.tokenHash, row.createdAt, row.expiresAt, row.createdAt);
    },
    findBySessionId: (sessionId: string) => (bySessionId.get(sessionId) as Session | undefined) ?? null,
    /** The session whose current refresh token has this hash. */
    findByTokenHash: (tokenHash: string) => (byTokenHash.get(tokenHash) as Session | undefined) ?? null,
    /** The session a refresh token belonged to before it was rotated away: a second use. */
    findRetired: (tokenHash: string) => (retiredSession.get(tokenHash) as { sessionId: string } | undefined)?.sessionId ?? null,
    /** Swaps a live session's refresh token for a new one and keeps the old hash as used, in one
     * transaction. False when the old token is no longer the current one (a concurrent refresh
     * won) or the session was revoked meanwhile. */
    rotate(change: { sessionId: string; fromHash: string; toHash: string; at: string }): boolean {
      return transaction(db, () => {
        if (rotate.run(change.toHash, change.at, change.sessionId, change.fromHash).changes !== 1) return false;
        retire.run(change.fromHash, change.sessionId, change.at);
        return true;
      });
    },
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
