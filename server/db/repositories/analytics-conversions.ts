// SQL of "what converts" (issue 30): demo requests of a date range counted by the source, campaign
// or landing page they were sent with (their own columns: migrations 014 and 017; the landing
// page without its query string, as the rollup's entry pages), with how many
// have a time booked (issue 29's bookings) and how many are in progress or done in the inbox; and the visitors of the same values from the daily
// rollups. Spam is left out, as in the funnel. Written once for both engines.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema.ts';

/** What a demo request is counted by. */
export type ConversionDimension = 'source' | 'campaign' | 'landing_page';
/** The rollup dimension holding the visitors of the same values (a visit's first page of the day). */
export const ROLLUP_DIMENSION = { source: 'source', campaign: 'campaign', landing_page: 'entry' } as const;

/** Demo requests of one value; `value` null: sent without one (an API call without attribution). */
export type RequestCounts = {
  value: string | null;
  demo_requests: number;
  demos_booked: number;
  in_progress: number;
  done: number;
};

/** Only the statuses the inbox's funnel counts (a request marked spam is not a lead). */
const COUNTED = sql`d.is_spam = 0 AND d.status IN ('new', 'in_progress', 'done')`;

const startOf = (day: string) => `${day}T00:00:00.000Z`;
const endOf = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** The SQL of demoRequestsByEach (the benchmark prints its plan). */
export function requestCountsQuery(from: string, to: string, limit?: number) {
  const counts = sql`count(*) AS demo_requests, sum(booked) AS demos_booked,
      sum(CASE WHEN status = 'in_progress' THEN 1 ELSE 0 END) AS in_progress,
      sum(CASE WHEN status = 'done' THEN 1 ELSE 0 END) AS done`;
  const grouped = (dimension: ConversionDimension) => sql`
    SELECT ${sql.lit(dimension)} AS dimension, ${sql.ref(dimension)} AS value, ${counts}
    FROM ranged GROUP BY ${sql.ref(dimension)}`;
  return sql<Record<keyof RequestCounts | 'dimension', unknown>>`
    WITH ranged AS MATERIALIZED (
      SELECT d.source, d.campaign, d.landing_page, d.status,
        -- Booked: a time still booked (a cancelled one did not convert). A list built once
        -- (PostgreSQL's hashed subplan, SQLite's ephemeral index), not a probe per request.
        CASE WHEN d.id IN (SELECT demo_request_id FROM bookings WHERE status = 'booked') THEN 1 ELSE 0 END AS booked
      FROM demo_requests d
      WHERE d.created_at >= ${startOf(from)} AND d.created_at < ${endOf(to)} AND ${COUNTED}
    ),
    counted AS (
      ${grouped('source')} UNION ALL ${grouped('campaign')} UNION ALL ${grouped('landing_page')}
      UNION ALL SELECT 'all' AS dimension, NULL AS value, ${counts} FROM ranged
    )
    SELECT * FROM (
      SELECT counted.*,
        row_number() OVER (PARTITION BY dimension ORDER BY demo_requests DESC, value) AS place
      FROM counted
    ) ranked
    WHERE place <= ${limit ?? Number.MAX_SAFE_INTEGER}`;
}

export function createConversionQueries(db: Kysely<DB>) {
  return {
    /** Demo requests of [from, to] by source, by campaign and by landing page, in one pass over
     * the range (decision 057: one grouped query per period, where six were 324 ms on PostgreSQL
     * over 20,000 leads): for each dimension the `limit` values with the most (ties by value), or
     * every value without a limit; and under `all` one row of the range's totals (the funnel's
     * end in the inbox). The range's requests are read once (a materialized CTE over the
     * covering index of migration 017). */
    async demoRequestsByEach(
      from: string,
      to: string,
      limit?: number,
    ): Promise<Record<ConversionDimension | 'all', RequestCounts[]>> {
      const { rows } = await requestCountsQuery(from, to, limit).execute(db);
      const answer: Record<ConversionDimension | 'all', RequestCounts[]> = {
        source: [],
        campaign: [],
        landing_page: [],
        all: [],
      };
      for (const row of rows) {
        answer[row.dimension as ConversionDimension | 'all'].push({
          value: row.value === null ? null : String(row.value),
          demo_requests: Number(row.demo_requests),
          demos_booked: Number(row.demos_booked),
          in_progress: Number(row.in_progress),
          done: Number(row.done),
        });
      }
      return answer;
    },

    /** Visitors of [from, to] (a sum of daily uniques) for each of `values` that had any. */
    async visitorsOf(dimension: ConversionDimension, values: string[], from: string, to: string) {
      if (!values.length) return new Map<string, number>();
      const rows = await db
        .selectFrom('analytics_daily')
        .select((eb) => ['value', eb.fn.sum<number>('visitors').as('visitors')])
        .where('dimension', '=', ROLLUP_DIMENSION[dimension])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .where('value', 'in', values)
        .groupBy('value')
        .execute();
      return new Map(rows.map((row) => [row.value, Number(row.visitors)]));
    },
  };
}
