// The beacon listener (decision 058) over real HTTP: with ANALYTICS_PORT set, a worker thread
// answers POST /api/events on its own port exactly as the app's route does (Origin, 2 KB, JSON and
// schema, per-address limit, bots and staff pages dropped, the beacon's headers, request ids, the
// trust-proxy rule), stores with its own connection, computes the same visitor id as the app's
// route, reaches /metrics, and writes its queue when the server closes. SQLite file and PostgreSQL;
// an in-memory SQLite database is refused at start.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { EVENT_MESSAGES } from '../../common/analytics.ts';
import { MESSAGES } from '../../common/messages.ts';
import { startServerProcess } from '../../scripts/lib/server-process.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { securityHeaderProblems } from '../helpers/security-headers.ts';
import { startServer, TEST_TOKEN_SECRET, type TestServer } from '../helpers/server.ts';

const cluster = await startPostgres();
after(async () => cluster?.close());

const SITE = 'http://site.example';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const listenerUrl = (server: TestServer) => {
  const address = server.app.beaconListener!.address;
  return `http://${address.host}:${address.port}`;
};

function send(base: string, body: unknown, headers: Record<string, string> = {}, path = '/api/events') {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: SITE, 'user-agent': DESKTOP, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Each thread of a process and its scheduling policy (/proc/<pid>/task/<tid>/stat, field 41). */
const SCHED_IDLE = 5;
function threadPolicies(pid: number): Map<number, number> {
  const policies = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // The fields after the command's name, which is in parentheses and may hold spaces: field 3 on.
    policies.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[41 - 3]));
  }
  return policies;
}

type Row = { path: string; visitor: string; source: string };
function storedRows(file: string): Row[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare('SELECT path, visitor, source FROM analytics_events ORDER BY id').all() as Row[];
  } finally {
    db.close();
  }
}

