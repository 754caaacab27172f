// The beacon listener (decision 058): a worker thread that answers POST /api/events on its own
// port (ANALYTICS_PORT), so thousands of beacons a second cost the event loop that renders pages
// nothing. It runs the very route the app runs (routes/api/events.ts) in a minimal Fastify with
// the app's request ids, trust-proxy rule, error answers and beacon headers, and takes the events
// with its own ingestion and its own database connection (SQLite: the site's file; PostgreSQL: a
// small pool of its own). The day's salt is a row of the database, so this thread and the app
// compute the same visitor id. It reports its answers and counts to the app for /metrics.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../../common/messages.ts';
import { openDatabase } from '../../db/driver.ts';
import { createAnalyticsRepository } from '../../db/repositories/analytics.ts';
import { createHttpTally, type HttpDelta } from '../../metrics.ts';
import errors, { answerClientError, answerFrameworkError } from '../../plugins/errors.ts';
import securityHeaders from '../../plugins/security-headers.ts';
import { lingerThenClose, requestIdOf } from '../../request-basics.ts';
import eventsRoutes from '../../routes/api/events.ts';
import { createIngest } from './ingest.ts';

export type BeaconListenerData = {
  database: { url?: string | undefined; file: string };
  listener: { host: string; port: number };
  trustProxy: boolean;
  timeouts: { headersMs: number; requestMs: number; connectionMs: number };
  siteUrl: string | undefined;
  eventsPerMinute: number;
  exemptAddresses: string[];
  flushMs: number;
  logLevel: string;
  /** How often the counts are posted to the app, in ms. */
  reportMs: number;
};

/** What the listener posts to the app. */
export type ListenerMessage =
  | { type: 'listening'; host: string; port: number }
  | { type: 'failed'; message: string }
  | { type: 'report'; http: HttpDelta[]; counts: { accepted: number; written: number; dropped: number } }
  | { type: 'closed' };
/** What the app posts to the listener. */
export type ListenerCommand = 'close' | 'report';

/** The listener's PostgreSQL connections: its batches are written one at a time. */
const POOL_SIZE = 2;

/** The listener thread's nice value: on a busy machine the scheduler runs the pages' thread first. */
const NICE = 10;

const data = workerData as BeaconListenerData;

/** Linux: this thread's own id (/proc/thread-self), so only it is made nicer, not the process. */
function lowerThisThreadsPriority() {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid !== process.pid) setPriority(tid, NICE);
  } catch {
    // Not Linux, or not allowed: the listener runs at the process's priority.
  }
}
const post = (message: ListenerMessage) => parentPort!.postMessage(message);

async function start() {
  lowerThisThreadsPriority();
  const db = await openDatabase(data.database, { poolSize: POOL_SIZE });
  // As the app's event writer (decision 057): in WAL mode a commit survives the process dying;
  // only a machine outage can lose the last ones, which the beacon's promise allows.
  await db.sqliteExclusive((raw) => raw.exec('PRAGMA synchronous = NORMAL'));
  const app = Fastify({
    logger: { level: data.logLevel },
    trustProxy: data.trustProxy,
    connectionTimeout: data.timeouts.connectionMs,
    requestTimeout: data.timeouts.requestMs,
    http: {
      headersTimeout: data.timeouts.headersMs,
      requestTimeout: data.timeouts.requestMs,
      connectionsCheckingInterval: Math.min(1_000, data.timeouts.headersMs),
    },
    keepAliveTimeout: 10_000,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request, data.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (value) => JSON.stringify(value));

  const ingest = createIngest({
    repo: createAnalyticsRepository(db.kysely, db.engine),
    log: app.log,
    flushMs: data.flushMs,
  });
  const siteHost = data.siteUrl ? new URL(data.siteUrl).host : null;
  // The route reads only `ingest` and `siteHost`; the dashboard's parts live in the app.
  app.decorate('analytics', { ingest, siteHost } as unknown as FastifyInstance['analytics']);

  const tally = createHttpTally();
  app.addHook('onResponse', async (request, reply) => {
    if (!request.raw.complete) lingerThenClose(request.raw);
    const pattern = request.routeOptions.url;
    const route = pattern === '/api/events' ? pattern : '(unmatched)';
    tally.record(request.method, route, `${Math.floor(reply.statusCode / 100)}xx`, reply.elapsedTime / 1000);
  });
  await app.register(errors);
  await app.register(securityHeaders, { dev: false });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(eventsRoutes, {
    prefix: '/api',
    eventsPerMinute: data.eventsPerMinute,
    exemptAddresses: data.exemptAddresses,
  });
  // Only the beacon is served here: anything else is the beacon's own refusal shape.
  app.all('/*', async (_request, reply) =>
    reply.code(404).header('cache-control', 'no-store').send({ errorInfo: MESSAGES.notFound }),
  );

  const report = () => post({ type: 'report', http: tally.take(), counts: { ...ingest.counts } });
  const timer = setInterval(report, data.reportMs);
  let closing: Promise<void> | undefined;
  // Stops taking beacons, finishes those in flight, writes the queue, then closes the connection.
  const close = () =>
    (closing ??= (async () => {
      clearInterval(timer);
      await app.close();
      await ingest.close();
      await db.close();
      report();
      post({ type: 'closed' });
      parentPort!.close();
    })());

  parentPort!.on('message', (command: ListenerCommand) => {
    if (command === 'report') report();
    else if (command === 'close') void close();
  });

  try {
    await app.listen({ host: data.listener.host, port: data.listener.port });
  } catch (error) {
    clearInterval(timer);
    await db.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : data.listener.port;
  post({ type: 'listening', host: data.listener.host, port });
}

start().catch((error: unknown) => {
  post({ type: 'failed', message: (error as Error).message });
  parentPort!.close();
});
