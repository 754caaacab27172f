// What converts (issue 30), over real HTTP, on SQLite and on PostgreSQL: visits sent through the
// beacon and demo requests sent through the API with their attribution, some then marked spam,
// moved on in the inbox, given a booked (or a cancelled) time, one from the period before; then
// GET /api/analytics/overview answers exact counts by source, campaign and landing page, with the
// period before, and the funnel's "Booked a time" step counted from the bookings.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { startPostgres } from '../helpers/postgres.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { signInAs } from '../helpers/staff.ts';

const cluster = await startPostgres();
after(async () => cluster?.close());

const engines = [
  { name: 'SQLite', env: async () => ({}) },
  ...(cluster ? [{ name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await cluster.createDatabase() }) }] : []),
];

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DEMO = {
  name: 'Ana Reyes',
  job_title: 'Fleet manager',
  company: 'Manila Freight',
  country: '63',
  number: '9171234567',
  text: 'Dispatch for 40 trucks.',
};
const LINKEDIN = { page: '/request-demo', landing_page: '/fleet', utm_source: 'LinkedIn', utm_campaign: 'q2-fleet' };
const GOOGLE_ADS = { page: '/pricing', landing_page: '/?ref=ad', gclid: 'Cj0KCQ-abc_123' };

function visit(server: TestServer, who: string, path: string) {
  return fetch(`${server.url}/api/events`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', origin: new URL(server.url).origin, 'user-agent': `${DESKTOP} v/${who}` },
    body: JSON.stringify({ type: 'pageview', path }),
  }).then((response) => assert.equal(response.status, 202));
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

for (const engine of engines) {
  describe(`conversions on ${engine.name}`, () => {
    test('demo requests by source, campaign and landing page beside their visitors, with the period before', async () => {
      const server = await startServer(await engine.env());
      try {
        const db = server.app.database.kysely;
        const today = dayOf(Date.now());
        // Visitors: four from the LinkedIn campaign on /fleet, two from Google Ads on /, one direct.
        for (const who of ['a', 'b', 'c', 'd'])
          await visit(server, who, '/fleet?utm_source=LinkedIn&utm_campaign=q2-fleet');
        for (const who of ['e', 'f']) await visit(server, who, '/?gclid=xyz');
        await visit(server, 'g', '/pricing');
        await server.app.analytics.ingest.flush();
        await server.app.analytics.rollups.rollup(today);

        // Demo requests: five LinkedIn (one becomes spam, one moves to the period before), one
        // Google Ads, one through the API without any attribution.
        const visitor = server.client();
        const ids: number[] = [];
        const send = async (n: number, attribution?: object) => {
          const sent = await visitor.post('/api/RequestDemo', { ...DEMO, email: `lead${n}@example.com`, attribution });
          assert.equal(sent.status, 200, sent.text);
          const row = await db.selectFrom('demo_requests').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
          ids.push(row.id);
        };
        for (let n = 0; n < 5; n++) await send(n, LINKEDIN);
        await send(5, GOOGLE_ADS);
        await send(6);
        const [li1, li2, li3, spam, earlier, ads] = ids as [number, number, number, number, number, number];
        await db.updateTable('demo_requests').set({ status: 'in_progress' }).where('id', '=', li2).execute();
        await db.updateTable('demo_requests').set({ status: 'done' }).where('id', '=', li3).execute();
        await db.updateTable('demo_requests').set({ is_spam: 1 }).where('id', '=', spam).execute();
        const yesterday = `${dayOf(Date.now() - 86_400_000)}T10:00:00.000Z`;
        await db.updateTable('demo_requests').set({ created_at: yesterday }).where('id', '=', earlier).execute();

        // A booked time for one LinkedIn lead; a cancelled one for the Google Ads lead (not counted).
        const staff = await signInAs(server, 'conv.admin');
        const owner = (await server.app.repos.users.findByUsername('conv.admin'))!;
        const booking = (n: number, demo: number, status: 'booked' | 'cancelled') => ({
          uid: `conv-${n}@haulora.test`,
          owner_id: owner.id,
          start_at: `2030-01-0${n}T10:00:00.000Z`,
          end_at: `2030-01-0${n}T10:30:00.000Z`,
          status,
          routing_reason: 'test',
          time_zone: 'UTC',
          demo_request_id: demo,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        });
        await db
          .insertInto('bookings')
          .values([booking(1, li1, 'booked'), booking(2, ads, 'cancelled')])
          .execute();

        const answer = await staff.get(`/api/analytics/overview?from=${today}&to=${today}`);
        assert.equal(answer.status, 200, answer.text);
        const { conversions, funnel } = answer.body;
        const none = { demo_requests: 0, demos_booked: 0, in_progress: 0, done: 0 };
        const before = (visitors: number, demo_requests = 0) => ({
          visitors,
          ...none,
          demo_requests,
          rate: visitors ? demo_requests / visitors : null,
        });
        const linkedin = { visitors: 4, demo_requests: 3, demos_booked: 1, in_progress: 1, done: 1, rate: 0.75 };
        const googleAds = { visitors: 2, ...none, demo_requests: 1, rate: 0.5 };
        const unrecorded = { value: null, visitors: 0, ...none, demo_requests: 1, rate: null, previous: before(0) };
        assert.deepEqual(conversions.by_source, [
          { value: 'linkedin', ...linkedin, previous: before(0, 1) },
          { value: 'Google Ads', ...googleAds, previous: before(0) },
          unrecorded,
          { value: 'Direct / None', visitors: 1, ...none, rate: 0, previous: before(0) },
        ]);
        assert.deepEqual(conversions.by_campaign, [
          { value: 'q2-fleet', ...linkedin, previous: before(0, 1) },
          { ...unrecorded, demo_requests: 2 },
        ]);
        // The landing page without its query string, as the rollup's entry pages are.
        assert.deepEqual(conversions.by_landing_page, [
          { value: '/fleet', ...linkedin, previous: before(0, 1) },
          { value: '/', ...googleAds, previous: before(0) },
          unrecorded,
          { value: '/pricing', visitors: 1, ...none, rate: 0, previous: before(0) },
        ]);
        const steps = Object.fromEntries(
          funnel.map((step: { step: string; count: number }) => [step.step, step.count]),
        );
        assert.deepEqual(steps, {
          visit: 7,
          feature: 4,
          demo_modal: 0,
          demo_form: 0,
          inbox_received: 5,
          inbox_booked: 1,
          inbox_in_progress: 1,
          inbox_done: 1,
        });

        // The day before: the moved LinkedIn request is its own period's, with no visitors.
        const previous = await staff.get(
          `/api/analytics/overview?from=${yesterday.slice(0, 10)}&to=${yesterday.slice(0, 10)}`,
        );
        assert.deepEqual(previous.body.conversions.by_source, [
          { value: 'linkedin', ...before(0, 1), previous: before(0) },
        ]);
      } finally {
        await server.close();
      }
    });
  });
}
