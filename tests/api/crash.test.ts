// The durability proof: every submission the server acknowledged with ['SUCCESS', ...] is in the
// database after the process is killed with SIGKILL mid-stream and started again.
//
// The real process shell (server/server.ts) runs as a child on a temporary DATA_DIR. Submissions
// of all four kinds flow eight at a time; right after one answer arrives the child is killed,
// while others are still in flight. A new child is started on the same folder, and each
// acknowledged marker is looked up straight in the SQLite file. Three cycles, acknowledgements
// accumulating, then a clean SIGTERM shutdown and one last check.
//
// SIGKILL proves that a row is committed (written to the WAL) before its answer is sent; it does
// not cut power, so it cannot prove the fsync that synchronous=FULL adds on top.
//
// Needs the production build (build/server/index.js): run `npm run build` first.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { serverBuildFile } from '../../server/paths.ts';
import { ApiClient, type ApiResponse } from '../helpers/api-client.ts';
import { png } from '../helpers/images.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_BUILD = serverBuildFile;

const CYCLES = 3;
const IN_FLIGHT = 8;
/** Acknowledged submissions per cycle before the kill (plus a little randomness). */
const KILL_AFTER = 150;
const READY_TIMEOUT_MS = 15_000;
const LOAD_TIMEOUT_MS = 15_000;
const EXIT_TIMEOUT_MS = 5_000;
const DRAIN_TIMEOUT_MS = 10_000;

const KINDS = ['feedback', 'demo', 'contact', 'newsletter'] as const;
type Kind = (typeof KINDS)[number];
type Acknowledged = { kind: Kind; marker: string; cycle: number };

/** A copy in a plain ArrayBuffer, which is what Blob accepts. */
const IMAGE = new Uint8Array(png(4, 3));
const IMAGE_SHA256 = createHash('sha256').update(IMAGE).digest('hex');

// ---------------------------------------------------------------------------------------------
// The child server

type Child = { process: ChildProcess; url: string; output: () => string; exited: Promise<number | string> };
const children = new Set<ChildProcess>();
let dataDir: string | undefined;

after(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function startChild(dir: string): Promise<Child> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    TOKEN_SECRET: 'crash-test-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FORMS_PER_MINUTE: '1000000',
    RATE_LIMIT_PAGES_PER_MINUTE: '1000000',
    RATE_LIMIT_SIGNIN_PER_MINUTE: '1000000',
  };
  // The child is a server, not a test file.
  delete env.NODE_TEST_CONTEXT;

  const child = spawn(process.execPath, ['server/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
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
    exited.then((how) => reject(new Error(`server exited (${how}) before it was ready:\n${output}`)));
  });
  const url = await withTimeout(ready, READY_TIMEOUT_MS, `server ready line on stdout\n${output}`).catch((error) => {
    child.kill('SIGKILL');
    throw error;
  });
  return { process: child, url, output: () => output, exited };
}

async function stopChild(child: Child, signal: 'SIGKILL' | 'SIGTERM') {
  if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill(signal);
  const how = await withTimeout(child.exited, EXIT_TIMEOUT_MS, `server exit after ${signal}`);
  children.delete(child.process);
  return how;
}

// ---------------------------------------------------------------------------------------------
// Submissions

function submit(client: ApiClient, kind: Kind, marker: string): Promise<ApiResponse> {
  switch (kind) {
    case 'feedback':
      return client.post('/api/Feedback/AddFeedback', { feedback: `Crash test feedback ${marker}` });
    case 'demo':
      return client.post('/api/RequestDemo', {
        name: 'Crash Tester',
        job_title: 'Fleet manager',
        company: 'Durable Haulage Pty Ltd',
        country: '61',
        number: '+61 412345678',
        email: 'crash.tester@example.com',
        text: `Crash test demo request ${marker}`,
      });
    case 'contact': {
      const form = new FormData();
      form.append('name', 'Crash Tester');
      form.append('email', 'crash.tester@example.com');
      form.append('subject', 'Crash test');
      form.append('inq_type', '1');
      form.append('message', `Crash test contact message ${marker}`);
      form.append('img', new Blob([IMAGE], { type: 'image/png' }), 'photo.png');
      return client.postForm('/api/ContactUs', form);
    }
    case 'newsletter':
      return client.post('/api/Newsletter/Subscribe', { email: `${marker}@example.com` });
  }
}

