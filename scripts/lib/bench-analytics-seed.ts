// The data of `npm run bench:events dashboard` (issue 30): a year of page views as the daily
// rollups would hold them (about 400 rows a day), a raw tail of the last days' events as the
// beacon stores them, and `leads` demo requests (bench-leads.ts); then ANALYZE, as a live
// database would have had.
import { sql } from 'kysely';
import type { Database } from '../../server/db/driver.ts';
import { createAnalyticsRepository, type NewEvent } from '../../server/db/repositories/analytics.ts';
import { FEATURE_PATHS } from '../../server/services/analytics/rollups.ts';
import { seedLeads } from './bench-leads.ts';

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A small deterministic random source, so two runs seed the same data. */
function randomSource(seed: number) {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

export async function seed(db: Database, totalEvents: number, rawDays: number, leads: number) {
  const repo = createAnalyticsRepository(db.kysely, db.engine);
  const random = randomSource(42);
  const today = Date.parse(`${dayOf(Date.now())}T00:00:00Z`);
  const perDay = Math.round(totalEvents / 365);
  const pages = [
    ...FEATURE_PATHS,
    '/home',
    '/features',
    '/faq',
    '/glossary',
    '/docs',
    '/privacy',
    '/request-demo',
    ...Array.from({ length: 80 }, (_, n) => `/docs/page-${n}`),
  ];
  const sources = [
    'Direct / None',
    'Google',
    'Google Ads',
    'LinkedIn',
    'Bing',
    'newsletter',
    ...Array.from({ length: 24 }, (_, n) => `partner-${n}.example`),
  ];
  const started = performance.now();
  // Rollups of the days before the raw tail, written as the rollup would (about 400 rows a day).
  let rows: { day: string; dimension: string; value: string; visitors: number; events: number; conversions: number }[] =
    [];
  const flush = async () => {
    for (let index = 0; index < rows.length; index += 1000)
      await db.kysely
        .insertInto('analytics_daily')
        .values(rows.slice(index, index + 1000))
        .execute();
    rows = [];
  };
  for (let back = 365; back > rawDays; back--) {
    const day = dayOf(today - back * DAY_MS);
    const views = Math.round(perDay * (0.7 + random() * 0.6));
    const visitors = Math.round(views / 2.6);
    const demos = Math.round(visitors * 0.01);
    const add = (dimension: string, value: string, share: number, conversions = 0) =>
      rows.push({
        day,
        dimension,
        value,
        visitors: Math.max(1, Math.round(visitors * share)),
        events: Math.max(1, Math.round(views * share)),
        conversions,
      });
    add('total', '', 1, demos);
    pages.forEach((path, n) => add('page', path, 1 / (n + 2)));
    pages.slice(0, 40).forEach((path, n) => add('entry', path, 1 / (n + 3), Math.round(demos / (n + 3))));
    sources.forEach((source, n) => add('source', source, 1 / (n + 2), Math.round(demos / (n + 2))));
    for (let n = 0; n < 20; n++) add('campaign', `campaign-${n}`, 0.01, n % 3);
    ['desktop', 'mobile', 'tablet'].forEach((device, n) => add('device', device, [0.6, 0.35, 0.05][n]!));
    for (let n = 0; n < 100; n++) add('search', `query ${n}`, 0.001);
    for (let n = 0; n < 30; n++) add('search_none', `missing ${n}`, 0.0005);
    ['demo_modal_opened', 'form_submitted:demo', 'form_submitted:contact', 'form_submitted:newsletter'].forEach(
      (event, n) => add('event', event, 0.02 / (n + 1)),
    );
    ['visit', 'feature', 'demo_modal', 'demo_form', 'demo_booked'].forEach((step, n) =>
      add('funnel', step, [1, 0.4, 0.05, 0.01, 0.004][n]!),
    );
    if (rows.length > 20_000) await flush();
  }
  await flush();
  const rollupSeconds = (performance.now() - started) / 1000;
  // The raw tail: the last days' events as the beacon stores them.
  const rawStarted = performance.now();
  let batch: NewEvent[] = [];
  let raw = 0;
  for (let back = rawDays; back >= 1; back--) {
    const day = dayOf(today - back * DAY_MS);
    for (let n = 0; n < perDay; n++) {
      const visitor = `v${Math.floor(random() * (perDay / 2.6))}`.padEnd(22, 'x');
      batch.push({
        day,
        at: `${day}T${String(Math.floor((n / perDay) * 24)).padStart(2, '0')}:00:00.000Z`,
        type: random() < 0.95 ? 'pageview' : 'demo_modal_opened',
        path: pages[Math.floor(random() ** 2 * pages.length)]!,
        referrer_host: null,
        source: sources[Math.floor(random() ** 2 * sources.length)]!,
        utm_medium: null,
        utm_campaign: random() < 0.1 ? `campaign-${Math.floor(random() * 20)}` : null,
        utm_term: null,
        utm_content: null,
        visitor,
        device: random() < 0.6 ? 'desktop' : 'mobile',
        name: null,
        found: null,
      });
      if (batch.length === 10_000) {
        await repo.insertEvents(batch);
        raw += batch.length;
        batch = [];
      }
    }
  }
  await repo.insertEvents(batch);
  raw += batch.length;
  await seedLeads(db, { leads, today, sources, pages, random });
  // The steady state of a live database (autovacuum passes within a minute of such a load, which
  // gives PostgreSQL its visibility map for index-only scans), not whenever it happens to pass.
  await (db.sqlite ? sql`ANALYZE` : sql`VACUUM ANALYZE`).execute(db.kysely);
  const rawSeconds = (performance.now() - rawStarted) / 1000;
  return { repo, raw, rollupSeconds, rawSeconds, perDay, lastRawDay: dayOf(today - DAY_MS) };
}
