// `npm run bench:cluster`: what one instance on SQLite, one on PostgreSQL and three on
// PostgreSQL behind HAProxy (deploy/haproxy.cfg) each sustain, side by side in one run, and the
// write ceiling of the PostgreSQL cluster itself (pgbench).
//
// Every setup runs the production build and profile (BENCHMARK_ENV: rate limits out of the way)
// on a throwaway PostgreSQL cluster (tests/helpers/postgres.ts) and, in turn, at 50 connections:
// GET /home (a server-rendered page), GET /api/Faqs/GetAllFromFaqs and POST
// /api/Feedback/AddFeedback with a valid CSRF cookie and header, after a short warm-up. Then
// pgbench: `-i -s 10`, then `-c 8 -j 2 -T 10 -N` (simple updates and inserts, one commit each).
//
// Flags: --duration <seconds> (default 8), --connections <n> (default 50).
// All processes share this machine's cores: three instances on two cores measure the balancer's
// cost and the database's shared writes, not more capacity. It is a benchmark: it exits 0 even
// when figures are poor, 1 only when something cannot be started.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
// @ts-expect-error autocannon ships no type declarations; the few fields used are typed below.
import autocannonUntyped from 'autocannon';
import { ensureDebianPackage } from '../tests/helpers/apt.ts';
import {
  freePort,
  startPostgres,
  TEST_DB_PASSWORD,
  TEST_DB_USER,
  type TestPostgres,
} from '../tests/helpers/postgres.ts';
import { HAPROXY_BIN, startHaproxy, waitForServersUp, type Haproxy } from './lib/haproxy.ts';
import { BENCHMARK_ENV, ensureBuild, startServerProcess, type ServerProcess } from './lib/server-process.ts';

type BenchResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
type BenchOptions = {
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  body?: string;
};
const autocannon = autocannonUntyped as (options: BenchOptions) => Promise<BenchResult>;

const PGBENCH = '/usr/lib/postgresql/15/bin/pgbench';
const WARMUP_SECONDS = 2;
const WORKLOADS = [
  { name: 'GET /home', method: 'GET', path: '/home' },
  { name: 'GET FAQ API', method: 'GET', path: '/api/Faqs/GetAllFromFaqs' },
  {
    name: 'POST feedback',
    method: 'POST',
    path: '/api/Feedback/AddFeedback',
    body: JSON.stringify({ feedback: 'Bench feedback' }),
  },
] as const;

type Setup = { name: string; url: string; stop: () => Promise<void> };
type Cell = { rps: number; p50: number; p99: number; errors: number };

function readFlags() {
  const { values } = parseArgs({
    options: { duration: { type: 'string', default: '8' }, connections: { type: 'string', default: '50' } },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  if (!(Number.isInteger(duration) && duration > 0 && Number.isInteger(connections) && connections > 0)) {
    throw new Error('--duration and --connections must be positive integers');
  }
  return { duration, connections };
}

/** The CSRF token every visitor gets in its XSRF-TOKEN cookie (valid on every instance: one TOKEN_SECRET). */
async function csrfToken(url: string): Promise<string> {
  const response = await fetch(url + '/api/Faqs/GetAllFromFaqs');
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='));
  if (!cookie) throw new Error('the server set no XSRF-TOKEN cookie');
  return cookie.slice('XSRF-TOKEN='.length).split(';')[0]!;
}

async function measure(setup: Setup, flags: ReturnType<typeof readFlags>): Promise<Cell[]> {
  const token = await csrfToken(setup.url);
  const cells: Cell[] = [];
  for (const workload of WORKLOADS) {
    console.log(`  ${setup.name}: ${workload.name} (${flags.duration} s, ${flags.connections} connections)…`);
    const headers: Record<string, string> =
      workload.method === 'POST'
        ? { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token, 'content-type': 'application/json' }
        : { cookie: `XSRF-TOKEN=${token}` };
    const request = {
      url: setup.url + workload.path,
      method: workload.method,
      headers,
      ...('body' in workload ? { body: workload.body } : {}),
    };
    await autocannon({ ...request, connections: 10, duration: WARMUP_SECONDS });
    const result = await autocannon({ ...request, connections: flags.connections, duration: flags.duration });
    cells.push({
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
    });
  }
  return cells;
}

const tempDirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'haulora-bench-cluster-'));
  tempDirs.push(dir);
  return dir;
}

