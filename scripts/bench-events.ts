// `node scripts/bench-events.ts [ingest|dashboard]`: the analytics benchmarks of issue 30.
//
// ingest (default): the production server as a child process, then in one run: /home alone (as
//   fast as it goes, and at a steady --page-rate, default 100/s), POST /api/events alone (as fast
//   as it goes), and /home both ways again while events arrive at a fixed --rate (default
//   5,000/s). Prints events/s, the events stored, and /home's requests/s and answer times without
//   and with the event load. The beacons go to the beacon listener's own port (ANALYTICS_PORT,
//   a worker thread, decision 058), as the proxy sends them; --same-port sends them to the app's
//   port without a listener (the measure before decision 058).
// dashboard: a database seeded with --events (default 10 million) page views over a year, as
//   daily rollups plus a raw tail of the last --raw-days (default 7) days of events, then every
//   overview query timed over ranges of 7, 30, 90 and 365 days; prints p50/p95 per query and the
//   rollup of one raw day. --leads (default 20,000) demo requests over the year, with their
//   sources, campaigns, landing pages, statuses and booked times, time "what converts" too.
//   SQLite by default; --postgres runs it on a throwaway cluster too.
//
// Flags: --duration <s> (ingest, default 10), --rate <n> (events/s, spread evenly over each second), --page-rate <n>, --events <n>, --raw-days <n>, --leads <n>,
// --postgres, --same-port, --nice-generator (ingest: the beacons' generator, a process of its
// own, at nice 10: a stand-in for traffic arriving from other machines, which on this 2-core
// machine otherwise takes a third of a core at 5,000 events/s; decision 061. Report a run without
// it beside any run with it).
// A benchmark, not a test: on a shared machine the figures move; run it alone when it matters.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { availableParallelism, loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
// @ts-expect-error autocannon ships no type declarations; the few fields used are typed below.
import autocannonUntyped from 'autocannon';
import { openDatabase, type Database } from '../server/db/driver.ts';
import { migrate } from '../server/db/migrate.ts';
import { FEATURE_PATHS } from '../server/services/analytics/rollups.ts';
import { requestCountsQuery } from '../server/db/repositories/analytics-conversions.ts';
import { conversionsOf } from '../server/services/analytics/conversions.ts';
import { createOverview, previousPeriod } from '../server/services/analytics/overview.ts';
import { seed } from './lib/bench-analytics-seed.ts';
import { pacedPages, pairedChange, summary } from './lib/paced-pages.ts';
import { BENCHMARK_ENV, ensureBuild, startServerProcess } from './lib/server-process.ts';

type Result = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
};
const autocannon = autocannonUntyped as (options: Record<string, unknown>) => Promise<Result>;

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: 'string', default: '10' },
    rate: { type: 'string', default: '5000' },
    'page-rate': { type: 'string', default: '100' },
    events: { type: 'string', default: '10000000' },
    'raw-days': { type: 'string', default: '7' },
    leads: { type: 'string', default: '20000' },
    postgres: { type: 'boolean', default: false },
    'same-port': { type: 'boolean', default: false },
    'nice-generator': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '3' },
  },
});
/** The beacons' generator, run as a process of its own. */
const FLOOD = new URL('./lib/event-flood.ts', import.meta.url).pathname;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY_MS = 86_400_000;
const SITE = 'http://bench.haulora.example';
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

