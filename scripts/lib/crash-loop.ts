// The durability proof, reusable: writers with unique markers submit all four kinds of form to
// the real server (a child process) while it is killed with SIGKILL at random moments and
// started again on the same DATA_DIR, `kills` times. Every submission the server answered with
// ['SUCCESS', ...] must then be in the SQLite file, and `PRAGMA integrity_check` must say ok.
// Used by tests/api/crash.test.ts (25 kills), tests/api/shutdown.test.ts (its writers and
// checks) and `npm run bench:reliability` (100 kills).
//
// SIGKILL proves that a row is committed (in the WAL) before its answer is sent; it does not cut
// power, so it cannot prove the fsync that synchronous=FULL adds on top.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { deflateSync } from 'node:zlib';
import { type ServerProcess, startServerProcess, withTimeout } from './server-process.ts';

export const KINDS = ['feedback', 'demo', 'contact', 'newsletter'] as const;
export type Kind = (typeof KINDS)[number];
export type Acknowledged = { kind: Kind; marker: string };

// ---------------------------------------------------------------------------------------------
// A writer: one visitor with its CSRF cookie, submitting forms

/** A 4x3 PNG (built by hand: no test helper in a script). */
const IMAGE = (() => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.from([0, 0, 0, 4, 0, 0, 0, 3, 8, 2, 0, 0, 0]);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(12, 0x5a)]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.concat([row, row, row]))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
})();

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

export class Writer {
  readonly url: string;
  private cookie = '';
  private token = '';

  constructor(url: string) {
    this.url = url;
  }

  /** Fetches the FAQ list once, as a visitor would, to receive the XSRF-TOKEN cookie. */
  async visit() {
    const response = await fetch(this.url + '/api/Faqs/GetAllFromFaqs');
    await response.arrayBuffer();
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('XSRF-TOKEN='));
    if (!line) throw new Error('no XSRF-TOKEN cookie');
    this.cookie = line.split(';')[0]!;
    this.token = this.cookie.slice('XSRF-TOKEN='.length);
  }

  /** True when the server acknowledged the submission with 200 ['SUCCESS', ...]. */
  async submit(kind: Kind, marker: string): Promise<{ ok: boolean; status: number; text: string }> {
    const headers: Record<string, string> = { cookie: this.cookie, 'x-xsrf-token': this.token };
    let body: string | FormData;
    const path = {
      feedback: '/api/Feedback/AddFeedback',
      demo: '/api/RequestDemo',
      contact: '/api/ContactUs',
      newsletter: '/api/Newsletter/Subscribe',
    }[kind];
    if (kind === 'contact') {
      body = new FormData();
      body.append('name', 'Crash Tester');
      body.append('email', 'crash.tester@example.com');
      body.append('subject', 'Crash test');
      body.append('inq_type', '1');
      body.append('message', STORED.contact.value(marker));
      body.append('img', new Blob([IMAGE], { type: 'image/png' }), 'photo.png');
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(
        kind === 'feedback'
          ? { feedback: STORED.feedback.value(marker) }
          : kind === 'newsletter'
            ? { email: STORED.newsletter.value(marker) }
            : {
                name: 'Crash Tester',
                job_title: 'Fleet manager',
                company: 'Durable Haulage Pty Ltd',
                country: '61',
                number: '+61 412345678',
                email: 'crash.tester@example.com',
                text: STORED.demo.value(marker),
              },
      );
    }
    const response = await fetch(this.url + path, { method: 'POST', headers, body });
    const text = await response.text();
    return { ok: response.status === 200 && text.startsWith('["SUCCESS"'), status: response.status, text };
  }
}

/** Where each kind keeps its marker, and how the stored value looks. */
const STORED: Record<Kind, { sql: string; value: (marker: string) => string }> = {
  feedback: { sql: 'SELECT feedback AS v FROM feedback', value: (m) => `Crash test feedback ${m}` },
  demo: { sql: 'SELECT text AS v FROM demo_requests', value: (m) => `Crash test demo request ${m}` },
  contact: { sql: 'SELECT message AS v FROM contact_messages', value: (m) => `Crash test contact message ${m}` },
  newsletter: { sql: 'SELECT email AS v FROM newsletter_subscribers', value: (m) => `${m}@example.com` },
};

export const newMarker = (label: string, kind: Kind) => `${label}-${kind}-${randomBytes(6).toString('hex')}`;

// ---------------------------------------------------------------------------------------------
// Checking the database file

export type DatabaseCheck = {
  integrity: string;
  acknowledged: number;
  found: number;
  missing: Acknowledged[];
  perKind: Record<Kind, { acknowledged: number; found: number }>;
};

