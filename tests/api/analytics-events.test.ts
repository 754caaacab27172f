// The analytics beacon and dashboard API over real HTTP, on SQLite and on PostgreSQL (issue 30):
// POST /api/events answers 202 with no body and no cookie, only from the site's own Origin;
// bad input is a 400 and stores nothing; bots and staff pages are dropped; floods get 429, never
// a 5xx; the daily salt rotates at midnight UTC and is deleted after 48 hours (injected clock);
// the rollups count what was sent, and GET /api/analytics/overview answers them to staff only.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { EVENT_MESSAGES } from '../../common/analytics.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const cluster = await startPostgres();
after(async () => cluster?.close());

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

type Sent = { status: number; text: string; cookie: string | null };

function beacon(server: TestServer, body: unknown, headers: Record<string, string> = {}): Promise<Sent> {
  const origin = new URL(server.url).origin;
  return fetch(`${server.url}/api/events`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin, 'user-agent': DESKTOP, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }).then(async (response) => ({
    status: response.status,
    text: await response.text(),
    cookie: response.headers.get('set-cookie'),
  }));
}

async function events(server: TestServer) {
  await server.app.analytics.ingest.flush();
  return server.app.database.kysely.selectFrom('analytics_events').selectAll().orderBy('id').execute();
}

const engines = [
  { name: 'SQLite', env: async () => ({}) },
  ...(cluster ? [{ name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await cluster.createDatabase() }) }] : []),
];

