// `npm run bench:reliability`: the production server under sustained load, then a crash loop.
//
// The real server runs as a child process (production build, fresh database, the production
// rate limits with loopback exempted through RATE_LIMIT_EXEMPT_ADDRESSES, so only the benchmark
// is let through). autocannon at 50 connections then runs, in turn:
//   1. reads: the FAQ and glossary API and the server-rendered /home page;
//   2. writes: feedback and demo requests, each with a valid CSRF cookie and header;
//   3. mixed: reads, writes and contact messages with a small PNG (multipart) at once;
//   4. a soak: the mixed load for --soak-seconds (default 300), memory sampled throughout;
// and finally 5. `runCrashLoop` (scripts/lib/crash-loop.ts): writers while the server is killed
// with SIGKILL --kills times (default 100) and restarted.
//
// Every write carries a unique marker. Each answer is read: a SUCCESS is recorded, and after the
// server stops the database file is checked: every acknowledged marker stored, and rows equal to
// acknowledgements per kind (plus at most one request per connection still in flight when
// autocannon's clock ran out, reported separately).
//
// Flags: --seconds <n> per read/write/mixed run (default 20), --soak-seconds <n> (default 300),
// --connections <n> (default 50), --kills <n> (default 100; 0 skips the crash loop).
// A benchmark, not a test: it exits 0 even when a target is missed, 1 when it cannot run.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
// @ts-expect-error autocannon ships no type declarations; the few fields used are typed below.
import autocannonUntyped from 'autocannon';
import sharp from 'sharp';
import {
  BENCHMARK_ENV,
  ensureBuild,
  residentBytes,
  startServerProcess,
  type ServerProcess,
} from './lib/server-process.ts';

type Request = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
};

type BenchResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
};

const autocannon = autocannonUntyped as (options: {
  url: string;
  connections: number;
  duration: number;
  requests: Request[];
}) => Promise<BenchResult>;

const TARGETS = { readRps: 2000, readP99: 100, writeRps: 500, writeP99: 150, soakGrowthMb: 50 };
const MB = 1024 * 1024;
const WARMUP_SECONDS = 2;

// ---------------------------------------------------------------------------------------------
// Writes with markers

type Kind = 'feedback' | 'demo' | 'contact';
/** Where each kind keeps its marker in the database. */
const STORED: Record<Kind, { table: string; column: string }> = {
  feedback: { table: 'feedback', column: 'feedback' },
  demo: { table: 'demo_requests', column: 'text' },
  contact: { table: 'contact_messages', column: 'message' },
};
const MARKER_PREFIX = 'bench';
const acknowledged: Record<Kind, Set<string>> = { feedback: new Set(), demo: new Set(), contact: new Set() };
const unexpected: string[] = [];
let sequence = 0;
const newMarker = (kind: Kind) => `${MARKER_PREFIX}-${kind}-${++sequence}-${randomBytes(4).toString('hex')}`;

/** A small valid PNG for the contact form, made once with sharp (the server re-encodes it too). */
const PNG = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#c0392b' } })
  .png()
  .toBuffer();