/** Where each kind keeps its marker, and how the stored value looks. */
const STORED: Record<Kind, { sql: string; value: (marker: string) => string }> = {
  feedback: { sql: 'SELECT feedback AS v FROM feedback', value: (m) => `Crash test feedback ${m}` },
  demo: { sql: 'SELECT text AS v FROM demo_requests', value: (m) => `Crash test demo request ${m}` },
  contact: {
    sql: 'SELECT message AS v FROM contact_messages WHERE img_sha256 = ? AND img_size = ?',
    value: (m) => `Crash test contact message ${m}`,
  },
  newsletter: { sql: 'SELECT email AS v FROM newsletter_subscribers', value: (m) => `${m}@example.com` },
};

/**
 * Sends submissions IN_FLIGHT at a time until `killAfter` of them were acknowledged, then kills
 * the child with SIGKILL straight from that answer's callback. Every 200 ['SUCCESS', ...] that
 * arrives, before or after the kill, is recorded: the server sent it, so it promised the row.
 */
async function loadAndKill(child: Child, cycle: number, killAfter: number, acknowledged: Acknowledged[]) {
  const counts = { sent: 0, acknowledged: 0, failedAfterKill: 0 };
  let killed = false;
  let sequence = 0;
  let problem: Error | undefined;

  const kill = () => {
    if (killed) return;
    killed = true;
    child.process.kill('SIGKILL');
  };

  const worker = async (index: number) => {
    const client = new ApiClient(child.url);
    try {
      await client.visit();
    } catch (error) {
      problem ??= new Error(`worker ${index} could not fetch a CSRF cookie: ${(error as Error).message}`);
      kill();
      return;
    }
    while (!killed) {
      const n = sequence++;
      const kind = KINDS[(n + index) % KINDS.length]!;
      const marker = `crash-c${cycle}-${kind}-${n}-${randomBytes(4).toString('hex')}`;
      counts.sent++;
      await submit(client, kind, marker).then(
        (response) => {
          const ok = response.status === 200 && Array.isArray(response.body) && response.body[0] === 'SUCCESS';
          if (ok) {
            acknowledged.push({ kind, marker, cycle });
            counts.acknowledged++;
            if (counts.acknowledged >= killAfter) kill();
          } else if (!killed) {
            problem ??= new Error(`${kind} ${marker} answered ${response.status} ${response.text.slice(0, 300)}`);
            kill();
          } else {
            counts.failedAfterKill++;
          }
        },
        (error: Error) => {
          if (!killed) {
            problem ??= new Error(`${kind} ${marker} failed before the kill: ${error.message}`);
            kill();
          } else {
            counts.failedAfterKill++;
          }
        },
      );
    }
  };

  const workers = Promise.all(Array.from({ length: IN_FLIGHT }, (_, i) => worker(i)));
  const reachedKill = new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (killed) {
        clearInterval(check);
        resolve();
      }
    }, 5);
  });
  try {
    await withTimeout(reachedKill, LOAD_TIMEOUT_MS, `cycle ${cycle}: ${killAfter} acknowledged submissions (got ${counts.acknowledged})`);
  } catch (error) {
    kill();
    throw error;
  } finally {
    // In-flight requests end with a connection error once the process is gone.
    await withTimeout(workers, DRAIN_TIMEOUT_MS, `cycle ${cycle}: requests in flight to settle after the kill`);
  }
  const how = await stopChild(child, 'SIGKILL');
  assert.equal(how, 'SIGKILL', `cycle ${cycle}: the server should have died from SIGKILL`);
  if (problem) throw problem;
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Checking the database file

