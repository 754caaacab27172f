// Runs the outbox worker (decision 010) inside the server process: it starts once the app is
// ready and stops before the database closes, waiting for a send in flight.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createMailTransport } from '../services/mail-transport.ts';
import { createOutboxWorker } from '../services/outbox-worker.ts';

export default fp(
  async function outbox(app: FastifyInstance, options: { config: Config }) {
    const { mail, dataDir } = options.config;
    const transport = createMailTransport({
      smtpUrl: mail.smtpUrl,
      from: mail.from,
      outboxDir: join(dataDir, 'outbox'),
    });
    const worker = createOutboxWorker({
      outbox: app.repos.outbox,
      transport,
      pollMs: mail.pollMs,
      retryBaseMs: mail.retryBaseMs,
      leaseMs: mail.leaseMs,
      observer: { sent: () => app.metrics.outboxSent.inc(), failed: () => app.metrics.outboxFailed.inc() },
      log: app.log.child({ component: 'outbox' }),
    });
    app.addHook('onReady', async () => {
      worker.start();
      app.log.info({ transport: transport.description, pollMs: mail.pollMs }, 'outbox worker started');
    });
    // preClose runs before any onClose hook, so the database is still open while the last send is recorded.
    app.addHook('preClose', async () => {
      await worker.stop();
      transport.close();
    });
  },
  { name: 'outbox', dependencies: ['database', 'services'] },
);
