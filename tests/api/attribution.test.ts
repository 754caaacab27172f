// A lead's source on every submission (issue 30, decision 051), over real HTTP, on SQLite and on
// PostgreSQL: each form's API call takes an optional `attribution`, keeps what is valid of it
// (never a refusal, never a 5xx, the spec's answer unchanged), stores it with the row, and the
// inbox answers it, filters by source and campaign, exports it (formulas guarded) and the sales
// email says where the lead came from. Posts without JavaScript record their page and Referer.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { INBOX_MESSAGES } from '../../common/inbox.ts';
import { MESSAGES } from '../../common/messages.ts';
import { png } from '../helpers/images.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { signInAs } from '../helpers/staff.ts';

const cluster = await startPostgres();
after(async () => cluster?.close());

const engines = [
  { name: 'SQLite', env: async () => ({}) },
  ...(cluster ? [{ name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await cluster.createDatabase() }) }] : []),
];

const DEMO = {
  name: 'Ana Reyes',
  job_title: 'Fleet manager',
  company: 'Manila Freight',
  country: '63',
  number: '9171234567',
  email: 'ana@manila-freight.com',
  text: 'Dispatch for 40 trucks.',
};

const CAMPAIGN = {
  page: '/request-demo',
  landing_page: '/fleet',
  referrer: 'https://www.google.com/search?q=tms',
  utm_source: 'Google',
  utm_medium: 'cpc',
  utm_campaign: 'PH-Spring',
  utm_term: 'fleet software',
  utm_content: 'ad-2',
  gclid: 'Cj0KCQ-abc_123',
};

async function rowsOf(
  server: TestServer,
  table: 'demo_requests' | 'feedback' | 'newsletter_subscribers' | 'contact_messages',
) {
  return server.app.database.kysely
    .selectFrom(table)
    .select(['id', 'attribution', 'source', 'campaign'])
    .orderBy('id')
    .execute();
}