function writeRequest(kind: Kind, token: string): Request {
  const csrf = { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token };
  const path = { feedback: '/api/Feedback/AddFeedback', demo: '/api/RequestDemo', contact: '/api/ContactUs' }[kind];
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const body = (marker: string): string | Buffer => {
    if (kind === 'feedback') return JSON.stringify({ feedback: marker });
    if (kind === 'demo') {
      return JSON.stringify({
        name: 'Dana Whitfield',
        job_title: 'Operations Manager',
        company: 'Whitfield Haulage',
        country: '+61',
        number: '+61 412345678',
        email: 'dana@whitfield.com.au',
        text: marker,
      });
    }
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const fields = [
      field('name', 'Sam Reid'),
      field('email', 'sam@reidfreight.com.au'),
      field('subject', 'Bench'),
      field('inq_type', '1'),
      field('message', marker),
    ].join('');
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="img"; filename="cab.png"\r\nContent-Type: image/png\r\n\r\n`;
    return Buffer.concat([Buffer.from(fields + file), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  };
  const type = kind === 'contact' ? `multipart/form-data; boundary=${boundary}` : 'application/json';
  return {
    method: 'POST',
    path,
    headers: { ...csrf, 'content-type': type },
    // Connections send one request at a time, so the context holds the marker of the one in flight.
    setupRequest: (request, context) => {
      const marker = newMarker(kind);
      context.marker = marker;
      return { ...request, body: body(marker) };
    },
    onResponse: (status, text, context) => {
      if (status === 200 && text.startsWith('["SUCCESS"')) acknowledged[kind].add(context.marker as string);
      else if (unexpected.length < 5) unexpected.push(`${kind} ${status} ${text.slice(0, 120)}`);
    },
  };
}

/** Stored rows with a benchmark marker per kind, and acknowledged markers missing from them. */
function checkStored(databaseFile: string) {
  const db = new DatabaseSync(databaseFile, { readOnly: true });
  try {
    return (Object.keys(STORED) as Kind[]).map((kind) => {
      const { table, column } = STORED[kind];
      const rows = new Set(
        (
          db
            .prepare(`SELECT ${column} AS v FROM ${table} WHERE ${column} LIKE ?`)
            .all(`${MARKER_PREFIX}-${kind}-%`) as { v: string }[]
        ).map((row) => row.v),
      );
      const missing = [...acknowledged[kind]].filter((marker) => !rows.has(marker)).length;
      return {
        kind,
        acknowledged: acknowledged[kind].size,
        rows: rows.size,
        missing,
        unacknowledgedRows: rows.size - (acknowledged[kind].size - missing),
      };
    });
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Runs

type Run = { name: string; kind: 'read' | 'write' | 'mixed'; result: BenchResult };

const fivexx = (result: BenchResult) =>
  Object.entries(result.statusCodeStats)
    .filter(([status]) => status.startsWith('5'))
    .reduce((sum, [, { count }]) => sum + count, 0);

async function run(url: string, requests: Request[], connections: number, seconds: number): Promise<BenchResult> {
  return autocannon({ url, connections, duration: seconds, requests });
}

/** Several autocannon instances at once (the mixed load), their results summed. */
async function runMixed(
  url: string,
  parts: { requests: Request[]; connections: number }[],
  seconds: number,
): Promise<BenchResult[]> {
  return Promise.all(parts.map((part) => run(url, part.requests, part.connections, seconds)));
}

function combine(results: BenchResult[]): BenchResult {
  const statusCodeStats: BenchResult['statusCodeStats'] = {};
  for (const result of results) {
    for (const [status, { count }] of Object.entries(result.statusCodeStats))
      statusCodeStats[status] = { count: (statusCodeStats[status]?.count ?? 0) + count };
  }
  const total = (pick: (result: BenchResult) => number) => results.reduce((sum, result) => sum + pick(result), 0);
  return {
    requests: { average: total((r) => r.requests.average), total: total((r) => r.requests.total) },
    // The slowest part's percentiles: a conservative summary of the mix.
    latency: {
      p50: Math.max(...results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
    },
    errors: total((r) => r.errors),
    timeouts: total((r) => r.timeouts),
    non2xx: total((r) => r.non2xx),
    '2xx': total((r) => r['2xx']),
    statusCodeStats,
  };
}

function mixedParts(token: string, connections: number) {
  const visitor = { cookie: `XSRF-TOKEN=${token}` };
  const reads = Math.max(1, Math.round(connections * 0.6));
  const writes = Math.max(1, Math.round(connections * 0.25));
  const uploads = Math.max(1, connections - reads - writes);
  return [
    {
      connections: reads,
      requests: [
        { method: 'GET', path: '/home', headers: visitor },
        { method: 'GET', path: '/api/Faqs/GetAllFromFaqs', headers: visitor },
        { method: 'GET', path: '/api/Glossary/GetAllFromGlossary', headers: visitor },
      ] as Request[],
    },
    { connections: writes, requests: [writeRequest('feedback', token), writeRequest('demo', token)] },
    { connections: uploads, requests: [writeRequest('contact', token)] },
  ];
}

// ---------------------------------------------------------------------------------------------
// Report

const round = (value: number, digits = 0) => Number(value.toFixed(digits));
const mb = (bytes: number) => round(bytes / MB, 1);

function printRuns(runs: Run[]) {
  console.table(
    runs.map(({ name, result }) => ({
      run: name,
      'req/s': round(result.requests.average, 1),
      requests: result.requests.total,
      'p50 ms': round(result.latency.p50, 1),
      'p99 ms': round(result.latency.p99, 1),
      errors: result.errors + result.timeouts,
      'non-2xx': result.non2xx,
      '5xx': fivexx(result),
    })),
  );
}

function line(met: boolean, target: string, detail: string) {
  console.log(`  ${met ? 'met   ' : 'MISSED'}  ${target}: ${detail}`);
}

// ---------------------------------------------------------------------------------------------
// Main

function readFlags() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '20' },
      'soak-seconds': { type: 'string', default: '300' },
      connections: { type: 'string', default: '50' },
      kills: { type: 'string', default: '100' },
    },
  });
  const number = (text: string, flag: string, min: number) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${flag} must be an integer ≥ ${min}, got ${text}`);
    return value;
  };
  return {
    seconds: number(values.seconds, 'seconds', 1),
    soakSeconds: number(values['soak-seconds'], 'soak-seconds', 1),
    connections: number(values.connections, 'connections', 3),
    kills: number(values.kills, 'kills', 0),
  };
}