test('SQLite file: the listener answers like the route, the same visitor id as the app, counted in /metrics, its queue written on close', async () => {
  const server = await startServer({
    SITE_URL: SITE,
    ANALYTICS_PORT: '0',
    ANALYTICS_FLUSH_MS: '60000',
    METRICS_PORT: '0',
    TRUST_PROXY: 'true',
  });
  const file = `${server.dataDir}/haulora.sqlite`;
  try {
    const base = listenerUrl(server);
    assert.notEqual(new URL(base).port, new URL(server.url).port, 'its own port');
    const ok = { type: 'pageview', path: '/fleet?utm_source=Mail' };

    const accepted = await send(base, ok, { 'x-request-id': 'proxy-id-12345' });
    assert.equal(accepted.status, 202);
    assert.equal(await accepted.text(), '');
    assert.equal(accepted.headers.get('cache-control'), 'no-store');
    assert.equal(accepted.headers.get('set-cookie'), null);
    assert.equal(accepted.headers.get('x-request-id'), 'proxy-id-12345', "the proxy's request id (TRUST_PROXY)");
    assert.equal(accepted.headers.get('content-security-policy'), "default-src 'none'; frame-ancestors 'none'");
    assert.deepEqual(securityHeaderProblems('listener 202', accepted.headers), []);

    const wrongOrigin = await send(base, ok, { origin: 'https://evil.example' });
    assert.equal(wrongOrigin.status, 403);
    assert.deepEqual(await wrongOrigin.json(), { errorInfo: EVENT_MESSAGES.origin });
    assert.deepEqual(securityHeaderProblems('listener 403', wrongOrigin.headers), []);
    assert.match(wrongOrigin.headers.get('x-request-id') ?? '', /^[\w-]{36}$/, 'a fresh id when none is sent');
    const refusals: [unknown, string][] = [
      ['{"type":"pageview",', EVENT_MESSAGES.body],
      [{ type: 'purchase', path: '/' }, EVENT_MESSAGES.type],
      [{ type: 'pageview', path: '//evil.example/x' }, EVENT_MESSAGES.path],
      [{ type: 'pageview', path: '/', referrer: 'javascript:alert(1)' }, EVENT_MESSAGES.referrer],
    ];
    for (const [body, message] of refusals) {
      const refused = await send(base, body);
      assert.equal(refused.status, 400, JSON.stringify(body));
      assert.deepEqual(await refused.json(), { errorInfo: message });
    }
    const tooBig = await send(base, { ...ok, referrer: `https://x.example/${'y'.repeat(3000)}` });
    assert.equal(tooBig.status, 413);
    assert.ok('errorInfo' in (await tooBig.json()));
    assert.equal((await send(base, ok, { 'user-agent': BOT })).status, 202);
    assert.equal((await send(base, { type: 'pageview', path: '/inbox/demo-requests/3' })).status, 202);
    for (const [method, path] of [
      ['GET', '/api/events'],
      ['POST', '/api/feedback'],
      ['GET', '/home'],
    ] as const) {
      const other = await fetch(`${base}${path}`, { method, headers: { origin: SITE } });
      assert.equal(other.status, 404, `${method} ${path}`);
      assert.deepEqual(await other.json(), { errorInfo: MESSAGES.notFound });
      assert.deepEqual(securityHeaderProblems(`listener 404 ${path}`, other.headers), []);
    }

    // The same address and user agent on the same day: one visitor, whichever port took it.
    // Another forwarded address (TRUST_PROXY): another visitor.
    assert.equal((await send(server.url, { type: 'pageview', path: '/pricing' })).status, 202);
    assert.equal(
      (await send(base, { type: 'pageview', path: '/other' }, { 'x-forwarded-for': '203.0.113.9' })).status,
      202,
    );

    // Queued, not written (the interval is a minute): the listener's events are not in the file yet.
    await server.app.analytics.ingest.flush();
    assert.deepEqual(
      storedRows(file).map((row) => row.path),
      ['/pricing'],
      'only the app route’s event, flushed',
    );

    await server.app.beaconListener!.report();
    assert.equal(server.app.beaconListener!.counts.accepted, 2);
    const metrics = await fetch(`http://127.0.0.1:${server.app.metricsAddress!.port}/metrics`).then((r) => r.text());
    assert.match(metrics, /http_requests_total\{method="POST",route="\/api\/events",status_class="2xx"\} [3-9]/);
    assert.match(metrics, /http_requests_total\{method="POST",route="\/api\/events",status_class="4xx"\} \d/);

    await server.app.close();
    const rows = storedRows(file);
    assert.deepEqual(rows.map((row) => row.path).sort(), ['/fleet', '/other', '/pricing'], 'closing wrote the queue');
    const byPath = Object.fromEntries(rows.map((row) => [row.path, row]));
    assert.equal(byPath['/fleet']!.visitor, byPath['/pricing']!.visitor, 'the same visitor id on both paths');
    assert.notEqual(byPath['/other']!.visitor, byPath['/fleet']!.visitor, 'the forwarded address counts');
    assert.equal(byPath['/fleet']!.source, 'mail');
  } finally {
    await server.close();
  }
});

