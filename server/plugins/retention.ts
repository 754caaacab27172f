// The retention period kept by the server itself (decision 018): once at start and then once a
// day, submissions older than RETENTION_MONTHS are deleted with their images, inbox events and
// emails, raw analytics events older than ANALYTICS_RAW_RETENTION_DAYS, and Content items in the
// trash and uploaded images no page names after 30 days; the counts logged. `npm run data:purge`
// does the same for cron. With several instances each runs it; the deletes are idempotent, so a
// second run finds nothing.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createRetentionRepository, monthsBefore } from '../db/repositories/retention.ts';
import { imagePurgeCutoff, purgeUnusedImages } from '../services/page-image-purge.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export default fp(
  async function retention(app: FastifyInstance, options: { config: Config }) {
    const { retentionPurge, retentionMonths } = options.config;
    if (!retentionPurge) return;
    const repo = createRetentionRepository(app.database);
    const { rawRetentionDays } = options.config.analytics;
    let running: Promise<void> | undefined;
    const purge = () => {
      const cutoff = monthsBefore(new Date(), retentionMonths).toISOString();
      running = repo
        .purgeOlderThan(cutoff, false)
        .then(async (counts) => {
          // Raw analytics events after ANALYTICS_RAW_RETENTION_DAYS; their daily rollups stay.
          const analytics = await app.analytics.rollups.purgeRaw(rawRetentionDays);
          // Content items in the trash for more than 30 days (decision 052).
          const trash = await app.services.contentEditing.purgeTrash();
          // Uploaded content images no page document names, older than 30 days (decision 059).
          const unusedImages = await purgeUnusedImages(app.database.kysely, imagePurgeCutoff());
          app.log.info(
            { cutoff, retentionMonths, counts, analytics: { ...analytics, rawRetentionDays }, trash, unusedImages },
            'retention purge',
          );
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'retention purge failed'))
        .finally(() => (running = undefined));
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      purge();
      timer = setInterval(purge, DAY_MS).unref();
    });
    // Before the database closes: a purge in progress finishes (one transaction).
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'retention', dependencies: ['database', 'analytics', 'services'] },
);
