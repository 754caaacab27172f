// SQL of "what converts" (issue 30): demo requests of a date range counted by the source, campaign
// or landing page they were sent with (their own columns: migrations 014 and 017), with how many
// have a time booked (issue 29's bookings) and how many are in progress or done in the inbox; and the visitors of the same values from the daily
// rollups. Spam is left out, as in the funnel. Written once for both engines.
import { type Kysely, type RawBuilder, sql } from 'kysely';
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
/** A demo request with a time that is still booked (a cancelled one did not convert). */
const BOOKED = sql`EXISTS (SELECT 1 FROM bookings b WHERE b.demo_request_id = d.id AND b.status = 'booked')`;

const startOf = (day: string) => `${day}T00:00:00.000Z`;
const endOf = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

export function createConversionQueries(db: Kysely<DB>) {
  /** The value a request is counted by (the landing page without its query string, as the
   * rollup's entry pages; migration 017's column). */
  const keyOf = (dimension: ConversionDimension): RawBuilder<unknown> => sql.ref(`d.${dimension}`);

  return {
    /** Demo requests of [from, to] by value: the `limit` values with the most, or (with `only`)
     * just those values (null among them: the requests without one). */
    async demoRequestsBy(
      dimension: ConversionDimension,
      from: string,
      to: string,
      options: { limit?: number; only?: (string | null)[] } = {},
    ): Promise<RequestCounts[]> {
      const key = keyOf(dimension);
      let only = sql``;
      if (options.only) {
        if (!options.only.length) return [];
        const named = options.only.filter((value): value is string => value !== null);
        const inList = named.length ? sql`${key} IN (${sql.join(named.map((value) => sql`${value}`))})` : sql`1 = 0`;
        only = options.only.includes(null) ? sql`AND (${inList} OR ${key} IS NULL)` : sql`AND ${inList}`;
      }
      const limit = options.limit ? sql`LIMIT ${options.limit}` : sql``;
      const { rows } = await sql<Record<keyof RequestCounts, unknown>>`
        SELECT ${key} AS value, count(*) AS demo_requests,
          sum(CASE WHEN ${BOOKED} THEN 1 ELSE 0 END) AS demos_booked,
          sum(CASE WHEN d.status = 'in_progress' THEN 1 ELSE 0 END) AS in_progress,
          sum(CASE WHEN d.status = 'done' THEN 1 ELSE 0 END) AS done
        FROM demo_requests d
        WHERE d.created_at >= ${startOf(from)} AND d.created_at < ${endOf(to)} AND ${COUNTED} ${only}
        GROUP BY ${key}
        ORDER BY count(*) DESC, ${key}
        ${limit}`.execute(db);
      return rows.map((row) => ({
        value: row.value === null ? null : String(row.value),
        demo_requests: Number(row.demo_requests),
        demos_booked: Number(row.demos_booked),
        in_progress: Number(row.in_progress),
        done: Number(row.done),
      }));
    },

    /** Demo requests of [from, to] that have a time booked: the funnel's step, from the database. */
    async demoRequestsBooked(from: string, to: string): Promise<number> {
      const { rows } = await sql<{ n: unknown }>`
        SELECT count(*) AS n FROM demo_requests d
        WHERE d.created_at >= ${startOf(from)} AND d.created_at < ${endOf(to)} AND ${COUNTED} AND ${BOOKED}`.execute(
        db,
      );
      return Number(rows[0]?.n ?? 0);
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