test(
  'PostgreSQL: the listener stores with its own pool, limits per address with 429, the same visitor id as the app',
  { skip: !cluster },
  async () => {
    const server = await startServer({
      DATABASE_URL: await cluster!.createDatabase(),
      SITE_URL: SITE,
      ANALYTICS_PORT: '0',
      ANALYTICS_EVENTS_PER_MINUTE: '5',
    });
    try {
      const base = listenerUrl(server);
      const statuses: number[] = [];
      for (let n = 0; n < 7; n++) statuses.push((await send(base, { type: 'pageview', path: `/p${n}` })).status);
      assert.deepEqual(statuses, [202, 202, 202, 202, 202, 429, 429]);
      // Without TRUST_PROXY a forwarded address is not believed: still the same address, still limited.
      const forged = await send(base, { type: 'pageview', path: '/p7' }, { 'x-forwarded-for': '203.0.113.7' });
      assert.equal(forged.status, 429);
      assert.equal((await send(server.url, { type: 'pageview', path: '/app' })).status, 202);
      await server.app.analytics.ingest.flush();
      const read = () =>
        server.app.database.kysely.selectFrom('analytics_events').select(['path', 'visitor']).execute();
      // The listener writes every flush interval (250 ms): wait for its five.
      const deadline = Date.now() + 10_000;
      while ((await read()).length < 6 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const rows = await read();
      assert.equal(rows.length, 6, 'five from the listener, one from the app');
      assert.equal(new Set(rows.map((row) => row.visitor)).size, 1, 'one visitor on both paths');
    } finally {
      await server.close();
    }
  },
);

test('a listener that dies is logged and restarted on the same port; its counts carry on', async () => {
  const logLines: string[] = [];
  const server = await startServer({ SITE_URL: SITE, ANALYTICS_PORT: '0' }, { logLines });
  try {
    const base = listenerUrl(server);
    const listener = server.app.beaconListener!;
    assert.equal((await send(base, { type: 'pageview', path: '/before' })).status, 202);
    await listener.report();
    await listener.kill();
    const deadline = Date.now() + 15_000;
    while (listener.restarts === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(listener.restarts, 1);
    assert.ok(logLines.some((line) => line.includes('beacon listener stopped; restarting it')));
    assert.equal(listenerUrl(server), base, 'the same port');
    assert.equal((await send(base, { type: 'pageview', path: '/after' })).status, 202);
    await listener.report();
    assert.equal(listener.counts.accepted, 2, 'the dead thread’s count is kept');
  } finally {
    await server.close();
  }
});

test(
  'the real process (npm start): the listener on ANALYTICS_PORT; SIGTERM writes its queue and exits 0',
  { timeout: 60_000 },
  async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'haulora-beacon-listener-'));
    const probe = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => probe.once('listening', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const server = await startServerProcess({
      dataDir,
      apiOnly: true,
      env: { SITE_URL: SITE, ANALYTICS_PORT: String(port), ANALYTICS_FLUSH_MS: '60000' },
    });
    try {
      for (let n = 0; n < 20; n++)
        assert.equal((await send(`http://127.0.0.1:${port}`, { type: 'pageview', path: `/n${n}` })).status, 202);
      assert.match(server.output(), new RegExp(`beacon listener \\(POST /api/events\\) on 127\\.0\\.0\\.1:${port}`));
      // The listener's thread alone is in the idle scheduling class: the pages' thread comes first.
      const policies = threadPolicies(server.pid);
      assert.equal(policies.get(server.pid), 0, 'the main thread keeps the normal policy');
      assert.equal([...policies.values()].filter((policy) => policy === SCHED_IDLE).length, 1, 'one SCHED_IDLE thread');
      const file = join(dataDir, 'haulora.sqlite');
      assert.equal(storedRows(file).length, 0, 'queued for a minute');
      assert.equal(await server.stop('SIGTERM'), 0);
      assert.equal(storedRows(file).length, 20, 'written on SIGTERM before the process ended');
    } finally {
      await server.stop('SIGKILL').catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    }
  },
);

test('an in-memory SQLite database with ANALYTICS_PORT is refused at start, saying why', async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    TOKEN_SECRET: TEST_TOKEN_SECRET,
    LOG_LEVEL: 'silent',
    ANALYTICS_PORT: '0',
  });
  config.database.file = ':memory:';
  await assert.rejects(buildApp(config, { pages: false }), /ANALYTICS_PORT: .*in-memory SQLite/);
  assert.throws(() => loadConfig({ ANALYTICS_PORT: 'seventy' }), /ANALYTICS_PORT/);
  assert.throws(() => loadConfig({ PORT: '3000', ANALYTICS_PORT: '3000' }), /ANALYTICS_PORT: must differ from PORT/);
});
