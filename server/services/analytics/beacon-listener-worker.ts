// The beacon listener (decisions 058, 061): a worker thread that answers POST /api/events on its
// own port (ANALYTICS_PORT), so thousands of beacons a second cost the event loop that renders
// pages nothing. Its server is a node:http one with a fast path for the usual beacon
// (beacon-server.ts, beacon-fast-path.ts) running the rules the app's route runs (beacon.ts),
// with the app's request ids, trust-proxy rule, error answers and beacon headers; it takes the
// events with its own ingestion and its own database connection (SQLite: the site's file, its
// batches committed by a writer thread of its own; PostgreSQL: a small pool of its own). The
// day's salt is a row of the database, so this thread and the app compute the same visitor id.
// It reports its answers and counts to the app for /metrics.
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/driver.ts';
import { createAnalyticsRepository } from '../../db/repositories/analytics.ts';
import { createHttpTally, type HttpDelta } from '../../metrics.ts';
import { createBeaconHandler } from './beacon.ts';
import { createBeaconServer } from './beacon-server.ts';
import { workerSink } from './event-sink.ts';
import { createIngest } from './ingest.ts';
import { createListenerLog } from './listener-log.ts';

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

/** Where the idle scheduling class is not available: the listener thread's nice value. */
const NICE = 19;

const data = workerData as BeaconListenerData;

/** Linux: this thread, not the process (its id from /proc/thread-self), in the idle scheduling
 * class (SCHED_IDLE, set with util-linux's `chrt`): the kernel gives it the cores the pages'
 * threads leave, and switches to a page's thread the moment it wakes, where a nice value only
 * shrinks the listener's share after its slice. Nice 19 where `chrt` is missing or refused. */
function lowerThisThreadsPriority() {
  let tid: number;
  try {
    tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return; // Not Linux: the listener runs at the process's priority.
  }
  if (!Number.isInteger(tid) || tid === process.pid) return;
  try {
    execFileSync('chrt', ['--idle', '--pid', '0', String(tid)], { stdio: 'ignore', timeout: 2_000 });
  } catch {
    try {
      setPriority(tid, NICE);
    } catch {
      // Not allowed: the listener runs at the process's priority.
    }
  }
}
const post = (message: ListenerMessage) => parentPort!.postMessage(message);

async function start() {
  // On a SQLite file the batches are committed by a writer thread of the listener's own
  // (event-sink.ts), started before this thread drops to the idle class, so that it keeps the
  // normal one: the write lock, which the app's own writes wait for, is then never held by a thread
  // the kernel may leave waiting while the pages keep the cores busy. (A writer restarted after a
  // crash starts from here, in the idle class: the app's writes then wait up to their 5 s busy
  // timeout under a sustained full load.) PostgreSQL holds its locks in its own processes.
  const sink = data.database.url ? undefined : workerSink(data.database.file);
  sink?.start();
  lowerThisThreadsPriority();
  const db = await openDatabase(data.database, { poolSize: POOL_SIZE });
  // As the app's event writer (decision 057): in WAL mode a commit survives the process dying;
  // only a machine outage can lose the last ones, which the beacon's promise allows.
  await db.sqliteExclusive((raw) => raw.exec('PRAGMA synchronous = NORMAL'));
  const log = createListenerLog(data.logLevel);
  const ingest = createIngest({
    repo: createAnalyticsRepository(db.kysely, db.engine),
    log,
    flushMs: data.flushMs,
    ...(sink ? { sink } : {}),
  });
  const tally = createHttpTally();
  const beacons = createBeaconServer({
    handle: createBeaconHandler({
      ingest,
      siteHost: data.siteUrl ? new URL(data.siteUrl).host : null,
      eventsPerMinute: data.eventsPerMinute,
      exempt: new Set(data.exemptAddresses),
    }),
    trustProxy: data.trustProxy,
    timeouts: data.timeouts,
    tally,
    log,
  });

  const report = () => post({ type: 'report', http: tally.take(), counts: { ...ingest.counts } });
  const timer = setInterval(report, data.reportMs);
  let closing: Promise<void> | undefined;
  // Stops taking beacons, finishes those in flight, writes the queue, then closes the connection.
  const close = () =>
    (closing ??= (async () => {
      clearInterval(timer);
      await beacons.close();
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
    await new Promise<void>((resolve, reject) => {
      beacons.server.once('error', reject);
      beacons.server.listen(data.listener.port, data.listener.host, () => {
        beacons.server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    clearInterval(timer);
    await sink?.close();
    await db.close();
    throw error;
  }
  const address = beacons.server.address();
  const port = typeof address === 'object' && address ? address.port : data.listener.port;
  post({ type: 'listening', host: data.listener.host, port });
}

start().catch((error: unknown) => {
  post({ type: 'failed', message: (error as Error).message });
  parentPort!.close();
});