for (const engine of engines) {
  describe(`attribution on ${engine.name}`, () => {
    test('stored with each kind, answered as before, shown, filtered, exported and mailed', async () => {
      const server = await startServer(await engine.env());
      try {
        const visitor = server.client();
        const plain = await visitor.post('/api/RequestDemo', DEMO);
        const tagged = await visitor.post('/api/RequestDemo', { ...DEMO, email: 'b@x.com', attribution: CAMPAIGN });
        assert.equal(tagged.status, 200, JSON.stringify([plain.body, tagged.body]));
        assert.deepEqual(tagged.body, plain.body, 'the spec’s answer does not change');
        const [untouched, stored] = await rowsOf(server, 'demo_requests');
        assert.deepEqual({ ...untouched, id: 0 }, { id: 0, attribution: null, source: null, campaign: null });
        assert.equal(stored!.source, 'google', 'utm_source, lowercased as the dashboard names it');
        assert.equal(stored!.campaign, 'PH-Spring');
        assert.deepEqual(JSON.parse(stored!.attribution!), CAMPAIGN);

        // The other kinds through the same intake: feedback and newsletter as JSON, contact as multipart.
        const direct = { page: '/home', landing_page: '/blog/fuel' };
        assert.equal(
          (await visitor.post('/api/Feedback/AddFeedback', { feedback: 'Nice', attribution: direct })).status,
          200,
        );
        assert.equal(
          (
            await visitor.post('/api/Newsletter/Subscribe', {
              email: 'n@x.com',
              attribution: { ...direct, fbclid: 'IwAR1' },
            })
          ).status,
          200,
        );
        const form = new FormData();
        for (const [name, value] of Object.entries({
          name: 'Bo',
          email: 'bo@x.com',
          subject: 'Hi',
          inq_type: '1',
          message: 'Hello',
        }))
          form.set(name, value);
        form.set('img', new Blob([new Uint8Array(png(20, 20))], { type: 'image/png' }), 'shot.png');
        form.set('attribution', JSON.stringify({ page: '/home', referrer: 'https://www.linkedin.com/feed/' }));
        assert.equal((await visitor.postForm('/api/ContactUs', form)).status, 200);
        assert.equal((await rowsOf(server, 'feedback'))[0]!.source, 'Direct / None');
        assert.equal((await rowsOf(server, 'newsletter_subscribers'))[0]!.source, 'Facebook');
        assert.equal((await rowsOf(server, 'contact_messages'))[0]!.source, 'LinkedIn');

        const staff = await signInAs(server, 'attribution.admin');
        const get = (path: string) => staff.get(path);
        // The item answer carries it; a row without one answers null.
        const item = (await get(`/api/inbox/demo-requests/${stored!.id}`)).body.item;
        assert.deepEqual(item.attribution, { source: 'google', ...CAMPAIGN });
        assert.equal((await get(`/api/inbox/demo-requests/${untouched!.id}`)).body.item.attribution, null);
        // Filters: any case; both together; nothing matches another source.
        const ids = async (query: string) =>
          (await get(`/api/inbox/demo-requests?${query}`)).body.items.map((row: { id: number }) => row.id);
        assert.deepEqual(await ids('source=GOOGLE'), [stored!.id]);
        assert.deepEqual(await ids('campaign=ph-spring&source=google'), [stored!.id]);
        assert.deepEqual(await ids('source=bing'), []);
        assert.deepEqual(await ids('source='), [stored!.id, untouched!.id], 'an empty filter is no filter');
        assert.deepEqual(
          (await get(`/api/inbox/feedback?source=${encodeURIComponent('Direct / None')}`)).body.items.length,
          1,
        );
        const tooLong = await get(`/api/inbox/demo-requests?campaign=${'x'.repeat(201)}`);
        assert.equal(tooLong.status, 400);
        assert.equal(tooLong.body.errorInfo, INBOX_MESSAGES.campaign);

        // Exports: a column per key, in both formats.
        const csv = (await get('/api/inbox/demo-requests/export.csv?source=google')).text;
        const [header, line] = csv.replace(/^\uFEFF/, '').split('\r\n');
        for (const title of [
          'Source',
          'Landing page',
          'Referrer',
          'UTM source',
          'UTM campaign',
          'Google click id (gclid)',
        ])
          assert.ok(header!.includes(title), title);
        assert.ok(line!.includes('PH-Spring') && line!.includes('/fleet') && line!.includes('Cj0KCQ-abc_123'));
        const xlsx = await get('/api/inbox/demo-requests/export.xlsx?campaign=PH-Spring');
        assert.equal(xlsx.status, 200);

        // The sales email says where the lead came from.
        const mails = await server.app.database.kysely
          .selectFrom('outbox')
          .select(['kind', 'body_text', 'submission_id'])
          .where('kind', 'in', ['sales-demo', 'sales-contact'])
          .orderBy('id')
          .execute();
        const [first, second, contact] = mails;
        assert.match(first!.body_text, /Where this lead came from:\nNot recorded/);
        assert.match(
          second!.body_text,
          /Where this lead came from:\nSource: google\nMedium: cpc\nCampaign: PH-Spring\nTerm: fleet software\nAd content: ad-2\nLanding page: \/fleet\nReferring site: google\.com\nAd click id: gclid=Cj0KCQ-abc_123\nSent from: \/request-demo\n/,
        );
        assert.match(contact!.body_text, /Source: LinkedIn\nReferring site: linkedin\.com\nSent from: \/home/);
      } finally {
        await server.close();
      }
    });

    test('forged or malformed attribution: the bad parts dropped, never a refusal; stored as text; formulas guarded', async () => {
      const server = await startServer(await engine.env());
      try {
        const visitor = server.client();
        const hostile = {
          page: '//evil.example/x',
          landing_page: '/fleet',
          referrer: 'javascript:alert(1)',
          utm_source: '<script>alert(1)</script>',
          utm_medium: 'a'.repeat(201),
          utm_campaign: '=HYPERLINK("http://evil.example","click")',
          utm_term: 'line\nbreak',
          gclid: 'not a click id',
          evil: 'unknown keys are dropped',
          __proto__: { polluted: true },
        };
        const answers = [];
        for (const attribution of [hostile, 'not json', 42, ['/fleet'], null, { page: 7 }, '{"page":"/from-text"}'])
          answers.push(
            await visitor.post('/api/RequestDemo', { ...DEMO, email: `n${answers.length}@x.com`, attribution }),
          );
        assert.deepEqual(
          answers.map((answer) => answer.status),
          [200, 200, 200, 200, 200, 200, 200],
        );
        assert.deepEqual(answers[0]!.body, ['SUCCESS', MESSAGES.demoThanks]);
        const rows = await rowsOf(server, 'demo_requests');
        assert.deepEqual(JSON.parse(rows[0]!.attribution!), {
          landing_page: '/fleet',
          utm_source: '<script>alert(1)</script>',
          utm_campaign: '=HYPERLINK("http://evil.example","click")',
        });
        assert.equal(rows[0]!.source, '<script>alert(1)</script>', 'stored as text, as sent');
        assert.deepEqual(
          rows.slice(1, 6).map((row) => row.attribution),
          [null, null, null, null, null],
          'not an object, or nothing valid left: no attribution',
        );
        assert.deepEqual(JSON.parse(rows[6]!.attribution!), { page: '/from-text' });

        const staff = await signInAs(server, 'attribution.admin');
        const csv = (await staff.get('/api/inbox/demo-requests/export.csv')).text;
        assert.ok(
          csv.includes(`"'=HYPERLINK(""http://evil.example"",""click"")"`),
          'the CSV guard prefixes the formula',
        );
      } finally {
        await server.close();
      }
    });
  });
}

test('a post without JavaScript records its page, and the Referer only when it is another site', async () => {
  const server = await startServer({}, { pages: true });
  try {
    const visitor = server.client();
    const page = await visitor.get('/home');
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const post = (referer: string) =>
      visitor.request('POST', '/forms/feedback', {
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', referer },
        body: new URLSearchParams({ _csrf: token, _back: '/home?utm_source=x#footer', feedback: referer }).toString(),
      });
    assert.equal((await post(`${server.url}/faq?x=1`)).status, 303);
    assert.equal((await post('https://partner.example/list')).status, 303);
    const rows = await rowsOf(server, 'feedback');
    assert.deepEqual(JSON.parse(rows[0]!.attribution!), { page: '/faq' });
    assert.deepEqual(JSON.parse(rows[1]!.attribution!), { page: '/home', referrer: 'https://partner.example/list' });
    assert.equal(rows[1]!.source, 'partner.example');
  } finally {
    await server.close();
  }
});

test('the OpenAPI file documents the optional attribution of every form call', async () => {
  const server = await startServer();
  try {
    const spec = (await server.client().get('/api/openapi.json')).body;
    for (const path of [
      '/api/RequestDemo',
      '/api/Feedback/AddFeedback',
      '/api/Newsletter/Subscribe',
      '/api/ContactUs',
    ]) {
      const content = spec.paths[path].post.requestBody.content;
      const schema = (content['application/json'] ?? content['multipart/form-data']).schema;
      assert.ok(schema.properties.attribution, path);
      assert.ok(!(schema.required ?? []).includes('attribution'), path);
    }
  } finally {
    await server.close();
  }
});