/** CPU milliseconds a thread of a process has used (Linux /proc; the main thread's id is the pid). */
function threadCpuMs(pid: number, thread = pid): number {
  const fields = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU milliseconds of every thread of a process (the beacon listener's among them), in user
 * code and in the kernel (mostly the sockets' reads and writes). */
function processCpuMs(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

/** CPU milliseconds of each thread of a process, by thread id. */
function threadsCpuMs(pid: number): Map<string, number> {
  const threads = new Map<string, number>();
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      threads.set(thread, threadCpuMs(pid, Number(thread)));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return threads;
}

/** The busiest thread other than the main one between two readings (the beacon listener's). */
function busiestOtherThreadMs(pid: number, before: Map<string, number>, after: Map<string, number>): number {
  let busiest = 0;
  for (const [thread, ms] of after) {
    if (Number(thread) !== pid) busiest = Math.max(busiest, ms - (before.get(thread) ?? 0));
  }
  return busiest;
}

/** A port free at this moment, for the beacon listener. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function ingest() {
  if (!ensureBuild()) process.exit(1);
  const duration = Number(flags.duration);
  const rate = Number(flags.rate);
  const pageRate = Number(flags['page-rate']);
  const dataDir = mkdtempSync(join(tmpdir(), 'haulora-bench-events-'));
  const listenerPort = flags['same-port'] ? undefined : await freePort();
  const server = await startServerProcess({
    dataDir,
    readyTimeoutMs: 90_000,
    env: {
      ...BENCHMARK_ENV,
      ANALYTICS_EVENTS_PER_MINUTE: '100000000',
      RATE_LIMIT_EXEMPT_ADDRESSES: '127.0.0.1',
      // The site's name, as in production: the beacon's Origin names it on either port.
      SITE_URL: SITE,
      ...(listenerPort ? { ANALYTICS_PORT: String(listenerPort) } : {}),
    },
  });
  const origin = SITE;
  // Where the beacons go: the listener's port, as the proxy routes them, or the app's own.
  const eventsUrl = listenerPort ? `http://127.0.0.1:${listenerPort}` : server.url;
  const eventPath = listenerPort
    ? `the beacon listener's port ${listenerPort} (a worker thread; ANALYTICS_PORT)`
    : "the app's own port (--same-port, no listener)";
  const page = (extra: Record<string, unknown> = {}) =>
    autocannon({ url: `${server.url}/home`, connections: 10, duration, ...extra });
  // A few paths and user agents, so the events are not all one visitor on one page.
  const requests = Array.from({ length: 20 }, (_, n) => ({
    method: 'POST',
    path: '/api/events',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin, 'user-agent': `${UA} bench/${n}` },
    body: JSON.stringify({
      type: 'pageview',
      path: `${FEATURE_PATHS[n % FEATURE_PATHS.length]}?utm_source=bench&utm_campaign=c${n % 4}`,
      referrer: 'https://www.google.com/',
    }),
  }));
  // The beacons come from a process of their own (scripts/lib/event-flood.ts), niced with
  // --nice-generator; the pages' client stays in this one at normal priority.
  const events = async (extra: Record<string, unknown> = {}) => {
    const child = spawn(
      process.execPath,
      [FLOOD, JSON.stringify({ url: eventsUrl, connections: 50, duration, requests, ...extra })],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    if (flags['nice-generator']) setPriority(child.pid!, 10);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`the event generator exited with ${code}`);
    return JSON.parse(output) as { result: Result; cpuMs: number };
  };
  try {
    const loadAtStart = load();
    await page({ duration: 2 }); // warm-up
    // Page answers two ways, each alone and then beside events paced at --rate: as fast as they
    // go (throughput: what the machine has left) and at a steady --page-rate (answer time: what
    // a visitor waits), side by side in this one run.
    const alone = await page();
    // The event loop's own CPU per event: what the machine's other load changes least.
    const cpuBefore = threadCpuMs(server.pid);
    const processCpuBefore = processCpuMs(server.pid);
    const threadsBefore = threadsCpuMs(server.pid);
    const { result: flat, cpuMs: generatorCpuMs } = await events();
    const listenerThreadMs = busiestOtherThreadMs(server.pid, threadsBefore, threadsCpuMs(server.pid));
    const cpuPerEvent = ((threadCpuMs(server.pid) - cpuBefore) * 1000) / flat.requests.total;
    const processCpuAfter = processCpuMs(server.pid);
    const perEvent = (ms: number) => (ms * 1000) / flat.requests.total;
    const userPerEvent = perEvent(processCpuAfter.user - processCpuBefore.user);
    const systemPerEvent = perEvent(processCpuAfter.system - processCpuBefore.system);
    const processCpuPerEvent = userPerEvent + systemPerEvent;
    const [loaded, { result: paced }] = await Promise.all([page(), events({ overallRate: rate, connections: 100 })]);
    // Answer times at a visitor's pace, alone and beside the paced events, in alternating phases
    // (--rounds pairs): a drift of the machine's other load then touches both sides alike.
    const steady = { alone: [] as number[], loaded: [] as number[], failed: 0 };
    const rounds: { alone: number; loaded: number }[] = [];
    const pacedEvents: Result[] = [];
    const loopCpu = { alone: 0, loaded: 0 };
    for (let round = 0; round < Number(flags.rounds); round++) {
      let loopBefore = threadCpuMs(server.pid);
      const quiet = await pacedPages(`${server.url}/home`, pageRate, duration);
      loopCpu.alone += threadCpuMs(server.pid) - loopBefore;
      // The generator runs half a second either side of the pages' phase (its connections opened first).
      const flood = events({ overallRate: rate, connections: 100, duration: duration + 1 });
      await new Promise((resolve) => setTimeout(resolve, 500));
      loopBefore = threadCpuMs(server.pid);
      const busy = await pacedPages(`${server.url}/home`, pageRate, duration);
      loopCpu.loaded += threadCpuMs(server.pid) - loopBefore;
      pacedEvents.push((await flood).result);
      steady.alone.push(...quiet.times);
      steady.loaded.push(...busy.times);
      steady.failed += quiet.failed + busy.failed;
      rounds.push({ alone: summary(quiet.times).mean, loaded: summary(busy.times).mean });
    }
    const pageLoopCpuAlone = loopCpu.alone / (rounds.length * duration * 10);
    const pageLoopCpu = loopCpu.loaded / (rounds.length * duration * 10);
    await server.stop('SIGTERM');
    const db = new DatabaseSync(join(dataDir, 'haulora.sqlite'), { readOnly: true });
    const stored = Number((db.prepare('SELECT count(*) AS n FROM analytics_events').get() as { n: number }).n);
    db.close();
    const line = (name: string, result: Result) =>
      `${name.padEnd(44)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  non-2xx ${result.non2xx}  errors ${result.errors}`;
    console.log(
      `bench-events ingest: ${duration} s per phase, one instance (SQLite); load average (1/5/15 min) at the start ${loadAtStart}, at the end ${load()}`,
    );
    console.log(`events sent to ${eventPath}`);
    console.log(
      flags['nice-generator']
        ? 'beacons from a process of their own at nice 10 (a stand-in for other machines); pages from this one'
        : 'beacons from a process of their own at normal priority, on the same cores as the server; pages from this one',
    );
    console.log(line('/home alone, as fast as it goes', alone));
    console.log(line('POST /api/events alone (50 conns)', flat));
    console.log(line(`/home as fast as it goes, events at ${rate}/s`, loaded));
    console.log(line(`  POST /api/events paced at ${rate}/s`, paced));
    for (const [n, result] of pacedEvents.entries())
      console.log(line(`  POST /api/events paced at ${rate}/s, round ${n + 1}`, result));
    const sent = [flat, paced, ...pacedEvents].reduce((sum, result) => sum + result.requests.total, 0);
    const failed = [flat, paced, ...pacedEvents].reduce((sum, result) => sum + result.non2xx, 0);
    console.log(`events answered 202: ${sent - failed}; stored: ${stored}`);
    console.log(
      `CPU per event (alone): the pages' event loop ${cpuPerEvent.toFixed(0)} µs, the whole process (every thread) ${processCpuPerEvent.toFixed(0)} µs (${userPerEvent.toFixed(0)} user, ${systemPerEvent.toFixed(0)} kernel; ~${(1e6 / processCpuPerEvent).toFixed(0)} events/s per core)`,
    );
    if (listenerPort)
      console.log(
        `CPU per event (alone) of the beacon listener's thread (the busiest but the main): ${perEvent(listenerThreadMs).toFixed(0)} µs`,
      );
    console.log(
      `CPU per event of the beacons' generator (scripts/lib/event-flood.ts): ${perEvent(generatorCpuMs).toFixed(0)} µs, on the same ${availableParallelism()} cores`,
    );
    console.log(
      `the pages' event loop was busy ${pageLoopCpuAlone.toFixed(1)} % of a core with /home alone at ${pageRate}/s, ${pageLoopCpu.toFixed(1)} % beside ${rate} events/s`,
    );
    const percent = (now: number, before: number) => {
      const change = (now / before - 1) * 100;
      return `${change >= 0 ? '+' : ''}${change.toFixed(1)} %`;
    };
    // The bar's events are those taken beside pages at a visitor's pace.
    const kept = pacedEvents.reduce((sum, result) => sum + result.requests.average, 0) / pacedEvents.length;
    console.log(
      `events ingested beside /home at ${pageRate}/s: ${kept.toFixed(0)}/s of ${rate}/s offered (${kept >= rate * 0.98 ? 'met' : 'NOT met'}); beside /home flat out: ${paced.requests.average.toFixed(0)}/s`,
    );
    const ms = (value: number) => value.toFixed(2);
    const quiet = summary(steady.alone);
    const busy = summary(steady.loaded);
    console.log(
      `/home at ${pageRate}/s, ${rounds.length} rounds of ${duration} s alone then ${duration} s beside ${rate} events/s (mean per round, ms): ${rounds.map((round) => `${ms(round.alone)} → ${ms(round.loaded)}`).join(', ')}`,
    );
    console.log(
      `/home answer time at ${pageRate}/s with the events (${quiet.count} and ${busy.count} answers, ${steady.failed} failed): mean ${ms(quiet.mean)} → ${ms(busy.mean)} ms (${percent(busy.mean, quiet.mean)}), p50 ${ms(quiet.p50)} → ${ms(busy.p50)} ms (${percent(busy.p50, quiet.p50)}), p90 ${ms(quiet.p90)} → ${ms(busy.p90)} ms, p99 ${ms(quiet.p99)} → ${ms(busy.p99)} ms`,
    );
    console.log(
      `/home requests/s as fast as it goes with the events: ${percent(loaded.requests.average, alone.requests.average)} (the CPU the events take)`,
    );
    // The same change round by round (each round's pages alone, then beside the events): its
    // 95 % interval says whether another run could well land on the other side of the bar.
    const paired = pairedChange(rounds.map((round) => ({ before: round.alone, after: round.loaded })));
    const signed = (fraction: number) => `${fraction >= 0 ? '+' : ''}${(fraction * 100).toFixed(1)} %`;
    console.log(
      `/home's mean answer time, change per round (${paired.rounds} rounds): ${signed(paired.mean)}, 95 % interval ${signed(paired.low)} to ${signed(paired.high)}${paired.high <= 0.1 ? ' (within the bar)' : paired.low > 0.1 ? ' (over the bar)' : ' (the bar inside the interval: more rounds tell)'}`,
    );
    const slower = busy.mean / quiet.mean - 1;
    console.log(
      `issue 30's bar (≥ ${rate}/s taken, /home's mean answer time ≤ +10 %): ${kept >= rate * 0.98 && slower <= 0.1 ? 'met' : 'NOT met'} at load ${load()} (rerun on an idle machine for the figure that counts)`,
    );
  } finally {
    await server.stop('SIGKILL').catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!;

async function dashboardOn(name: string, db: Database) {
  await migrate(db);
  const totalEvents = Number(flags.events);
  const seeded = await seed(db, totalEvents, Number(flags['raw-days']), Number(flags.leads));
  console.log(
    `${name}: seeded ${totalEvents.toLocaleString('en')} page views over 365 days as rollups in ${seeded.rollupSeconds.toFixed(1)} s, and a raw tail of ${seeded.raw.toLocaleString('en')} events (${flags['raw-days']} days) with ${Number(flags.leads).toLocaleString('en')} demo requests in ${seeded.rawSeconds.toFixed(1)} s`,
  );
  const rollupStarted = performance.now();
  await seeded.repo.rollup(seeded.lastRawDay, FEATURE_PATHS);
  console.log(
    `${name}: rollup of one raw day (${seeded.perDay.toLocaleString('en')} events): ${(performance.now() - rollupStarted).toFixed(0)} ms`,
  );
  const repo = seeded.repo;
  const to = seeded.lastRawDay;
  const ranges = [7, 30, 90, 365].map((days) => ({
    from: dayOf(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS),
    to,
  }));
  const queries: Record<string, (from: string, to: string) => Promise<unknown>> = {
    totals: (from, to) => repo.totals(from, to),
    days: (from, to) => repo.days(from, to),
    top_pages: (from, to) => repo.top('page', from, to, 10, 'events'),
    entry_pages: (from, to) => repo.top('entry', from, to, 10),
    sources: (from, to) => repo.top('source', from, to, 10),
    campaigns: (from, to) => repo.top('campaign', from, to, 10),
    devices: (from, to) => repo.top('device', from, to, 10),
    searches_without_results: (from, to) => repo.top('search_none', from, to, 10, 'events'),
    funnel: (from, to) => repo.top('funnel', from, to, 10),
    'what converts + inbox funnel': (from, to) => conversionsOf(repo, { from, to }, previousPeriod(from, to)),
    'whole overview (API answer)': createOverview(repo),
  };
  for (const [query, run] of Object.entries(queries)) {
    const times: number[] = [];
    for (let round = 0; round < 10; round++) {
      for (const range of ranges) {
        const started = performance.now();
        await run(range.from, range.to);
        times.push(performance.now() - started);
      }
    }
    console.log(
      `${name}: ${query.padEnd(28)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 0.95).toFixed(1).padStart(6)} ms  (${times.length} runs, 7-365 day ranges)`,
    );
  }
  // The heaviest read, a year of top pages: the plan shows whether it stays in the covering index.
  const year = ranges.at(-1)!;
  const explain = db.sqlite ? sql`EXPLAIN QUERY PLAN` : sql`EXPLAIN (ANALYZE, BUFFERS)`;
  const plan = await sql<
    Record<string, unknown>
  >`${explain} SELECT value, sum(visitors), sum(events) FROM analytics_daily
    WHERE dimension = 'page' AND day >= ${year.from} AND day <= ${year.to} GROUP BY value ORDER BY sum(events) DESC LIMIT 10`.execute(
    db.kysely,
  );
  const lines = (rows: Record<string, unknown>[]) =>
    rows.map((row) => String(row['QUERY PLAN'] ?? row.detail)).join('\n  ');
  console.log(`${name}: plan of a year's top pages:\n  ${lines(plan.rows)}`);
  // And of a year of "what converts" (one grouped query over the demo requests, decision 057).
  const converts = await sql<Record<string, unknown>>`${explain} ${requestCountsQuery(year.from, year.to, 10)}`.execute(
    db.kysely,
  );
  console.log(`${name}: plan of a year's "what converts":\n  ${lines(converts.rows)}`);
}

async function dashboard() {
  const dir = mkdtempSync(join(tmpdir(), 'haulora-bench-dashboard-'));
  try {
    const sqlite = await openDatabase({ file: join(dir, 'haulora.sqlite') });
    await dashboardOn('SQLite', sqlite).finally(() => sqlite.close());
    if (flags.postgres) {
      const { startPostgres } = await import('../tests/helpers/postgres.ts');
      const cluster = await startPostgres();
      if (!cluster) console.log('PostgreSQL: not available here');
      else {
        const postgres = await openDatabase({ url: await cluster.createDatabase(), file: '' });
        await dashboardOn('PostgreSQL', postgres).finally(() => postgres.close());
        await cluster.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const mode = positionals[0] ?? 'ingest';
  if (mode === 'ingest') await ingest();
  else if (mode === 'dashboard') await dashboard();
  else {
    console.error(
      'Usage: node scripts/bench-events.ts [ingest|dashboard] [--duration s] [--rate n] [--page-rate n] [--events n] [--raw-days n] [--leads n] [--postgres]',
    );
    process.exit(2);
  }
}
