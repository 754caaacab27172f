// `npm run bench:pair -- --against <other checkout>`: what one answer costs this checkout's server
// against another's, measured so that the machine's mood cancels out.
//
// Single benchmark runs move ±20 % on a shared 2-core VM, far more than the few microseconds a
// change adds per request. So both servers (each its own production build and fresh database)
// run side by side and are loaded at the same moment by two autocannon instances of equal
// connections: whatever slows the machine slows both. The figure compared is the CPU time each
// server process spent per answered request (user + system, from /proc/<pid>/stat), not req/s,
// which also depends on how the load generator shares the cores; the kernel's share (system
// time: sockets, fsync) is shown apart. Rounds swap nothing (both run at once), so their spread
// is the measurement's own noise.
//
// Flags: --against <path> (required; a checkout with node_modules and a build), --target
// faq|glossary|home|feedback|demo (default faq; several may be given, comma-separated),
// --seconds <n> per round (default 6), --rounds <n> (default 3), --connections <n> per server
// (default 50). Requests carry a visitor's CSRF cookie as a browser does; writes send the header too.
// A benchmark, not a test: it prints figures and exits 0 unless a server cannot start.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
// @ts-expect-error autocannon ships no type declarations; the few fields used are typed below.
import autocannonUntyped from 'autocannon';
import { BENCHMARK_ENV, ensureBuild, startServerProcess, type ServerProcess } from './lib/server-process.ts';

type Request = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };
type BenchResult = {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};
const autocannon = autocannonUntyped as (options: {
  url: string;
  connections: number;
  duration: number;
  requests: Request[];
}) => Promise<BenchResult>;

const TARGETS = ['faq', 'glossary', 'home', 'feedback', 'demo'] as const;
type Target = (typeof TARGETS)[number];

const DEMO_BODY = JSON.stringify({
  name: 'Dana Whitfield',
  job_title: 'Operations Manager',
  company: 'Whitfield Haulage',
  country: '+61',
  number: '+61 412345678',
  email: 'dana@whitfield.com.au',
  text: 'Bench demo request',
});

function requestFor(target: Target, token: string): Request {
  const cookie = { cookie: `XSRF-TOKEN=${token}` };
  const write = { ...cookie, 'x-xsrf-token': token, 'content-type': 'application/json' };
  switch (target) {
    case 'faq':
      return { method: 'GET', path: '/api/Faqs/GetAllFromFaqs', headers: cookie };
    case 'glossary':
      return { method: 'GET', path: '/api/Glossary/GetAllFromGlossary', headers: cookie };
    case 'home':
      return { method: 'GET', path: '/home', headers: cookie };
    case 'feedback':
      return {
        method: 'POST',
        path: '/api/Feedback/AddFeedback',
        headers: write,
        body: JSON.stringify({ feedback: 'Bench feedback' }),
      };
    case 'demo':
      return { method: 'POST', path: '/api/RequestDemo', headers: write, body: DEMO_BODY };
  }
}

