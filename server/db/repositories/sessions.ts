// SQL for sign-in sessions (refresh tokens, stored as hashes) and for failed sign-in counters.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema.ts';

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

export function createSessionsRepository(db: Kysely<DB>) {
  const sessionColumns = [
    'id',
    'user_id as userId',
    'session_id as sessionId',
    'created_at as createdAt',
    'expires_at as expiresAt',
    'last_used_at as lastUsedAt',
    'revoked_at as revokedAt',
  ] as const;
  return {
    async create(row: { userId: number; sessionId: string; tokenHash: string; createdAt: string; expiresAt: string }) {
      await db
        .insertInto('refresh_tokens')
        .values({
          user_id: row.userId,
          session_id: row.sessionId,
          token_hash: row.tokenHash,
          created_at: row.createdAt,
          expires_at: row.expiresAt,
          last_used_at: row.createdAt,
        })
        .execute();
    },
    findBySessionId: async (sessionId: string): Promise<Session | null> =>
      ((await db
        .selectFrom('refresh_tokens')
        .select(sessionColumns)
        .where('session_id', '=', sessionId)
        .executeTakeFirst()) as Session | undefined) ?? null,
    /** The session whose current refresh token has this hash. */
    findByTokenHash: async (tokenHash: string): Promise<Session | null> =>
      ((await db
        .selectFrom('refresh_tokens')
        .select(sessionColumns)
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst()) as Session | undefined) ?? null,
    /** The session a refresh token belonged to before it was rotated away: a second use. */
    findRetired: async (tokenHash: string): Promise<string | null> =>
      (
        await db
          .selectFrom('retired_refresh_tokens')
          .select('session_id')
          .where('token_hash', '=', tokenHash)
          .executeTakeFirst()
      )?.session_id ?? null,
    /** A retired refresh token's session, when it was retired, whether it was the last one the
     * session retired (its successor is the current token), and the current token's hash. */
    async findRetiredUse(
      tokenHash: string,
    ): Promise<{ sessionId: string; retiredAt: string; latest: boolean; currentHash: string } | null> {
      const row = await db
        .selectFrom('retired_refresh_tokens as r')
        .innerJoin('refresh_tokens as t', 't.session_id', 'r.session_id')
        .select((eb) => [
          'r.session_id as sessionId',
          'r.retired_at as retiredAt',
          't.token_hash as currentHash',
          eb
            .not(
              eb.exists(
                eb
                  .selectFrom('retired_refresh_tokens as later')
                  .select('later.token_hash')
                  .whereRef('later.session_id', '=', 'r.session_id')
                  .whereRef('later.retired_at', '>', 'r.retired_at'),
              ),
            )
            .as('latest'),
        ])
        .where('r.token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row ? { ...row, latest: Boolean(row.latest) } : null;
    },
    /** Swaps a live session's refresh token for a new one and keeps the old hash as used, in one
     * transaction. False when the old token is no longer the current one (a concurrent refresh
     * won, on this instance or another) or the session was revoked meanwhile. */
    rotate(change: { sessionId: string; fromHash: string; toHash: string; at: string }): Promise<boolean> {
      const run = <T>(work: (trx: Kysely<DB>) => Promise<T>) =>
        db.isTransaction ? work(db) : db.transaction().execute(work);
      return run(async (trx) => {
        const updated = await trx
          .updateTable('refresh_tokens')
          .set({ token_hash: change.toHash, last_used_at: change.at })
          .where('session_id', '=', change.sessionId)
          .where('token_hash', '=', change.fromHash)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('retired_refresh_tokens')
          .values({ token_hash: change.fromHash, session_id: change.sessionId, retired_at: change.at })
          .execute();
        return true;
      });
    },
    /** Marks a live session as used now (the idle limit counts from here), at most once per
     * `notBefore`: work that is not a refresh (the Content pages) counts as activity too. */
    async touch(sessionId: string, at: string, notBefore: string): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ last_used_at: at })
        .where('session_id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .where('last_used_at', '<', notBefore)
        .execute();
    },
    /** True when a live session was revoked. */
    async revoke(sessionId: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: at })
        .where('session_id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async revokeAllForUser(userId: number, at: string): Promise<number> {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    findFailures: async (key: string): Promise<FailureCounter | null> =>
      (await db
        .selectFrom('sign_in_failures')
        .select(['failures', 'last_failed_at as lastFailedAt', 'locked_until as lockedUntil'])
        .where('key', '=', key)
        .executeTakeFirst()) ?? null,
    /** Counts one failure for `key` in a single statement, so concurrent attempts (on any
     * instance) each see the count that includes the ones before them. A counter whose last
     * failure is older than `staleBefore` and that is not locked starts again from one; reaching
     * `threshold` locks until `lockUntil`. */
    async recordFailure(
      key: string,
      at: string,
      policy: { staleBefore: string; threshold: number; lockUntil: string },
    ): Promise<FailureCounter> {
      const next = sql<number>`CASE WHEN sign_in_failures.last_failed_at < ${policy.staleBefore}
        AND (sign_in_failures.locked_until IS NULL OR sign_in_failures.locked_until <= ${at})
        THEN 1 ELSE sign_in_failures.failures + 1 END`;
      const { rows } = await sql<FailureCounter>`
        INSERT INTO sign_in_failures (key, failures, last_failed_at, locked_until)
        VALUES (${key}, 1, ${at}, ${policy.threshold <= 1 ? policy.lockUntil : null})
        ON CONFLICT (key) DO UPDATE SET
          failures = ${next},
          last_failed_at = ${at},
          locked_until = CASE WHEN ${next} >= ${policy.threshold} THEN ${policy.lockUntil} ELSE NULL END
        RETURNING failures, last_failed_at AS "lastFailedAt", locked_until AS "lockedUntil"`.execute(db);
      return rows[0]!;
    },
    /** Takes one failure back (a right password), lifting the lock when fewer than `threshold` remain. */
    async takeBackFailure(key: string, threshold: number) {
      await sql`UPDATE sign_in_failures SET failures = failures - 1,
        locked_until = CASE WHEN failures - 1 >= ${threshold} THEN locked_until ELSE NULL END
        WHERE key = ${key}`.execute(db);
      await db.deleteFrom('sign_in_failures').where('key', '=', key).where('failures', '<=', 0).execute();
    },
    async clearFailures(key: string) {
      await db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
