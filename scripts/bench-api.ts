// `npm run bench:api`: load-tests the production server and prints what it sustains.
//
// It starts the real server (production build, fresh database, rate limits out of the way) as a
// child process and, as a baseline, a bare node:http server in another process that answers every
// request with the FAQ JSON bytes. autocannon then hits, in turn: the bare server, the FAQ and
// glossary API, the server-rendered /home page and the feedback form's POST (with a valid CSRF
// cookie and header). For each it prints requests/s, p50/p99 latency and errors, how each GET
// compares with the bare server, and whether every answered feedback was really stored.
//
// Flags: --duration <seconds> (default 10), --connections <n> (default 50).
// It is a benchmark, not a test: it exits 0 even when a target is missed, 1 only when the
// server cannot be built or started.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
// @ts-expect-error autocannon ships no type declarations; the few fields used are typed below.
import autocannonUntyped from 'autocannon';
import { BENCHMARK_ENV, ensureBuild, startServerProcess, type ServerProcess } from './lib/server-process.ts';

type Method = 'GET' | 'POST';

type BenchOptions = {
  url: string;
  method: Method;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  body?: string;
};

/** The part of autocannon's result this script reads (latencies are in ms). */
type BenchResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
};

const autocannon = autocannonUntyped as (options: BenchOptions) => Promise<BenchResult>;

type Run = { name: string; method: Method; result: BenchResult };

const FAQ_PATH = '/api/Faqs/GetAllFromFaqs';
const GLOSSARY_PATH = '/api/Glossary/GetAllFromGlossary';
const FEEDBACK_PATH = '/api/Feedback/AddFeedback';
const FEEDBACK_BODY = JSON.stringify({ feedback: 'Bench feedback' });
const JSON_TYPE = 'application/json; charset=utf-8';
const WARMUP_SECONDS = 2;

const TARGETS = { getShareOfBare: 0.5, postRequestsPerSecond: 1000, p99Ms: 50 };

// ---------------------------------------------------------------------------------------------
// Setup

function readFlags() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
    },
  });
  return {
    duration: positiveInt(values.duration, 'duration'),
    connections: positiveInt(values.connections, 'connections'),
  };
}

function positiveInt(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${flag} must be a positive integer, got ${text}`);
  return value;
}

/** A port nobody listens on right now: let the OS pick one, then give it back. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

/**
 * The baseline: the cheapest possible Node answer with the same bytes as the FAQ call, in its
 * own process like the real server, so neither shares a thread with autocannon.
 */
async function startBareServer(body: Buffer): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const code = `
    const body = Buffer.from(process.env.BARE_BODY, 'base64');
    require('node:http')
      .createServer((_request, response) => {
        response.writeHead(200, { 'content-type': '${JSON_TYPE}', 'content-length': body.length });
        response.end(body);
      })
      .listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, BARE_BODY: body.toString('base64') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(child.stdout!, 'data');
  return { child, url: `http://127.0.0.1:${port}/` };
}

async function fetchFaqBody(baseUrl: string): Promise<Buffer> {
  const response = await fetch(baseUrl + FAQ_PATH);
  return Buffer.from(await response.arrayBuffer());
}

/** The CSRF token the server hands every visitor in its XSRF-TOKEN cookie. */
async function fetchCsrfToken(baseUrl: string): Promise<string> {
  const response = await fetch(baseUrl + '/home');
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='));
  if (!cookie) throw new Error('the server set no XSRF-TOKEN cookie');
  return cookie.slice('XSRF-TOKEN='.length).split(';')[0] ?? '';
}

function feedbackHeaders(token: string): Record<string, string> {
  return { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token, 'content-type': 'application/json' };
}

/** One feedback sent by hand first, so a refused POST shows up as a clear message, not a 100% error rate. */
async function checkFeedbackPost(baseUrl: string, headers: Record<string, string>): Promise<boolean> {
  const response = await fetch(baseUrl + FEEDBACK_PATH, { method: 'POST', headers, body: FEEDBACK_BODY });
  const text = await response.text();
  const ok = response.status === 200 && text.startsWith('["SUCCESS"');
  if (!ok) console.warn(`Warning: a single feedback POST answered ${response.status} ${text}`);
  return ok;
}