function readFlags() {
  const { values } = parseArgs({
    options: {
      against: { type: 'string' },
      target: { type: 'string', default: 'faq' },
      seconds: { type: 'string', default: '6' },
      rounds: { type: 'string', default: '3' },
      connections: { type: 'string', default: '50' },
    },
  });
  if (!values.against) throw new Error('--against <path of the other checkout> is required');
  const targets = values.target.split(',').map((name) => {
    if (!(TARGETS as readonly string[]).includes(name))
      throw new Error(`--target must be one of ${TARGETS.join(', ')}, got ${name}`);
    return name as Target;
  });
  const count = (text: string, flag: string) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${flag} must be a positive integer, got ${text}`);
    return value;
  };
  return {
    against: resolve(values.against),
    targets,
    seconds: count(values.seconds, 'seconds'),
    rounds: count(values.rounds, 'rounds'),
    connections: count(values.connections, 'connections'),
  };
}

/** CPU time the process has used so far, in microseconds (utime and stime are in clock ticks of 10 ms). */
function cpuMicros(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ", utime and stime are the 12th and 13th fields.
  return { user: Number(fields[11]) * 10_000, system: Number(fields[12]) * 10_000 };
}

async function csrfToken(url: string): Promise<string> {
  const response = await fetch(url + '/home');
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='));
  if (!cookie) throw new Error(`${url} set no XSRF-TOKEN cookie`);
  return cookie.slice('XSRF-TOKEN='.length).split(';')[0]!;
}

type Side = { name: string; server: ServerProcess; dataDir: string; token: string };

async function startSide(name: string, root: string | undefined): Promise<Side> {
  const dataDir = mkdtempSync(join(tmpdir(), 'haulora-pair-'));
  // One secret for both, so neither pays for a longer key.
  const server = await startServerProcess({ dataDir, root, env: BENCHMARK_ENV });
  return { name, server, dataDir, token: await csrfToken(server.url) };
}

type Measure = { cpuPerRequest: number; systemPerRequest: number; requests: number; p99: number; failed: number };

/** Loads both servers at once; CPU µs per answered request for each. */
async function round(sides: Side[], target: Target, seconds: number, connections: number): Promise<Measure[]> {
  const before = sides.map((side) => cpuMicros(side.server.pid));
  const results = await Promise.all(
    sides.map((side) =>
      autocannon({ url: side.server.url, connections, duration: seconds, requests: [requestFor(target, side.token)] }),
    ),
  );
  const after = sides.map((side) => cpuMicros(side.server.pid));
  return results.map((result, index) => {
    const requests = Math.max(1, result.requests.total);
    const system = after[index]!.system - before[index]!.system;
    return {
      cpuPerRequest: (after[index]!.user - before[index]!.user + system) / requests,
      systemPerRequest: system / requests,
      requests: result.requests.total,
      p99: result.latency.p99,
      failed: result.non2xx + result.errors,
    };
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const flags = readFlags();
  if (!ensureBuild()) process.exit(1);
  const sides = [await startSide('this checkout', undefined), await startSide(flags.against, flags.against)];
  try {
    for (const target of flags.targets) {
      const request = requestFor(target, '');
      // Warm each alone first: JIT, caches and the database's first pages.
      for (const side of sides) {
        await autocannon({
          url: side.server.url,
          connections: flags.connections,
          duration: 2,
          requests: [requestFor(target, side.token)],
        });
      }
      const rounds: Measure[][] = [];
      for (let index = 0; index < flags.rounds; index++)
        rounds.push(await round(sides, target, flags.seconds, flags.connections));
      console.log(
        `\n${request.method} ${request.path}: ${flags.rounds} rounds of ${flags.seconds} s, ${flags.connections} connections each, both at once`,
      );
      console.table(
        sides.map((side, index) => {
          const mine = rounds.map((measures) => measures[index]!);
          return {
            server: side.name,
            'CPU µs/request (median)': Math.round(median(mine.map((m) => m.cpuPerRequest))),
            rounds: mine.map((m) => Math.round(m.cpuPerRequest)).join(' / '),
            'of which system': Math.round(median(mine.map((m) => m.systemPerRequest))),
            requests: mine.reduce((sum, m) => sum + m.requests, 0),
            'p99 ms (median)': median(mine.map((m) => m.p99)),
            failed: mine.reduce((sum, m) => sum + m.failed, 0),
          };
        }),
      );
      const [mine, theirs] = sides.map((_, index) =>
        median(rounds.map((measures) => measures[index]!.cpuPerRequest)),
      ) as [number, number];
      const change = Math.round(((mine - theirs) / theirs) * 100);
      console.log(
        `This checkout: ${Math.abs(change)} % ${change >= 0 ? 'more' : 'less'} CPU per answer than the other.`,
      );
    }
  } finally {
    for (const side of sides) {
      await side.server.stop('SIGTERM').catch(() => side.server.child.kill('SIGKILL'));
      rmSync(side.dataDir, { recursive: true, force: true });
    }
  }
}

await main();
