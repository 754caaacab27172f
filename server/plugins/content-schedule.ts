// Scheduled publishing of Content drafts (issue 31, decision 052): every CONTENT_SCHEDULE_SECONDS
// each instance publishes the drafts whose publish_at has come. Every instance looks; each draft
// is published once, by whichever instance's compare-and-set on its version wins (the others'
// are refused and skipped), and the change reaches every instance, the page cache and the search
// index as a staff save does (ContentService.invalidate()).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

export default fp(
  async function contentSchedule(app: FastifyInstance, options: { config: Config }) {
    const everyMs = options.config.contentScheduleSeconds * 1000;
    let running: Promise<void> | undefined;
    const tick = () => {
      // One run at a time on this instance: a slow run is not overlapped by the next tick.
      if (running) return;
      // FAQ items and glossary entries, then page documents (decision 055): the same steps as Publish.
      running = app.services.contentEditing
        .publishDue()
        .then(async (items) => items + (await app.services.pageEditing.publishDue()))
        .then((published) => {
          if (published > 0) app.log.info({ published }, 'scheduled content published');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'scheduled content publishing failed'))
        .finally(() => (running = undefined));
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      tick();
      timer = setInterval(tick, everyMs).unref();
    });
    // Before the database closes: a run in progress finishes.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'content-schedule', dependencies: ['database', 'services'] },
);