export function checkDatabase(databaseFile: string, acknowledged: Acknowledged[]): DatabaseCheck {
  const db = new DatabaseSync(databaseFile, { readOnly: true });
  try {
    const integrity = (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join('; ');
    const stored = Object.fromEntries(
      KINDS.map((kind) => [kind, new Set((db.prepare(STORED[kind].sql).all() as { v: string }[]).map((row) => row.v))]),
    ) as Record<Kind, Set<string>>;
    const isStored = (a: Acknowledged) => stored[a.kind].has(STORED[a.kind].value(a.marker));
    const missing = acknowledged.filter((a) => !isStored(a));
    const perKind = Object.fromEntries(
      KINDS.map((kind) => {
        const acked = acknowledged.filter((a) => a.kind === kind);
        return [kind, { acknowledged: acked.length, found: acked.filter(isStored).length }];
      }),
    ) as DatabaseCheck['perKind'];
    return {
      integrity,
      acknowledged: acknowledged.length,
      found: acknowledged.length - missing.length,
      missing,
      perKind,
    };
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Load

export type LoadCounts = {
  sent: number;
  acknowledged: number;
  refused: number;
  /** Refusals by HTTP status. */
  refusedByStatus: Record<number, number>;
  failed: number;
  firstProblem?: string;
};

/**
 * Runs `inFlight` writers against `url` until `stop()` is called, pushing every acknowledged
 * submission into `acknowledged`. A refusal or a connection error is counted, never retried:
 * after a kill or during a shutdown they are expected.
 */
export function startLoad(url: string, options: { inFlight: number; label: string; acknowledged: Acknowledged[] }) {
  const counts: LoadCounts = { sent: 0, acknowledged: 0, refused: 0, refusedByStatus: {}, failed: 0 };
  let stopped = false;
  let sequence = 0;
  const worker = async (index: number) => {
    const writer = new Writer(url);
    try {
      await writer.visit();
    } catch (error) {
      counts.failed++;
      counts.firstProblem ??= `visit: ${(error as Error).message}`;
      return;
    }
    while (!stopped) {
      const kind = KINDS[(sequence++ + index) % KINDS.length]!;
      const marker = newMarker(options.label, kind);
      counts.sent++;
      try {
        const answer = await writer.submit(kind, marker);
        if (answer.ok) {
          options.acknowledged.push({ kind, marker });
          counts.acknowledged++;
        } else {
          counts.refused++;
          counts.refusedByStatus[answer.status] = (counts.refusedByStatus[answer.status] ?? 0) + 1;
          counts.firstProblem ??= `${kind} answered ${answer.status} ${answer.text.slice(0, 200)}`;
        }
      } catch (error) {
        counts.failed++;
        counts.firstProblem ??= `${kind}: ${(error as Error).message}`;
        // The server is gone or going: stop this writer.
        return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: options.inFlight }, (_, i) => worker(i)));
  return {
    counts,
    /** Stops sending new submissions and waits (at most `timeoutMs`) for those in flight. */
    stop: async (timeoutMs = 10_000) => {
      stopped = true;
      await withTimeout(done, timeoutMs, 'writers to settle');
      return counts;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The loop

export type CrashLoopOptions = {
  kills: number;
  /** An empty folder; the database is created in it. */
  dataDir: string;
  /** Submissions in flight at once (default 8). */
  inFlight?: number;
  /** Each cycle the server runs under load for a random time in [min, max] ms before SIGKILL. */
  minRunMs?: number;
  maxRunMs?: number;
  /** Extra environment for the server. */
  env?: Record<string, string>;
  /** Run the whole site (needs the build) instead of the API alone; the API alone starts about
   * twice as fast, and every write goes through it either way. Default false. */
  pages?: boolean;
  /** Progress lines. */
  log?: (line: string) => void;
};

export type CrashLoopResult = {
  kills: number;
  acknowledged: number;
  found: number;
  missing: number;
  /** The first missing markers, for the failure message. */
  missingSample: string[];
  integrity: string;
  /** integrity_check and missing count after a clean SIGTERM shutdown at the end. */
  afterCleanShutdown: { integrity: string; missing: number; exit: number | string };
  perKind: DatabaseCheck['perKind'];
  /** Submissions that failed because the server died under them (expected, unacknowledged). */
  lostInFlight: number;
  durationMs: number;
};

export async function runCrashLoop(options: CrashLoopOptions): Promise<CrashLoopResult> {
  const started = performance.now();
  const { kills, dataDir } = options;
  const minRunMs = options.minRunMs ?? 150;
  const maxRunMs = options.maxRunMs ?? 700;
  const databaseFile = join(dataDir, 'haulora.sqlite');
  const acknowledged: Acknowledged[] = [];
  let lostInFlight = 0;
  let server: ServerProcess | undefined;
  try {
    for (let cycle = 1; cycle <= kills; cycle++) {
      server = await startServerProcess({ dataDir, env: options.env, apiOnly: !options.pages });
      const load = startLoad(server.url, { inFlight: options.inFlight ?? 8, label: `c${cycle}`, acknowledged });
      await sleep(minRunMs + Math.random() * (maxRunMs - minRunMs));
      const how = await server.stop('SIGKILL');
      if (how !== 'SIGKILL')
        throw new Error(`cycle ${cycle}: the server ended with ${how}, not SIGKILL:\n${server.output()}`);
      const counts = await load.stop();
      // Before the kill every submission must succeed: a refusal means a broken server.
      if (counts.refused > 0)
        throw new Error(`cycle ${cycle}: ${counts.refused} submissions refused: ${counts.firstProblem}`);
      lostInFlight += counts.failed;
      options.log?.(
        `cycle ${cycle}: acknowledged ${counts.acknowledged}, cut off ${counts.failed}, total ${acknowledged.length}`,
      );
    }
    // The last restart recovers the WAL of the last kill; it must serve and hold everything.
    server = await startServerProcess({ dataDir, env: options.env, apiOnly: !options.pages });
    const faqs = await fetch(server.url + '/api/Faqs/GetAllFromFaqs');
    if (faqs.status !== 200) throw new Error(`after the last restart the FAQ list answered ${faqs.status}`);
    await faqs.arrayBuffer();
    const check = checkDatabase(databaseFile, acknowledged);
    const exit = await server.stop('SIGTERM');
    server = undefined;
    const final = checkDatabase(databaseFile, acknowledged);
    return {
      kills,
      acknowledged: check.acknowledged,
      found: check.found,
      missing: check.missing.length,
      missingSample: check.missing.slice(0, 20).map((a) => `${a.kind} ${a.marker}`),
      integrity: check.integrity,
      afterCleanShutdown: { integrity: final.integrity, missing: final.missing.length, exit },
      perKind: check.perKind,
      lostInFlight,
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
