// No submission stored twice (issue 15): every form call may carry an Idempotency-Key (the no-JS
// post a hidden field). The same key with the same body within 24 hours answers the first answer
// again and stores nothing; with another body it is a 409 in the route's shape. Proven for every
// kind, for the API and the page post, under 20 concurrent identical requests, and across two
// server instances sharing one database.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { IDEMPOTENCY_MESSAGES } from '../../common/api.ts';
import { IDEMPOTENCY_FIELD, IDEMPOTENCY_HEADER } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { png } from '../helpers/images.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let twin: TestServer;
before(async () => {
  server = await startServer({}, { pages: true });
  // A second instance on the same database file, as behind a load balancer.
  twin = await startServer({ DATA_DIR: server.dataDir });
});
after(async () => {
  await twin.app.close();
  await server.close();
});

const newKey = () => randomBytes(16).toString('hex');
const demo = (text: string) => ({
  name: 'Dana Whitfield',
  job_title: 'Operations Manager',
  company: 'Whitfield Haulage',
  country: '61',
  number: '+61 412345678',
  email: 'dana@whitfield.com.au',
  text,
});
const contact = (message: string) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Ada',
    email: 'ada@example.com',
    subject: 'Invoices',
    inq_type: '2',
    message,
  }))
    form.set(name, value);
  form.set('img', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'shot.png');
  return form;
};

type Kind = {
  label: string;
  path: string;
  shape: 'ErrorInfo' | 'ERROR';
  table: string;
  /** A body that identifies this test's row; `other` changes it. */
  send: (client: ApiClient, marker: string, key?: string) => Promise<{ status: number; body: unknown }>;
  rows: (marker: string) => number;
};

const count = (sql: string, ...params: string[]) =>
  Number((server.app.database.sqlite!.prepare(sql).get(...params) as { n: number }).n);
const header = (key?: string): Record<string, string> => (key ? { [IDEMPOTENCY_HEADER]: key } : {});

const KINDS: Kind[] = [
  {
    label: 'feedback',
    path: '/api/Feedback/AddFeedback',
    shape: 'ErrorInfo',
    table: 'feedback',
    send: (client, marker, key) => client.post('/api/Feedback/AddFeedback', { feedback: marker }, header(key)),
    rows: (marker) => count('SELECT count(*) AS n FROM feedback WHERE feedback = ?', marker),
  },
  {
    label: 'demo request',
    path: '/api/RequestDemo',
    shape: 'ERROR',
    table: 'demo_requests',
    send: (client, marker, key) => client.post('/api/RequestDemo', demo(marker), header(key)),
    rows: (marker) => count('SELECT count(*) AS n FROM demo_requests WHERE text = ?', marker),
  },
  {
    label: 'contact message',
    path: '/api/ContactUs',
    shape: 'ErrorInfo',
    table: 'contact_messages',
    send: (client, marker, key) => client.postForm('/api/ContactUs', contact(marker), header(key)),
    rows: (marker) => count('SELECT count(*) AS n FROM contact_messages WHERE message = ?', marker),
  },
  {
    label: 'newsletter',
    path: '/api/Newsletter/Subscribe',
    shape: 'ErrorInfo',
    table: 'newsletter_subscribers',
    send: (client, marker, key) =>
      client.post('/api/Newsletter/Subscribe', { email: `${marker}@fleet.com` }, header(key)),
    rows: (marker) => count('SELECT count(*) AS n FROM newsletter_subscribers WHERE email = ?', `${marker}@fleet.com`),
  },
];

const marker = (label: string) => `${label.replace(/\W/g, '')}${randomBytes(4).toString('hex')}`;
const outboxFor = (table: string) =>
  count('SELECT count(*) AS n FROM outbox WHERE submission_kind = ?', table.replace('_', '-'));

for (const kind of KINDS) {
  describe(`${kind.label}: ${kind.path}`, () => {
    test('the same key and body again answers the first answer and stores nothing more (no second email)', async () => {
      const client = await server.client().visit();
      const text = marker(kind.label);
      const key = newKey();
      const emails = outboxFor(kind.table);
      const first = await kind.send(client, text, key);
      assert.equal(first.status, 200);
      const emailsAfterFirst = outboxFor(kind.table);
      const again = await kind.send(client, text, key);
      assert.deepEqual(again, { ...again, status: first.status, body: first.body });
      assert.equal(kind.rows(text), 1);
      assert.equal(outboxFor(kind.table), emailsAfterFirst);
      assert.ok(emailsAfterFirst >= emails);
    });

    test('the same key with another body is a 409 in the spec shape, and stores nothing', async () => {
      const client = await server.client().visit();
      const key = newKey();
      const text = marker(kind.label);
      assert.equal((await kind.send(client, text, key)).status, 200);
      const other = marker(kind.label);
      const conflict = await kind.send(client, other, key);
      assert.equal(conflict.status, 409);
      assert.deepEqual(conflict.body, [kind.shape, IDEMPOTENCY_MESSAGES.conflict]);
      assert.equal(kind.rows(other), 0);
    });

    test('20 concurrent identical requests over two instances: one row, twenty identical answers', async () => {
      const clients = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? twin : server).client().visit()));
      const text = marker(kind.label);
      const key = newKey();
      const answers = await Promise.all(clients.map((client) => kind.send(client, text, key)));
      for (const answer of answers) assert.deepEqual([answer.status, answer.body], [200, answers[0]!.body]);
      assert.equal(kind.rows(text), 1);
      assert.equal(count('SELECT count(*) AS n FROM idempotency_keys WHERE idem_key = ?', key), 1);
    });
  });
}

