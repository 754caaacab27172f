// The beacon listener (decision 058): with ANALYTICS_PORT set, POST /api/events is also served on
// that port by a worker thread of this process (services/analytics/beacon-listener-worker.ts), and
// the proxy sends the beacon there, so the event loop that renders pages never sees it. The app
// starts it once its database is migrated, adds its answers and counts to /metrics (posted every
// few seconds, and once more when it stops), restarts it if it dies (logged; readiness is not
// affected: the pages do not depend on it), and stops it on close (no new beacons, the queue
// written) before the database closes.
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ConfigError, type Config } from '../config.ts';
import type {
  BeaconListenerData,
  ListenerCommand,
  ListenerMessage,
} from '../services/analytics/beacon-listener-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The beacon listener, or null when ANALYTICS_PORT is unset. */
    beaconListener: BeaconListener | null;
  }
}

export type BeaconListener = {
  /** Where it listens (ANALYTICS_PORT 0 picks a free port). */
  address: { host: string; port: number };
  /** Its ingestion's counts, as last reported (added up across restarts). */
  counts: { accepted: number; written: number; dropped: number };
  /** Asks for its counts now; resolves once they are in /metrics and `counts`. */
  report(): Promise<void>;
  /** How many times it was restarted after dying. */
  restarts: number;
  /** Ends the thread abruptly, as a crash would (the restart's test); resolves once it is gone. */
  kill(): Promise<void>;
};

const REPORT_MS = 2_000;
const RESTART_DELAY_MS = 1_000;

export default fp(
  async function beaconListener(app: FastifyInstance, options: { config: Config }) {
    const { config } = options;
    app.decorate('beaconListener', null);
    const wanted = config.analytics.listener;
    if (!wanted) return;
    if (!config.database.url && config.database.file === ':memory:') {
      throw new ConfigError(
        'ANALYTICS_PORT: the beacon listener needs a database file or DATABASE_URL (an in-memory SQLite database cannot be shared with its thread)',
      );
    }
    const data: BeaconListenerData = {
      database: { url: config.database.url, file: config.database.file },
      listener: wanted,
      trustProxy: config.trustProxy,
      timeouts: config.timeouts,
      siteUrl: config.siteUrl,
      eventsPerMinute: config.analytics.eventsPerMinute,
      exemptAddresses: config.rateLimits.exemptAddresses,
      flushMs: config.analytics.flushMs,
      logLevel: config.logLevel,
      reportMs: REPORT_MS,
    };
    // Counts of the threads that came before (a restart starts the worker's own at zero).
    const before = { accepted: 0, written: 0, dropped: 0 };
    let closing = false;
    let worker: Worker;
    // Whether the current thread runs (between a death and its restart, nothing answers messages).
    let alive = false;
    // Set once the first thread listens: a failure before that fails the start instead.
    let started = false;
    let reported: (() => void)[] = [];

    function start(): Promise<{ host: string; port: number }> {
      const thread = new Worker(new URL('../services/analytics/beacon-listener-worker.ts', import.meta.url), {
        workerData: data,
      });
      worker = thread;
      alive = true;
      return new Promise((resolve, reject) => {
        thread.on('message', (message: ListenerMessage) => {
          if (message.type === 'listening') resolve({ host: message.host, port: message.port });
          else if (message.type === 'failed') reject(new Error(`beacon listener: ${message.message}`));
          else if (message.type === 'report') {
            app.metrics.http.absorb(message.http);
            for (const key of ['accepted', 'written', 'dropped'] as const)
              listener.counts[key] = before[key] + message.counts[key];
            for (const waiter of reported) waiter();
            reported = [];
          }
        });
        thread.on('error', (error) => app.log.error({ err: error }, 'beacon listener failed'));
        thread.on('exit', (code) => {
          if (worker === thread) alive = false;
          reject(new Error(`beacon listener stopped before listening (exit code ${code})`));
          for (const waiter of reported) waiter();
          reported = [];
          if (closing || worker !== thread || !started) return;
          // Died while serving: what it held unwritten is lost (at most a flush interval).
          app.log.error({ code }, 'beacon listener stopped; restarting it');
          Object.assign(before, listener.counts);
          setTimeout(() => {
            if (closing) return;
            start()
              .then(() => void (listener.restarts += 1))
              .catch((error: unknown) => app.log.error({ err: error }, 'beacon listener did not restart'));
          }, RESTART_DELAY_MS).unref();
        });
      });
    }

    const listener: BeaconListener = {
      address: wanted,
      counts: { ...before },
      restarts: 0,
      report: () =>
        new Promise<void>((resolve) => {
          if (!alive) return resolve();
          reported.push(resolve);
          worker.postMessage('report' satisfies ListenerCommand);
        }),
      kill: async () => void (await worker.terminate()),
    };
    // Later restarts listen on the port found here (ANALYTICS_PORT=0 is resolved once).
    listener.address = await start();
    started = true;
    data.listener = listener.address;
    app.beaconListener = listener;
    app.log.info(listener.address, 'beacon listener ready');

    app.addHook('preClose', async () => {
      closing = true;
      if (!alive) return;
      const thread = worker;
      const exited = new Promise((resolve) => thread.once('exit', resolve));
      thread.postMessage('close' satisfies ListenerCommand);
      await exited;
    });
  },
  { name: 'beacon-listener', dependencies: ['database', 'analytics'] },
);