async function startInstances(count: number, env: Record<string, string>): Promise<ServerProcess[]> {
  const servers: ServerProcess[] = [];
  try {
    // One at a time: the first migrates the database.
    for (let i = 0; i < count; i++) {
      servers.push(
        await startServerProcess({
          dataDir: tempDir(),
          env: { ...BENCHMARK_ENV, ...env, PORT: String(await freePort()) },
          readyTimeoutMs: 30_000,
        }),
      );
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    throw error;
  }
  return servers;
}

const stopAll = (servers: ServerProcess[]) => async () => {
  await Promise.all(servers.map((server) => server.stop('SIGTERM', 20_000).catch(() => server.stop('SIGKILL'))));
};

async function sqliteSetup(): Promise<Setup> {
  const [server] = await startInstances(1, {});
  return { name: '1 × SQLite', url: server!.url, stop: stopAll([server!]) };
}

async function postgresSetup(postgres: TestPostgres): Promise<Setup> {
  const [server] = await startInstances(1, { DATABASE_URL: await postgres.createDatabase(), SHUTDOWN_DRAIN_MS: '0' });
  return { name: '1 × PostgreSQL', url: server!.url, stop: stopAll([server!]) };
}

async function clusterSetup(postgres: TestPostgres): Promise<Setup> {
  const servers = await startInstances(3, {
    DATABASE_URL: await postgres.createDatabase(),
    TRUST_PROXY: 'true',
    SHUTDOWN_DRAIN_MS: '0',
  });
  let haproxy: Haproxy | undefined;
  try {
    const names = servers.map((_, i) => `web${i + 1}`);
    haproxy = await startHaproxy(
      { frontend: await freePort(), stats: await freePort() },
      servers.map((server, i) => ({ name: names[i]!, port: Number(new URL(server.url).port) })),
    );
    await waitForServersUp(haproxy, names);
  } catch (error) {
    await haproxy?.stop();
    await stopAll(servers)();
    throw error;
  }
  return {
    name: '3 × PostgreSQL + HAProxy',
    url: haproxy.url,
    stop: async () => {
      await haproxy.stop();
      await stopAll(servers)();
    },
  };
}

/** pgbench's TPS for simple one-row writes (-N), each its own fsynced commit. */
function pgbench(postgres: TestPostgres): { tps: number; latencyMs: number } {
  const env = { ...process.env, PGPASSWORD: TEST_DB_PASSWORD };
  const connection = ['-h', '127.0.0.1', '-p', String(postgres.port), '-U', TEST_DB_USER];
  execFileSync(join(PGBENCH, '..', 'createdb'), [...connection, 'pgbench'], { env });
  console.log('  pgbench -i -s 10…');
  execFileSync(PGBENCH, [...connection, '-i', '-s', '10', '-q', 'pgbench'], {
    env,
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  console.log('  pgbench -c 8 -j 2 -T 10 -N…');
  const out = execFileSync(PGBENCH, [...connection, '-c', '8', '-j', '2', '-T', '10', '-N', 'pgbench'], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const tps = /tps = ([\d.]+)/.exec(out);
  const latency = /latency average = ([\d.]+) ms/.exec(out);
  if (!tps) throw new Error(`pgbench printed no tps:\n${out}`);
  return { tps: Number(tps[1]), latencyMs: Number(latency?.[1] ?? NaN) };
}

function printTable(setups: string[], results: Cell[][], flags: ReturnType<typeof readFlags>) {
  const cell = (c: Cell) =>
    `${Math.round(c.rps)} req/s, p50 ${c.p50} / p99 ${c.p99} ms${c.errors ? `, ${c.errors} errors` : ''}`;
  console.log(`\nResults (${flags.connections} connections, ${flags.duration} s each)\n`);
  const header = `| | ${setups.join(' | ')} |`;
  const lines = [header, `|---|${setups.map(() => '---').join('|')}|`];
  WORKLOADS.forEach((workload, row) =>
    lines.push(`| ${workload.name} | ${results.map((cells) => cell(cells[row]!)).join(' | ')} |`),
  );
  console.log(lines.join('\n'));
}

async function main(): Promise<number> {
  const flags = readFlags();
  if (!ensureBuild()) return 1;
  const haproxyInstalled = ensureDebianPackage(HAPROXY_BIN, 'haproxy');
  if (!haproxyInstalled.ok) {
    console.error(`HAProxy is needed: ${haproxyInstalled.why}`);
    return 1;
  }
  const postgres = await startPostgres();
  if (!postgres) return 1;
  const names: string[] = [];
  const results: Cell[][] = [];
  try {
    for (const start of [sqliteSetup, () => postgresSetup(postgres), () => clusterSetup(postgres)]) {
      const setup = await start();
      try {
        names.push(setup.name);
        results.push(await measure(setup, flags));
      } finally {
        await setup.stop();
      }
    }
    const ceiling = pgbench(postgres);
    printTable(names, results, flags);
    console.log(
      `\npgbench on the same PostgreSQL 15 (fsync on, -c 8 -j 2 -T 10 -N): ${Math.round(ceiling.tps)} TPS, ` +
        `average latency ${ceiling.latencyMs} ms (the write ceiling: one commit per form post)`,
    );
    return 0;
  } finally {
    await postgres.close();
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