function checkDatabase(file: string, acknowledged: Acknowledged[]) {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const integrity = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    const stored = {} as Record<Kind, Set<string>>;
    for (const kind of KINDS) {
      const statement = db.prepare(STORED[kind].sql);
      const rows = (kind === 'contact' ? statement.all(IMAGE_SHA256, IMAGE.byteLength) : statement.all()) as { v: string }[];
      stored[kind] = new Set(rows.map((row) => row.v));
    }
    const missing = acknowledged.filter((a) => !stored[a.kind].has(STORED[a.kind].value(a.marker)));
    const perKind = Object.fromEntries(
      KINDS.map((kind) => {
        const acked = acknowledged.filter((a) => a.kind === kind);
        const found = acked.filter((a) => stored[kind].has(STORED[kind].value(a.marker))).length;
        return [kind, { acknowledged: acked.length, found, rows: stored[kind].size }];
      }),
    ) as Record<Kind, { acknowledged: number; found: number; rows: number }>;
    return { integrity: integrity.map((row) => row.integrity_check).join('; '), missing, perKind };
  } finally {
    db.close();
  }
}

function describe(perKind: ReturnType<typeof checkDatabase>['perKind']) {
  return KINDS.map((k) => `${k} ${perKind[k].found}/${perKind[k].acknowledged} (rows ${perKind[k].rows})`).join(', ');
}

// ---------------------------------------------------------------------------------------------

test('every acknowledged submission survives SIGKILL and restart, three times over', { timeout: 60_000 }, async (t) => {
  assert.ok(existsSync(SERVER_BUILD), `missing ${SERVER_BUILD}: run \`npm run build\` before this test`);
  dataDir = await mkdtemp(join(tmpdir(), 'haulora-crash-'));
  const databaseFile = join(dataDir, 'haulora.sqlite');
  const acknowledged: Acknowledged[] = [];

  let child = await startChild(dataDir);
  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    const killAfter = KILL_AFTER + Math.floor(Math.random() * 40);
    const counts = await loadAndKill(child, cycle, killAfter, acknowledged);
    t.diagnostic(
      `cycle ${cycle}: killed after ${killAfter} acks; sent ${counts.sent}, acknowledged ${counts.acknowledged}, ` +
        `failed after kill ${counts.failedAfterKill}`,
    );

    // The new process opens the database, which recovers the WAL the killed one left behind.
    child = await startChild(dataDir);
    const faqs = await new ApiClient(child.url).get('/api/Faqs/GetAllFromFaqs');
    assert.equal(faqs.status, 200, `cycle ${cycle}: GET /api/Faqs/GetAllFromFaqs after restart answered ${faqs.status}`);
    assert.ok(Array.isArray(faqs.body) && faqs.body.length > 0, `cycle ${cycle}: FAQ list after restart is empty`);

    const check = checkDatabase(databaseFile, acknowledged);
    t.diagnostic(`cycle ${cycle} after restart: ${check.missing.length} missing of ${acknowledged.length}; ${describe(check.perKind)}`);
    assert.equal(check.integrity, 'ok', `cycle ${cycle}: integrity_check`);
    assert.deepEqual(
      check.missing.slice(0, 20),
      [],
      `cycle ${cycle}: ${check.missing.length} acknowledged submissions are missing after the restart`,
    );
  }

  // A clean shutdown checkpoints and closes; everything is still there.
  const how = await stopChild(child, 'SIGTERM');
  assert.equal(how, 0, `clean shutdown should exit 0:\n${child.output()}`);
  const final = checkDatabase(databaseFile, acknowledged);
  t.diagnostic(`after clean shutdown: ${final.missing.length} missing of ${acknowledged.length}; ${describe(final.perKind)}`);
  assert.equal(final.integrity, 'ok', 'integrity_check after clean shutdown');
  assert.equal(final.missing.length, 0, `missing after clean shutdown: ${final.missing.slice(0, 20).map((a) => a.marker).join(', ')}`);
  for (const kind of KINDS) assert.ok(final.perKind[kind].acknowledged > 0, `no ${kind} submission was acknowledged`);
});