describe('keys', () => {
  test('without a key (an API client that sends none) each call is stored', async () => {
    const client = await server.client().visit();
    const text = marker('nokey');
    for (let i = 0; i < 2; i++) assert.equal((await KINDS[0]!.send(client, text)).status, 200);
    assert.equal(KINDS[0]!.rows(text), 2);
  });

  test('a malformed key is a 400 in the spec shape', async () => {
    const client = await server.client().visit();
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(129), 'ümlaut-key-000']) {
      const response = await client.post('/api/RequestDemo', demo(marker('bad')), { [IDEMPOTENCY_HEADER]: bad });
      assert.equal(response.status, 400, bad);
      assert.deepEqual(response.body, ['ERROR', IDEMPOTENCY_MESSAGES.keyInvalid]);
    }
  });

  test('keys of different forms never meet', async () => {
    const client = await server.client().visit();
    const key = newKey();
    assert.equal((await KINDS[0]!.send(client, marker('a'), key)).status, 200);
    assert.equal((await KINDS[3]!.send(client, marker('b'), key)).status, 200);
  });

  test('an invalid body with a key stores no key: corrected, it is sent with the same key', async () => {
    const client = await server.client().visit();
    const key = newKey();
    const refused = await client.post('/api/Feedback/AddFeedback', { feedback: '  ' }, header(key));
    assert.equal(refused.status, 400);
    const text = marker('fixed');
    assert.equal((await KINDS[0]!.send(client, text, key)).status, 200);
    assert.equal(KINDS[0]!.rows(text), 1);
  });
});

describe('the no-JavaScript post', () => {
  async function visitor() {
    const client = new ApiClient(server.url);
    const page = await client.get('/faq', { accept: 'text/html' });
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
    const key = /name="_idempotency_key" value="([^"]+)"/.exec(page.text)?.[1];
    assert.ok(token && key);
    return { client, token, key, page: page.text };
  }
  const post = (client: ApiClient, path: string, fields: Record<string, string>) =>
    client.request('POST', path, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams(fields).toString(),
    });

  test('every page view carries its own key, the same for each form on the page', async () => {
    const [a, b] = [await visitor(), await visitor()];
    assert.notEqual(a.key, b.key);
    const keys = new Set([...a.page.matchAll(/name="_idempotency_key" value="([^"]+)"/g)].map((match) => match[1]));
    assert.deepEqual([...keys], [a.key]);
  });

  test('posted twice (back, then send again): the same result page, one row; changed, a 409 page', async () => {
    const { client, token, key } = await visitor();
    const text = marker('nojs');
    const fields = { _csrf: token, [IDEMPOTENCY_FIELD]: key, _back: '/faq', feedback: text };
    const first = await post(client, '/forms/feedback', fields);
    const second = await post(client, '/forms/feedback', fields);
    assert.equal(first.status, 303);
    assert.equal(second.status, 303);
    assert.equal(second.headers.get('location'), first.headers.get('location'));
    assert.equal(KINDS[0]!.rows(text), 1);
    const changed = await post(client, '/forms/feedback', { ...fields, feedback: `${text} and more` });
    assert.equal(changed.status, 409);
    assert.match(changed.text, new RegExp(IDEMPOTENCY_MESSAGES.conflict.replace(/[.]/g, '\\.')));
    assert.match(changed.text, new RegExp(`value="${text} and more"`));
  });

  test('a page post and an API call with the same key and body are one submission', async () => {
    const { client, token, key } = await visitor();
    const text = marker('both');
    assert.equal(
      (await post(client, '/forms/feedback', { _csrf: token, [IDEMPOTENCY_FIELD]: key, feedback: text })).status,
      303,
    );
    const api = await client.post('/api/Feedback/AddFeedback', { feedback: text }, header(key));
    assert.deepEqual([api.status, api.body], [200, ['SUCCESS', MESSAGES.feedbackThanks]]);
    assert.equal(KINDS[0]!.rows(text), 1);
  });
});
