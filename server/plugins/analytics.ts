// Visitor analytics in the server (issue 30): the beacon's ingestion, the daily rollups rebuilt
// every ANALYTICS_ROLLUP_MINUTES, old salts deleted hourly (and at each new day), and the
// dashboard's reads. Queued events are written before the database closes. On a SQLite file the
// events are committed by a worker thread with its own connection (decision 057).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createAnalyticsRepository } from '../db/repositories/analytics.ts';
import { workerSink } from '../services/analytics/event-sink.ts';
import { createIngest, type Ingest } from '../services/analytics/ingest.ts';
import { createOverview, type OverviewReader } from '../services/analytics/overview.ts';
import { createRollups, type Rollups } from '../services/analytics/rollups.ts';

declare module 'fastify' {
  interface FastifyInstance {
    analytics: { ingest: Ingest; rollups: Rollups; overview: OverviewReader; siteHost: string | null };
  }
}

const HOUR_MS = 3_600_000;

export default fp(
  async function analytics(app: FastifyInstance, options: { config: Config; now?: (() => number) | undefined }) {
    const { config } = options;
    const repo = createAnalyticsRepository(app.database.kysely, app.database.engine);
    // The site's host: SITE_URL's, else each request's own (routes/api/events.ts).
    const siteHost = config.siteUrl ? new URL(config.siteUrl).host : null;
    const file = config.database.file;
    const ingest = createIngest({
      repo,
      log: app.log,
      flushMs: config.analytics.flushMs,
      ...(app.database.sqlite && file !== ':memory:' ? { sink: workerSink(file) } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    const rollups = createRollups(repo, options.now);
    app.decorate('analytics', { ingest, rollups, overview: createOverview(repo), siteHost });

    let running: Promise<unknown> = Promise.resolve();
    const rollupRecent = (includeMissing: boolean) => {
      running = ingest
        .flush()
        .then(() => rollups.rollupRecent(includeMissing))
        .catch((error: unknown) => app.log.error({ err: error }, 'analytics rollup failed'));
    };
    const timers: NodeJS.Timeout[] = [];
    app.addHook('onReady', async () => {
      rollupRecent(true);
      timers.push(setInterval(() => rollupRecent(false), config.analytics.rollupMinutes * 60_000).unref());
      timers.push(setInterval(() => void ingest.deleteOldSalts(), HOUR_MS).unref());
    });
    app.addHook('preClose', async () => {
      for (const timer of timers) clearInterval(timer);
      await running;
      await ingest.close();
    });
  },
  { name: 'analytics', dependencies: ['database'] },
);