for (const engine of engines) {
  describe(`analytics on ${engine.name}`, () => {
    test('a page view is 202 with no body and no cookie; nothing of the address or user agent is stored', async () => {
      const server = await startServer(await engine.env());
      try {
        const sent = await beacon(
          server,
          {
            type: 'pageview',
            path: '/fleet?utm_source=Newsletter&utm_campaign=spring&email=a@b.c',
            referrer: 'https://www.google.com/',
          },
          { 'user-agent': PHONE },
        );
        assert.deepEqual(sent, { status: 202, text: '', cookie: null });
        const rows = await events(server);
        assert.equal(rows.length, 1);
        const row = rows[0]!;
        assert.equal(row.path, '/fleet', 'the query string is not kept');
        assert.equal(row.source, 'newsletter');
        assert.equal(row.utm_campaign, 'spring');
        assert.equal(row.referrer_host, 'google.com');
        assert.equal(row.device, 'mobile');
        assert.match(row.visitor, /^[\w-]{22}$/);
        const stored = JSON.stringify(rows);
        for (const secret of ['127.0.0.1', 'iPhone', 'a@b.c'])
          assert.ok(!stored.includes(secret), `${secret} is not stored`);
      } finally {
        await server.close();
      }
    });

    test('only the site’s own Origin; bad input is a 400 naming it; bots and staff pages are dropped; nothing half stored', async () => {
      const server = await startServer(await engine.env());
      try {
        const ok = { type: 'pageview', path: '/' };
        assert.equal((await beacon(server, ok, { origin: 'https://evil.example' })).status, 403);
        const noOrigin = await fetch(`${server.url}/api/events`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify(ok),
        });
        assert.equal(noOrigin.status, 403);
        const refusals: [unknown, string][] = [
          [{ type: 'purchase', path: '/' }, EVENT_MESSAGES.type],
          [{ type: 'pageview', path: 'fleet' }, EVENT_MESSAGES.path],
          [{ type: 'pageview', path: '//evil.example/x' }, EVENT_MESSAGES.path],
          [{ type: 'pageview', path: `/${'a'.repeat(600)}` }, EVENT_MESSAGES.path],
          [{ type: 'pageview', path: '/a\nb' }, EVENT_MESSAGES.path],
          [{ type: 'pageview', path: '/', referrer: 'javascript:alert(1)' }, EVENT_MESSAGES.referrer],
          [{ type: 'pageview', path: '/', referrer: `https://x.example/${'r'.repeat(1100)}` }, EVENT_MESSAGES.referrer],
          [{ type: 'search', path: '/', query: 'x'.repeat(101), results: 0 }, EVENT_MESSAGES.query],
          [{ type: 'search', path: '/', query: 'fuel', results: -1 }, EVENT_MESSAGES.results],
          [{ type: 'form_submitted', path: '/', form: '<script>' }, EVENT_MESSAGES.form],
          ['{"type":"pageview",', EVENT_MESSAGES.body],
        ];
        for (const [body, message] of refusals) {
          const sent = await beacon(server, body);
          assert.equal(sent.status, 400, JSON.stringify(body).slice(0, 80));
          assert.equal(JSON.parse(sent.text).errorInfo, message);
        }
        assert.equal((await beacon(server, { ...ok, extra: 'field' })).status, 400);
        assert.equal((await beacon(server, { ...ok, referrer: 'https://x.example/' + 'y'.repeat(3000) })).status, 413);
        assert.equal((await beacon(server, ok, { 'user-agent': BOT })).status, 202);
        assert.equal((await beacon(server, ok, { 'user-agent': '' })).status, 202);
        assert.equal((await beacon(server, { type: 'pageview', path: '/inbox/demo-requests/3' })).status, 202);
        assert.equal((await beacon(server, { type: 'pageview', path: '/analytics' })).status, 202);
        assert.equal((await events(server)).length, 0, 'nothing refused or dropped is stored');
      } finally {
        await server.close();
      }
    });

    test('a flood from one address is limited with 429, never a 5xx; what was accepted is stored whole', async () => {
      const server = await startServer({ ...(await engine.env()), ANALYTICS_EVENTS_PER_MINUTE: '20' });
      try {
        const statuses = await Promise.all(
          Array.from({ length: 60 }, (_, n) =>
            beacon(server, { type: 'pageview', path: `/p${n}` }).then((sent) => sent.status),
          ),
        );
        assert.equal(statuses.filter((status) => status === 202).length, 20);
        assert.equal(statuses.filter((status) => status === 429).length, 40);
        const rows = await events(server);
        assert.equal(rows.length, 20);
        assert.ok(rows.every((row) => row.visitor && row.day && row.path.startsWith('/p')));
      } finally {
        await server.close();
      }
    });

    test('the salt rotates at midnight UTC and is deleted 48 hours after its day began', async () => {
      let now = Date.parse('2026-03-01T23:59:00Z');
      const server = await startServer(await engine.env(), { analyticsClock: () => now });
      try {
        const salts = () =>
          server.app.database.kysely
            .selectFrom('analytics_salts')
            .select('day')
            .orderBy('day')
            .execute()
            .then((rows) => rows.map((row) => row.day));
        assert.equal((await beacon(server, { type: 'pageview', path: '/' })).status, 202);
        now += 2 * 60_000; // 00:01 on 2 March
        assert.equal((await beacon(server, { type: 'pageview', path: '/' })).status, 202);
        const [before, after] = await events(server);
        assert.equal(before!.day, '2026-03-01');
        assert.equal(after!.day, '2026-03-02');
        assert.notEqual(before!.visitor, after!.visitor, 'the same person is another visitor on a new day');
        assert.deepEqual(await salts(), ['2026-03-01', '2026-03-02']);
        now = Date.parse('2026-03-03T00:00:30Z');
        assert.equal((await beacon(server, { type: 'pageview', path: '/' })).status, 202);
        await events(server);
        assert.deepEqual(
          await salts(),
          ['2026-03-02', '2026-03-03'],
          '1 March’s salt is gone 48 hours after 1 March began',
        );
      } finally {
        await server.close();
      }
    });

    test('the rollups count what was sent, and the overview answers them to staff only', async () => {
      let now = Date.parse('2026-04-10T09:00:00Z');
      const server = await startServer(await engine.env(), { analyticsClock: () => now });
      try {
        const visit = (agent: string, body: object) => beacon(server, body, { 'user-agent': `${DESKTOP} v/${agent}` });
        // Yesterday (the previous period): one visitor.
        now = Date.parse('2026-04-09T12:00:00Z');
        await visit('z', { type: 'pageview', path: '/' });
        now = Date.parse('2026-04-10T09:00:00Z');
        // Visitor a: from a LinkedIn campaign, a feature page, the demo modal, a demo request.
        await visit('a', {
          type: 'pageview',
          path: '/fleet?utm_source=linkedin&utm_medium=cpc&utm_campaign=q2-fleet',
          referrer: 'https://www.linkedin.com/',
        });
        await visit('a', { type: 'pageview', path: '/jobs', referrer: `${server.url}/fleet` });
        await visit('a', { type: 'demo_modal_opened', path: '/jobs' });
        await visit('a', { type: 'form_submitted', path: '/jobs', form: 'demo' });
        // Visitor b: from Google Ads (gclid), searches twice, one finds nothing.
        await visit('b', { type: 'pageview', path: '/?gclid=abc123' });
        await visit('b', { type: 'search', path: '/', query: 'Fuel Cards', results: 0 });
        await visit('b', { type: 'search', path: '/', query: 'fleet', results: 4 });
        // Visitor c: direct, two page views.
        await visit('c', { type: 'pageview', path: '/' });
        await visit('c', { type: 'pageview', path: '/faq', referrer: `${server.url}/` });
        await events(server);
        await server.app.analytics.rollups.rollup('2026-04-09');
        await server.app.analytics.rollups.rollup('2026-04-10');
        // Rolling up again changes nothing (the rollup of a day is rebuilt, not added to).
        await server.app.analytics.rollups.rollup('2026-04-10');

        const query = '/api/analytics/overview?from=2026-04-10&to=2026-04-10';
        assert.equal((await fetch(server.url + query)).status, 401);
        await server.app.repos.users.create(
          'sam',
          await hashPassword('correct horse battery'),
          new Date().toISOString(),
        );
        const token = (
          await server.client().post('/api/SignIn', { username: 'sam', password: 'correct horse battery' })
        ).body.access_token as string;
        const get = (path: string) => fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
        assert.equal((await get('/api/analytics/overview?from=2026-04-10&to=2026-04-01')).status, 400);
        assert.equal((await get('/api/analytics/overview?from=2026-02-30&to=2026-04-01')).status, 400);
        assert.equal((await get('/api/analytics/overview?from=yesterday')).status, 400);
        const response = await get(query);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('cache-control'), 'no-store');
        const overview = await response.json();
        assert.equal(overview.visitors, 3);
        assert.equal(overview.pageviews, 5);
        assert.equal(overview.demo_visitors, 1);
        assert.deepEqual(
          {
            visitors: overview.previous.visitors,
            pageviews: overview.previous.pageviews,
            from: overview.previous.from,
          },
          { visitors: 1, pageviews: 1, from: '2026-04-09' },
        );
        const byValue = (rows: { value: string }[]) =>
          Object.fromEntries(rows.map(({ value, ...rest }) => [value, rest]));
        assert.deepEqual(byValue(overview.top_pages)['/'], { visitors: 2, events: 2, conversions: 0 });
        assert.deepEqual(byValue(overview.sources), {
          linkedin: { visitors: 1, events: 1, conversions: 1 },
          'Google Ads': { visitors: 1, events: 1, conversions: 0 },
          'Direct / None': { visitors: 1, events: 1, conversions: 0 },
        });
        assert.deepEqual(byValue(overview.campaigns), { 'q2-fleet': { visitors: 1, events: 1, conversions: 1 } });
        assert.deepEqual(Object.keys(byValue(overview.entry_pages)).sort(), ['/', '/fleet']);
        assert.deepEqual(
          overview.searches_without_results.map((row: { value: string }) => row.value),
          ['fuel cards'],
        );
        const funnel = Object.fromEntries(
          overview.funnel.map((step: { step: string; count: number }) => [step.step, step.count]),
        );
        assert.deepEqual(funnel, {
          visit: 3,
          feature: 1,
          demo_modal: 1,
          demo_form: 1,
          inbox_received: 0,
          inbox_booked: 0,
          inbox_in_progress: 0,
          inbox_done: 0,
        });
        assert.deepEqual(overview.days, [{ day: '2026-04-10', visitors: 3, pageviews: 5 }]);

        // Raw events past the retention go; the rollups stay.
        now = Date.parse('2026-07-20T09:00:00Z');
        const purged = await server.app.analytics.rollups.purgeRaw(90);
        assert.equal(purged.analytics_events, 10);
        assert.equal((await events(server)).length, 0);
        assert.equal((await (await get(query)).json()).visitors, 3);
      } finally {
        await server.close();
      }
    });
  });
}
