// SQL for rate-limit counters shared by every instance (decision 015): fixed one-minute windows,
// one row per key and window, counted with a single upsert so concurrent hits never lose a count.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema.ts';

export function createRateLimitRepository(db: Kysely<DB>) {
  return {
    /** Adds one hit to `key` in the window starting at `windowStart` (ms); returns the count. */
    async hit(key: string, windowStart: number): Promise<number> {
      const { rows } = await sql<{ hits: number }>`
        INSERT INTO rate_limit_hits (key, window_start, hits) VALUES (${key}, ${windowStart}, 1)
        ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
        RETURNING hits`.execute(db);
      return Number(rows[0]?.hits ?? 0);
    },
    /** Forgets windows that ended before `before` (ms). */
    async deleteOlderThan(before: number): Promise<number> {
      const result = await db.deleteFrom('rate_limit_hits').where('window_start', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
