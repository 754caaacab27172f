// SQL of the visitor analytics (issue 30, migration 012): the daily salts, raw events written in
// batches, the daily rollups built from them, and every dashboard read, which only ever reads the
// rollups (analytics_daily). Written once for both engines.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema.ts';
import { createConversionQueries } from './analytics-conversions.ts';
import { createEventWriter } from './analytics-insert.ts';

export type { NewEvent } from './analytics-insert.ts';
export type RankedRow = { value: string; visitors: number; events: number; conversions: number };
/** The rollup's dimensions the dashboard ranks. */
export type RankedDimension =
  'page' | 'entry' | 'source' | 'campaign' | 'device' | 'search' | 'search_none' | 'event' | 'funnel';

/** PostgreSQL: one instance rolls up a day at a time (any number), so two never interleave. */
const ROLLUP_LOCK = 7_240_130;

export function createAnalyticsRepository(db: Kysely<DB>, engine: 'sqlite' | 'postgres') {
  const runInTransaction = <T>(work: (trx: Kysely<DB>) => Promise<T>) => db.transaction().execute(work);

  async function rollupDay(trx: Kysely<DB>, day: string, featurePaths: readonly string[]) {
    if (engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK})`.execute(trx);
    await trx.deleteFrom('analytics_daily').where('day', '=', day).execute();
    // A day without events gets no rows (rather than rows of zeros).
    const any = await trx
      .selectFrom('analytics_events')
      .select('id')
      .where('day', '=', day)
      .limit(1)
      .executeTakeFirst();
    if (!any) return;
    const features = sql.join(featurePaths.map((path) => sql`${path}`));
    // Per visitor of the day: where they entered (their first page view: page, source, campaign,
    // device) and how far they went. Sources, campaigns and entry pages convert per visitor.
    await sql`
      WITH first_views AS (
        SELECT visitor, path, source, utm_campaign, device,
               ROW_NUMBER() OVER (PARTITION BY visitor ORDER BY at, id) AS n
        FROM analytics_events WHERE day = ${day} AND type = 'pageview'
      ),
      reached AS (
        SELECT visitor,
          max(CASE WHEN type = 'pageview' AND path IN (${features}) THEN 1 ELSE 0 END) AS feature,
          max(CASE WHEN type = 'demo_modal_opened' THEN 1 ELSE 0 END) AS modal,
          max(CASE WHEN type = 'form_submitted' AND name = 'demo' THEN 1 ELSE 0 END) AS demo,
          max(CASE WHEN type = 'demo_booked' THEN 1 ELSE 0 END) AS booked
        FROM analytics_events WHERE day = ${day} GROUP BY visitor
      ),
      entries AS (
        SELECT f.path, f.source, f.utm_campaign, f.device, r.feature, r.modal, r.demo, r.booked
        FROM first_views f JOIN reached r ON r.visitor = f.visitor WHERE f.n = 1
      )
      INSERT INTO analytics_daily (day, dimension, value, visitors, events, conversions)
      SELECT ${day}, 'total', '', count(*), (SELECT count(*) FROM analytics_events WHERE day = ${day} AND type = 'pageview'), coalesce(sum(demo), 0) FROM entries
      UNION ALL SELECT ${day}, 'entry', path, count(*), count(*), sum(demo) FROM entries GROUP BY path
      UNION ALL SELECT ${day}, 'source', source, count(*), count(*), sum(demo) FROM entries GROUP BY source
      UNION ALL SELECT ${day}, 'campaign', utm_campaign, count(*), count(*), sum(demo) FROM entries WHERE utm_campaign IS NOT NULL GROUP BY utm_campaign
      UNION ALL SELECT ${day}, 'device', device, count(*), count(*), sum(demo) FROM entries GROUP BY device
      UNION ALL SELECT ${day}, 'funnel', 'visit', count(*), count(*), 0 FROM entries
      UNION ALL SELECT ${day}, 'funnel', 'feature', coalesce(sum(feature), 0), 0, 0 FROM entries
      UNION ALL SELECT ${day}, 'funnel', 'demo_modal', coalesce(sum(modal), 0), 0, 0 FROM entries
      UNION ALL SELECT ${day}, 'funnel', 'demo_form', coalesce(sum(demo), 0), 0, 0 FROM entries
      UNION ALL SELECT ${day}, 'funnel', 'demo_booked', coalesce(sum(booked), 0), 0, 0 FROM entries
    `.execute(trx);
    await sql`
      INSERT INTO analytics_daily (day, dimension, value, visitors, events, conversions)
      SELECT ${day}, 'page', path, count(DISTINCT visitor), count(*), 0 FROM analytics_events WHERE day = ${day} AND type = 'pageview' GROUP BY path
      UNION ALL SELECT ${day}, 'search', name, count(DISTINCT visitor), count(*), 0 FROM analytics_events WHERE day = ${day} AND type = 'search' GROUP BY name
      UNION ALL SELECT ${day}, 'search_none', name, count(DISTINCT visitor), count(*), 0 FROM analytics_events WHERE day = ${day} AND type = 'search' AND found = 0 GROUP BY name
      UNION ALL SELECT ${day}, 'event', type || coalesce(':' || name, ''), count(DISTINCT visitor), count(*), 0
        FROM analytics_events WHERE day = ${day} AND type NOT IN ('pageview', 'search') GROUP BY type || coalesce(':' || name, '')
    `.execute(trx);
  }

  const ranked = (rows: { value: string; visitors: unknown; events: unknown; conversions: unknown }[]): RankedRow[] =>
    rows.map((row) => ({
      value: row.value,
      visitors: Number(row.visitors),
      events: Number(row.events),
      conversions: Number(row.conversions),
    }));

  return {
    ...createConversionQueries(db),

    /** The day's salt, made by whichever instance asks first (the others read that one). */
    async saltFor(day: string, fresh: string, now: string): Promise<string> {
      await db
        .insertInto('analytics_salts')
        .values({ day, salt: fresh, created_at: now })
        .onConflict((conflict) => conflict.column('day').doNothing())
        .execute();
      const row = await db
        .selectFrom('analytics_salts')
        .select('salt')
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      return row.salt;
    },

    /** Deletes the salts of days before `day`; returns how many. */
    async deleteSaltsBefore(day: string): Promise<number> {
      const result = await db.deleteFrom('analytics_salts').where('day', '<', day).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async saltDays(): Promise<string[]> {
      return (await db.selectFrom('analytics_salts').select('day').orderBy('day').execute()).map((row) => row.day);
    },

    // insertEvents(events) and insertFlat(values, rows): all of a chunk stored or none (analytics-insert.ts).
    ...createEventWriter(db, engine),

    /** Rebuilds one day's rollup from its raw events, in one transaction. */
    async rollup(day: string, featurePaths: readonly string[]): Promise<void> {
      await runInTransaction((trx) => rollupDay(trx, day, featurePaths));
    },

    /** Days that have raw events but no rollup yet (a server that was down at midnight). */
    async daysWithoutRollup(): Promise<string[]> {
      const rows = await db
        .selectFrom('analytics_events')
        .select('day')
        .distinct()
        .where('day', 'not in', db.selectFrom('analytics_daily').select('day').where('dimension', '=', 'total'))
        .orderBy('day')
        .execute();
      return rows.map((row) => row.day);
    },

    /** Deletes raw events of days before `day` (their rollups stay); returns how many. */
    async deleteEventsBefore(day: string, dryRun = false): Promise<number> {
      if (dryRun) {
        const row = await db
          .selectFrom('analytics_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('day', '<', day)
          .executeTakeFirst();
        return Number(row?.n ?? 0);
      }
      const result = await db.deleteFrom('analytics_events').where('day', '<', day).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Totals of the range [from, to] from the rollups. */
    async totals(from: string, to: string) {
      const row = await db
        .selectFrom('analytics_daily')
        .select((eb) => [
          eb.fn.sum<number>('visitors').as('visitors'),
          eb.fn.sum<number>('events').as('pageviews'),
          eb.fn.sum<number>('conversions').as('demo_visitors'),
        ])
        .where('dimension', '=', 'total')
        .where('day', '>=', from)
        .where('day', '<=', to)
        .executeTakeFirst();
      return {
        visitors: Number(row?.visitors ?? 0),
        pageviews: Number(row?.pageviews ?? 0),
        demo_visitors: Number(row?.demo_visitors ?? 0),
      };
    },

    /** Visitors and page views of each day of the range that has any. */
    async days(from: string, to: string) {
      const rows = await db
        .selectFrom('analytics_daily')
        .select(['day', 'visitors', 'events'])
        .where('dimension', '=', 'total')
        .where('day', '>=', from)
        .where('day', '<=', to)
        .orderBy('day')
        .execute();
      return rows.map((row) => ({ day: row.day, visitors: Number(row.visitors), pageviews: Number(row.events) }));
    },

    /** The `limit` biggest values of a dimension over the range. */
    async top(
      dimension: RankedDimension,
      from: string,
      to: string,
      limit: number,
      by: 'visitors' | 'events' = 'visitors',
    ): Promise<RankedRow[]> {
      const rows = await db
        .selectFrom('analytics_daily')
        .select((eb) => [
          'value',
          eb.fn.sum<number>('visitors').as('visitors'),
          eb.fn.sum<number>('events').as('events'),
          eb.fn.sum<number>('conversions').as('conversions'),
        ])
        .where('dimension', '=', dimension)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('value')
        .orderBy(by, 'desc')
        .orderBy('value')
        .limit(limit)
        .execute();
      return ranked(rows);
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