async function csrfToken(url: string): Promise<string> {
  const response = await fetch(url + '/home');
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='));
  if (!cookie) throw new Error('the server set no XSRF-TOKEN cookie');
  return cookie.slice('XSRF-TOKEN='.length).split(';')[0]!;
}

/** The production profile, with loopback (the benchmark) exempt from the per-address limits. */
const SERVER_ENV = {
  ...BENCHMARK_ENV,
  RATE_LIMIT_PAGES_PER_MINUTE: '600',
  RATE_LIMIT_FORMS_PER_MINUTE: '10',
  RATE_LIMIT_SIGNIN_PER_MINUTE: '10',
  RATE_LIMIT_EXEMPT_ADDRESSES: '127.0.0.1,::1,::ffff:127.0.0.1',
};

/** Resident memory (MB) at 0, 25, 50, 75 and 100% of the soak. */
let soakCurve: number[] = [];

async function loadPhases(server: ServerProcess, flags: ReturnType<typeof readFlags>) {
  const { url, pid } = server;
  const token = await csrfToken(url);
  const visitor = { cookie: `XSRF-TOKEN=${token}` };
  const runs: Run[] = [];
  const memory: Record<string, number> = { start: residentBytes(pid) };

  for (const [name, path] of [
    ['GET FAQ', '/api/Faqs/GetAllFromFaqs'],
    ['GET glossary', '/api/Glossary/GetAllFromGlossary'],
    ['GET /home', '/home'],
  ] as const) {
    const requests: Request[] = [{ method: 'GET', path, headers: visitor }];
    console.log(`Running ${name} (${flags.seconds} s, ${flags.connections} connections)…`);
    await run(url, requests, 10, WARMUP_SECONDS);
    runs.push({ name, kind: 'read', result: await run(url, requests, flags.connections, flags.seconds) });
  }
  for (const kind of ['feedback', 'demo'] as const) {
    console.log(`Running POST ${kind} (${flags.seconds} s, ${flags.connections} connections)…`);
    runs.push({
      name: `POST ${kind}`,
      kind: 'write',
      result: await run(url, [writeRequest(kind, token)], flags.connections, flags.seconds),
    });
  }
  console.log(`Running mixed reads, writes and contact uploads (${flags.seconds} s)…`);
  const mixed = await runMixed(url, mixedParts(token, flags.connections), flags.seconds);
  runs.push(
    { name: 'mixed: reads', kind: 'mixed', result: mixed[0]! },
    { name: 'mixed: writes', kind: 'mixed', result: mixed[1]! },
    { name: 'mixed: contact uploads', kind: 'mixed', result: mixed[2]! },
  );

  console.log(`Soak: the mixed load for ${flags.soakSeconds} s…`);
  memory.beforeSoak = residentBytes(pid);
  let peak = memory.beforeSoak;
  const samples: number[] = [];
  const sampler = setInterval(() => {
    samples.push(residentBytes(pid));
    peak = Math.max(peak, samples.at(-1)!);
  }, 1000);
  const soak = await runMixed(url, mixedParts(token, flags.connections), flags.soakSeconds);
  clearInterval(sampler);
  memory.afterSoak = residentBytes(pid);
  memory.peak = Math.max(peak, memory.afterSoak);
  runs.push({ name: `soak ${flags.soakSeconds} s (all)`, kind: 'mixed', result: combine(soak) });
  // The shape of the curve tells a plateau (allocator and heap warming up) from a leak.
  const quarter = (i: number) =>
    samples[Math.min(samples.length - 1, Math.round(((samples.length - 1) * i) / 4))] ?? memory.afterSoak;
  soakCurve = [0, 1, 2, 3, 4].map((i) => mb(quarter(i)!));
  // Idle a moment: what is still held once the load stops.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  memory.idleAfterSoak = residentBytes(pid);
  return { runs, memory };
}