/** Rows really stored: read after the server has stopped, so every write is committed. */
function countFeedbackRows(dataDir: string): number {
  const db = new DatabaseSync(join(dataDir, 'haulora.sqlite'), { readOnly: true });
  try {
    const row = db.prepare('SELECT count(*) AS count FROM feedback').get() as { count: number };
    return Number(row.count);
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const errorCount = (result: BenchResult) => result.errors + result.timeouts + result.non2xx;
const round = (value: number, digits = 0) => Number(value.toFixed(digits));
const percent = (share: number) => `${Math.round(share * 100)}%`;

function printTable(runs: Run[], bare: BenchResult) {
  const rows = runs.map((run) => ({
    name: run.name,
    'req/s': round(run.result.requests.average),
    'p50 ms': round(run.result.latency.p50, 1),
    'p99 ms': round(run.result.latency.p99, 1),
    errors: errorCount(run.result),
    'vs bare': run.method === 'GET' ? percent(run.result.requests.average / bare.requests.average) : '',
  }));
  console.table(rows);
}

/** Status codes of runs that had errors, to tell refusals (4xx) from failures (5xx, resets). */
function printErrorDetails(runs: Run[]) {
  for (const { name, result } of runs.filter((run) => errorCount(run.result) > 0)) {
    const statuses = Object.entries(result.statusCodeStats)
      .map(([status, { count }]) => `${status}×${count}`)
      .join(', ');
    console.log(
      `  ${name}: ${result.errors} connection errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx (statuses: ${statuses})`,
    );
  }
}

function printStoredFeedback(post: BenchResult, stored: number, checked: boolean, connections: number) {
  const answered = post['2xx'] + (checked ? 1 : 0);
  const extra = stored - answered;
  // autocannon stops counting at the deadline, but up to one request per connection is already
  // on its way and still gets stored: that many extra rows are expected, a missing one is not.
  const verdict =
    extra < 0
      ? `LOST: ${-extra} answered feedbacks are not in the database`
      : extra <= connections
        ? `none lost (${extra} extra rows from requests still in flight when autocannon stopped)`
        : `${extra} more rows than answers, more than the ${connections} that can be in flight`;
  console.log(
    `\nFeedback rows in the database: ${stored}; answered 2xx: ${post['2xx']}` +
      `${checked ? ' (+1 check before the run)' : ''} → ${verdict}`,
  );
}

function printTargets(runs: Run[], bare: BenchResult, post: BenchResult) {
  const gets = runs.filter((run) => run.method === 'GET' && run.result !== bare);
  const line = (met: boolean, target: string, detail: string) =>
    console.log(`  ${met ? 'met   ' : 'MISSED'}  ${target}: ${detail}`);

  console.log('\nTargets');
  line(
    gets.every((run) => run.result.requests.average >= TARGETS.getShareOfBare * bare.requests.average),
    `every GET ≥ ${percent(TARGETS.getShareOfBare)} of bare req/s`,
    gets.map((run) => `${run.name} ${percent(run.result.requests.average / bare.requests.average)}`).join(', '),
  );
  line(
    post.requests.average >= TARGETS.postRequestsPerSecond,
    `POST feedback ≥ ${TARGETS.postRequestsPerSecond} req/s`,
    `${round(post.requests.average)} req/s`,
  );
  line(
    runs.every((run) => run.result.latency.p99 < TARGETS.p99Ms),
    `p99 < ${TARGETS.p99Ms} ms for every run`,
    runs.map((run) => `${run.name} ${round(run.result.latency.p99, 1)}`).join(', '),
  );
  line(
    runs.every((run) => errorCount(run.result) === 0),
    'zero errors',
    runs.map((run) => `${run.name} ${errorCount(run.result)}`).join(', '),
  );
}

// ---------------------------------------------------------------------------------------------
// Main

async function bench(baseUrl: string, dataDir: string, server: ServerProcess, flags: ReturnType<typeof readFlags>) {
  const faqBody = await fetchFaqBody(baseUrl);
  const bare = await startBareServer(faqBody);
  try {
    const token = await fetchCsrfToken(baseUrl);
    const headers = feedbackHeaders(token);
    const visitor = { cookie: `XSRF-TOKEN=${token}` };
    const checked = await checkFeedbackPost(baseUrl, headers);

    const plan: { name: string; method: Method; url: string; headers?: Record<string, string>; body?: string }[] = [
      { name: 'bare node:http', method: 'GET', url: bare.url },
      // A returning visitor already holds the CSRF cookie, as the browser does after its first page.
      { name: 'GET FAQ', method: 'GET', url: baseUrl + FAQ_PATH, headers: visitor },
      { name: 'GET glossary', method: 'GET', url: baseUrl + GLOSSARY_PATH, headers: visitor },
      { name: 'GET /home', method: 'GET', url: baseUrl + '/home', headers: visitor },
      { name: 'POST feedback', method: 'POST', url: baseUrl + FEEDBACK_PATH, headers, body: FEEDBACK_BODY },
    ];
    const runs: Run[] = [];
    for (const step of plan) {
      console.log(`Running ${step.name} (${flags.duration} s, ${flags.connections} connections)…`);
      // Only the keys a step sets: an undefined one would override autocannon's default.
      const { name, ...request } = step;
      // A short unmeasured warm-up, so the figures are for a warmed JIT, not a cold start.
      if (step.method === 'GET') await autocannon({ ...request, connections: 10, duration: WARMUP_SECONDS });
      const result = await autocannon({ ...request, connections: flags.connections, duration: flags.duration });
      runs.push({ name, method: step.method, result });
    }

    await server.stop('SIGTERM');
    const [bareResult, postResult] = [runs[0]!.result, runs.at(-1)!.result];
    console.log(
      `\nResults (${flags.connections} connections, ${flags.duration} s each; FAQ body ${faqBody.length} bytes)`,
    );
    printTable(runs, bareResult);
    printErrorDetails(runs);
    printStoredFeedback(postResult, countFeedbackRows(dataDir), checked, flags.connections);
    printTargets(runs, bareResult, postResult);
  } finally {
    bare.child.kill();
  }
}

async function main(): Promise<number> {
  const flags = readFlags();
  if (!ensureBuild()) return 1;

  const dataDir = mkdtempSync(join(tmpdir(), 'haulora-bench-'));
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({ dataDir, env: BENCHMARK_ENV });
    await bench(server.url, dataDir, server, flags);
    return 0;
  } finally {
    await server?.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
