// How the beacon's events reach the database (decision 057), over real HTTP. On a SQLite file a
// worker thread with its own connection commits them: what was answered 202 is in the file after
// a flush, a server that closes writes what it holds first, and a process killed outright loses at
// most the events of its last flush interval. On PostgreSQL several instances write the same table.
// The beacon's short header set still passes the site's header rules.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { startServerProcess } from '../../scripts/lib/server-process.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { securityHeaderProblems } from '../helpers/security-headers.ts';
import { startServer } from '../helpers/server.ts';

const cluster = await startPostgres();
after(async () => cluster?.close());

/** The beacon's own limit per address, out of the way (the tests send hundreds from 127.0.0.1). */
const UNLIMITED = { ANALYTICS_EVENTS_PER_MINUTE: '100000' };
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Sends `count` page views of `path`, a few at a time, each from its own user agent; returns the answers. */
async function sendViews(url: string, path: string, count: number): Promise<Response[]> {
  const origin = new URL(url).origin;
  const answers: Response[] = [];
  for (let start = 0; start < count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start) }, (_, n) =>
      fetch(`${url}/api/events`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin, 'user-agent': `${DESKTOP} n/${start + n}` },
        body: JSON.stringify({ type: 'pageview', path }),
      }),
    );
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

/** Events of `path` in a SQLite file, read with a connection of the test's own. */
function storedIn(file: string, path: string): number {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return Number(
      (db.prepare('SELECT count(*) AS n FROM analytics_events WHERE path = ?').get(path) as { n: number }).n,
    );
  } finally {
    db.close();
  }
}

test('SQLite: events answered 202 are committed by the writer thread, in the file once flushed; closing writes the rest', async () => {
  const server = await startServer({ ...UNLIMITED, ANALYTICS_FLUSH_MS: '60000' });
  const file = join(server.dataDir, 'haulora.sqlite');
  try {
    const answers = await sendViews(server.url, '/fleet', 120);
    assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([202]));
    assert.deepEqual(securityHeaderProblems('beacon 202', answers[0]!.headers), []);
    assert.equal(answers[0]!.headers.get('content-security-policy'), "default-src 'none'; frame-ancestors 'none'");
    await server.app.analytics.ingest.flush();
    assert.equal(storedIn(file, '/fleet'), 120, 'every event answered 202 is in the file after a flush');
    assert.equal(server.app.analytics.ingest.counts.written, 120);

    // A refusal from the beacon's route keeps the strict set too.
    const refused = await fetch(`${server.url}/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: server.url, 'user-agent': DESKTOP },
      body: '{"type":"pageview"',
    });
    assert.equal(refused.status, 400);
    assert.deepEqual(securityHeaderProblems('beacon 400', refused.headers), []);

    // Queued and not flushed (the interval is a minute here): closing writes them before the
    // database closes.
    await sendViews(server.url, '/pricing', 40);
    assert.equal(storedIn(file, '/pricing'), 0, 'not written before the interval');
    await server.app.close();
    assert.equal(storedIn(file, '/pricing'), 40, 'closing flushes what was queued');
  } finally {
    await server.app.close();
    await rm(server.dataDir, { recursive: true, force: true });
  }
});

test(
  'SQLite: a server killed outright loses at most the events of its last flush interval',
  { timeout: 90_000 },
  async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'haulora-ingest-crash-'));
    const server = await startServerProcess({
      dataDir,
      apiOnly: true,
      env: UNLIMITED,
    });
    try {
      const early = await sendViews(server.url, '/early', 200);
      assert.ok(early.every((answer) => answer.status === 202));
      // Longer than the flush interval (250 ms) and a commit, even on a loaded machine.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const late = await sendViews(server.url, '/late', 50);
      assert.ok(late.every((answer) => answer.status === 202));
      await server.stop('SIGKILL');
      const file = join(dataDir, 'haulora.sqlite');
      assert.equal(storedIn(file, '/early'), 200, 'everything older than the flush interval survived the kill');
      const lateKept = storedIn(file, '/late');
      assert.ok(lateKept <= 50, `at most what was sent (${lateKept})`);
    } finally {
      await server.stop('SIGKILL').catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    }
  },
);

test('PostgreSQL: two instances write the same events table at once', { skip: !cluster }, async () => {
  const url = await cluster!.createDatabase();
  const [one, two] = await Promise.all([
    startServer({ ...UNLIMITED, DATABASE_URL: url }),
    startServer({ ...UNLIMITED, DATABASE_URL: url }),
  ]);
  try {
    const answers = await Promise.all([sendViews(one.url, '/fleet', 150), sendViews(two.url, '/fleet', 150)]);
    assert.ok(answers.flat().every((answer) => answer.status === 202));
    await Promise.all([one.app.analytics.ingest.flush(), two.app.analytics.ingest.flush()]);
    const { n } = await one.app.database.kysely
      .selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('path', '=', '/fleet')
      .executeTakeFirstOrThrow();
    assert.equal(Number(n), 300);
  } finally {
    await Promise.all([one.close(), two.close()]);
  }
});