async function main(): Promise<number> {
  const flags = readFlags();
  if (!ensureBuild()) return 1;
  const dataDir = mkdtempSync(join(tmpdir(), 'haulora-reliability-'));
  const crashDir = mkdtempSync(join(tmpdir(), 'haulora-crash-loop-'));
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({ dataDir, env: SERVER_ENV });
    console.log(`Server pid ${server.pid} at ${server.url} (production profile, loopback exempt from rate limits)`);
    const { runs, memory } = await loadPhases(server, flags);
    const exit = await server.stop('SIGTERM');
    server = undefined;
    const stored = checkStored(join(dataDir, 'haulora.sqlite'));

    console.log(
      `\nResults (${flags.connections} connections; ${flags.seconds} s per run, soak ${flags.soakSeconds} s)`,
    );
    printRuns(runs);
    if (unexpected.length > 0) console.log(`  first unexpected answers: ${unexpected.join(' | ')}`);
    console.log(
      `\nResident memory (MB): start ${mb(memory.start!)}, before soak ${mb(memory.beforeSoak!)}, after soak ${mb(memory.afterSoak!)}, ` +
        `peak ${mb(memory.peak!)}, idle 3 s later ${mb(memory.idleAfterSoak!)}; server exit after SIGTERM: ${exit}`,
    );
    console.log(`Resident memory through the soak (MB, at 0/25/50/75/100%): ${soakCurve.join(' → ')}`);
    console.log('\nStored rows vs SUCCESS answers (rows read from the database file after the server stopped)');
    console.table(
      stored.map((row) => ({
        kind: row.kind,
        'SUCCESS answers': row.acknowledged,
        'rows stored': row.rows,
        'acknowledged but missing': row.missing,
        'stored, answer not counted (in flight at a run end)': row.unacknowledgedRows,
      })),
    );

    let crash: Awaited<ReturnType<typeof import('./lib/crash-loop.ts').runCrashLoop>> | undefined;
    let crashError: string | undefined;
    if (flags.kills > 0) {
      console.log(`\nCrash loop: ${flags.kills} SIGKILLs under write load…`);
      try {
        // Loaded only here: the crash loop is its own module (shared with the crash test).
        const { runCrashLoop } = await import('./lib/crash-loop.ts');
        crash = await runCrashLoop({
          kills: flags.kills,
          dataDir: crashDir,
          log: (text) => {
            if (/^cycle (\d+):/.exec(text)?.[1]?.endsWith('0')) console.log(`  ${text}`);
          },
        });
        console.log(
          `  ${crash.kills} kills in ${round(crash.durationMs / 1000, 1)} s: acknowledged ${crash.acknowledged}, found ${crash.found}, missing ${crash.missing}, ` +
            `cut off in flight ${crash.lostInFlight}; integrity_check ${crash.integrity}; after a clean shutdown ${crash.afterCleanShutdown.integrity}, missing ${crash.afterCleanShutdown.missing}`,
        );
      } catch (error) {
        crashError = (error as Error).message.split('\n').slice(0, 6).join('\n    ');
        console.log(`  the crash loop could not finish: ${crashError}`);
      }
    }

    const reads = runs.filter((r) => r.kind === 'read');
    const writes = runs.filter((r) => r.kind === 'write');
    const growth = memory.afterSoak! - memory.beforeSoak!;
    console.log('\nTargets (2 cores; figures on a shared machine are pessimistic)');
    line(
      reads.every((r) => r.result.requests.average >= TARGETS.readRps && r.result.latency.p99 <= TARGETS.readP99),
      `reads ≥ ${TARGETS.readRps} req/s, p99 ≤ ${TARGETS.readP99} ms`,
      reads.map((r) => `${r.name} ${round(r.result.requests.average)} req/s p99 ${r.result.latency.p99} ms`).join(', '),
    );
    line(
      writes.every((r) => r.result.requests.average >= TARGETS.writeRps && r.result.latency.p99 <= TARGETS.writeP99),
      `writes ≥ ${TARGETS.writeRps} req/s, p99 ≤ ${TARGETS.writeP99} ms`,
      writes
        .map((r) => `${r.name} ${round(r.result.requests.average)} req/s p99 ${r.result.latency.p99} ms`)
        .join(', '),
    );
    const total5xx = runs.reduce((sum, r) => sum + fivexx(r.result), 0);
    line(total5xx === 0, 'zero 5xx', `${total5xx}`);
    line(
      growth < TARGETS.soakGrowthMb * MB,
      `memory growth over the soak < ${TARGETS.soakGrowthMb} MB`,
      `${mb(growth)} MB`,
    );
    const missing = stored.reduce((sum, row) => sum + row.missing, 0);
    const inFlight = stored.reduce((sum, row) => sum + row.unacknowledgedRows, 0);
    line(
      missing === 0 && inFlight >= 0 && inFlight <= flags.connections * 8,
      'stored rows = SUCCESS answers (every one stored)',
      `${missing} missing, ${inFlight} extra rows from requests in flight when a run stopped`,
    );
    if (crashError) line(false, `crash loop: ${flags.kills} kills`, `did not finish (${crashError.split('\n')[0]})`);
    if (crash)
      line(
        crash.missing === 0 && crash.integrity === 'ok',
        `crash loop: ${crash.kills} kills, nothing acknowledged lost, integrity ok`,
        `${crash.missing} missing, integrity ${crash.integrity}`,
      );
    return 0;
  } finally {
    if (server) await server.stop('SIGKILL').catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(crashDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
