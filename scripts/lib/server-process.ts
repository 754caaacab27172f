// Runs the real process shell (server/server.ts) as a child on a given DATA_DIR: for the
// benchmarks (bench:api, bench:web, bench:reliability) and for the tests that must kill it,
// signal it or look at its memory and file descriptors from the outside (/proc/<pid>). Needs the
// production build (ensureBuild; BUILD_DIR is passed on) unless it serves the API only.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serverBuildFile } from '../../server/paths.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  pid: number;
  url: string;
  /** The last 20 KB the child wrote to stdout and stderr. */
  output: () => string;
  /** Resolves with the signal name or the exit code. */
  exited: Promise<number | string>;
  /** Sends `signal` (unless already gone) and waits for the exit. */
  stop: (signal: NodeJS.Signals, timeoutMs?: number) => Promise<number | string>;
};

export type ServerProcessOptions = {
  dataDir: string;
  /** Extra environment (rate limits, timeouts...). */
  env?: Record<string, string>;
  /** Serve /api only (server.ts --api-only): starts faster and needs no build. */
  apiOnly?: boolean;
  /** Another checkout of the site to run instead of this one (bench:pair compares two). */
  root?: string;
  readyTimeoutMs?: number;
};

/** Environment for a child under test: quiet, fixed secret, limits out of the way. */
export const CHILD_DEFAULTS: Record<string, string> = {
  NODE_ENV: 'test',
  PORT: '0',
  HOST: '127.0.0.1',
  TOKEN_SECRET: 'server-process-secret-that-is-long-enough-0123456789',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_FORMS_PER_MINUTE: '1000000',
  RATE_LIMIT_PAGES_PER_MINUTE: '1000000',
  RATE_LIMIT_SIGNIN_PER_MINUTE: '1000000',
};

const NO_LIMIT = '100000000';

/**
 * Environment for a benchmark's server: the production profile, and rate limits out of the way
 * (they protect the site from one address; here that one address is the benchmark).
 */
export const BENCHMARK_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  TOKEN_SECRET: randomBytes(36).toString('base64url'),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PAGES_PER_MINUTE: NO_LIMIT,
  RATE_LIMIT_FORMS_PER_MINUTE: NO_LIMIT,
  RATE_LIMIT_SIGNIN_PER_MINUTE: NO_LIMIT,
};

/** Runs `npm run build` when there is no production build; false if that fails. */
export function ensureBuild(): boolean {
  if (existsSync(serverBuildFile)) return true;
  console.log('No production build: running npm run build…');
  return spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status === 0;
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...CHILD_DEFAULTS,
    ...options.env,
    DATA_DIR: options.dataDir,
  };
  // The child is a server, not a test file.
  delete env.NODE_TEST_CONTEXT;
  const args = ['server/server.ts', ...(options.apiOnly ? ['--api-only'] : [])];
  const child = spawn(process.execPath, args, { cwd: options.root ?? ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stderr!.on('data', keep);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? code ?? -1));
  });
  const ready = new Promise<string>((resolve, reject) => {
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      pending += chunk.toString('utf8');
      const match = /ready at http:\/\/[^/\s]+:(\d+)\//.exec(pending);
      if (match) {
        pending = '';
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    });
    child.once('error', reject);
    void exited.then((how) => reject(new Error(`server exited (${how}) before it was ready:\n${output}`)));
  });
  const url = await withTimeout(ready, options.readyTimeoutMs ?? 20_000, 'server ready line on stdout').catch(
    (error: Error) => {
      child.kill('SIGKILL');
      throw new Error(`${error.message}\n${output}`);
    },
  );
  const stop = (signal: NodeJS.Signals, timeoutMs = 15_000) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return withTimeout(exited, timeoutMs, `server exit after ${signal}`);
  };
  return { child, pid: child.pid!, url, output: () => output, exited, stop };
}

/** Resident memory of a process in bytes, from /proc (no debugger, no inspector). */
export function residentBytes(pid: number): number {
  const line = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Number(line[1]) * 1024;
}

/** Number of open file descriptors of a process. */
export function openFileDescriptors(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}
