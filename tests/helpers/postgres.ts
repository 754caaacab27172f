// A throwaway PostgreSQL cluster for the tests (never a system service): initdb into a temporary
// folder as the `postgres` user when the tests run as root, started with pg_ctl on a free
// loopback port with its unix socket in that folder, removed afterwards. Debian's postgresql
// package (and its contrib extensions, for pg_trgm) is installed when missing and we are root.
//
// startPostgres() returns null when PostgreSQL cannot be had here and the run does not require
// it; with CI=true or REQUIRE_POSTGRES=1 it throws instead, so CI never skips these tests.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureDebianPackage, isRoot } from './apt.ts';

const BIN = '/usr/lib/postgresql/15/bin';
const PG_TRGM = '/usr/share/postgresql/15/extension/pg_trgm.control';
export const TEST_DB_USER = 'haulora';
export const TEST_DB_PASSWORD = 'test-password-for-throwaway-cluster';

export type TestPostgres = {
  port: number;
  /** A URL for a new, empty database of its own. */
  createDatabase(): Promise<string>;
  /** URL of a database by name, with another password (to test refusals). */
  urlFor(database: string, password?: string): string;
  /** pg_ctl stop / start, to test an outage while the site runs. */
  stop(): void;
  start(): void;
  close(): Promise<void>;
};

export const postgresRequired = () => process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Runs a PostgreSQL binary, as the postgres user when we are root (initdb and postgres refuse root). */
function runAsOwner(binary: string, args: string[]) {
  const [file, argv] = isRoot()
    ? ['runuser', ['-u', 'postgres', '--', join(BIN, binary), ...args]]
    : [join(BIN, binary), args];
  execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

let counter = 0;

export async function startPostgres(): Promise<TestPostgres | null> {
  // pg_trgm (migration 007's search index) is in Debian's postgresql-15 package; the contrib
  // package is asked for when a system has PostgreSQL without it.
  let installed = ensureDebianPackage(join(BIN, 'initdb'), 'postgresql');
  if (installed.ok) installed = ensureDebianPackage(PG_TRGM, 'postgresql-contrib');
  if (!installed.ok) {
    if (postgresRequired()) throw new Error(`PostgreSQL is required for these tests: ${installed.why}`);
    console.log(`# PostgreSQL tests skipped: ${installed.why}`);
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), 'haulora-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, `${TEST_DB_PASSWORD}\n`, { mode: 0o644 });
  const port = await freePort();
  runAsOwner('initdb', [
    '-D',
    data,
    '-U',
    TEST_DB_USER,
    `--pwfile=${pwfile}`,
    '--auth-host=scram-sha-256',
    '--auth-local=trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
  ]);
  const start = () =>
    runAsOwner('pg_ctl', [
      '-D',
      data,
      '-w',
      '-l',
      join(data, 'server.log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=200`,
      'start',
    ]);
  start();
  const admin = () =>
    new pg.Client({ host: '127.0.0.1', port, user: TEST_DB_USER, password: TEST_DB_PASSWORD, database: 'postgres' });
  const urlFor = (database: string, password = TEST_DB_PASSWORD) =>
    `postgres://${TEST_DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    port,
    urlFor,
    async createDatabase() {
      const name = `test_${process.pid}_${++counter}`;
      const client = admin();
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      return urlFor(name);
    },
    stop: () => runAsOwner('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']),
    start,
    async close() {
      try {
        runAsOwner('pg_ctl', ['-D', data, '-w', '-m', 'immediate', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
