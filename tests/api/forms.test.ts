// The four visitor forms over real HTTP: success stores the row, every refusal is a 4xx in the
// spec's shape with the spec's message, and nothing is stored from a refused request.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MESSAGES } from '../../common/messages.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const demo = {
  name: 'Dana Whitfield',
  job_title: 'Operations Manager',
  company: 'Whitfield Haulage',
  country: '+61',
  number: '+61 412345678',
  email: 'Dana@Whitfield.com.au',
  text: 'We run 40 trucks and want to see linehaul dispatch.',
};

describe('POST /api/Feedback/AddFeedback', () => {
  test('stores the feedback and answers SUCCESS', async () => {
    const before = server.count('feedback');
    const response = await server
      .client()
      .post('/api/Feedback/AddFeedback', { feedback: '  The fuel report saves us hours  ' });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, ['SUCCESS', MESSAGES.feedbackThanks]);
    assert.equal(server.count('feedback'), before + 1);
    const row = server.app.database
      .sqlite!.prepare('SELECT feedback, is_spam, created_at FROM feedback ORDER BY id DESC LIMIT 1')
      .get() as any;
    assert.equal(row.feedback, 'The fuel report saves us hours');
    assert.equal(row.is_spam, 0);
    assert.ok(Date.now() - Date.parse(row.created_at) < 60_000);
  });

  for (const [label, body] of [
    ['empty', { feedback: '' }],
    ['blank', { feedback: '   ' }],
    ['missing', {}],
    ['a number', { feedback: 12 }],
    ['an object', { feedback: { $gt: '' } }],
    ['null', { feedback: null }],
  ] as const) {
    test(`refuses ${label} feedback with 400 ['ErrorInfo', msg] and stores nothing`, async () => {
      const before = server.count('feedback');
      const response = await server.client().post('/api/Feedback/AddFeedback', body);
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, ['ErrorInfo', MESSAGES.feedbackRequired]);
      assert.equal(server.count('feedback'), before);
    });
  }

  test('refuses feedback over the maximum length', async () => {
    const response = await server.client().post('/api/Feedback/AddFeedback', { feedback: 'x'.repeat(1001) });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, ['ErrorInfo', MESSAGES.tooLong('Feedback', 1000)]);
  });

  test('a body that is not a JSON object is a 400', async () => {
    for (const body of ['[]', '"text"', '42', 'null', '{"feedback":']) {
      const response = await server.client().post('/api/Feedback/AddFeedback', body);
      assert.equal(response.status, 400, body);
      assert.equal(response.body[0], 'ErrorInfo', body);
    }
  });

  test('a filled honeypot is answered like a success and stored flagged as spam', async () => {
    const response = await server
      .client()
      .post('/api/Feedback/AddFeedback', { feedback: 'Buy now', website: 'http://spam.example' });
    assert.equal(response.status, 200);
    const row = server.app.database
      .sqlite!.prepare('SELECT feedback, is_spam FROM feedback ORDER BY id DESC LIMIT 1')
      .get() as any;
    assert.deepEqual({ ...row }, { feedback: 'Buy now', is_spam: 1 });
  });
});

describe('POST /api/RequestDemo', () => {
  test('stores the request and answers SUCCESS with a friendly message', async () => {
    const response = await server.client().post('/api/RequestDemo', demo);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, ['SUCCESS', MESSAGES.demoThanks]);
    const row = server.app.database
      .sqlite!.prepare('SELECT * FROM demo_requests ORDER BY id DESC LIMIT 1')
      .get() as any;
    assert.equal(row.name, 'Dana Whitfield');
    assert.equal(row.company, 'Whitfield Haulage');
    assert.equal(row.country, '61');
    assert.equal(row.number, '+61 412345678');
    assert.equal(row.email, 'dana@whitfield.com.au');
  });

  const cases: [string, unknown, string][] = [
    ['name', '', MESSAGES.nameRequired],
    ['job_title', '', MESSAGES.jobTitleRequired],
    ['company', '  ', MESSAGES.jobTitleRequired],
    ['country', '', MESSAGES.countryAndNumber],
    ['number', 'call me', MESSAGES.countryAndNumber],
    ['email', '', MESSAGES.emailRequired],
    ['email', 'dana@', MESSAGES.emailInvalid],
    ['text', '', MESSAGES.messageRequired],
    ['name', 42, MESSAGES.nameRequired],
    ['text', ['a'], MESSAGES.messageRequired],
  ];
  for (const [field, bad, message] of cases) {
    test(`${field} = ${JSON.stringify(bad)}: 400 ['ERROR', '${message}']`, async () => {
      const before = server.count('demo_requests');
      const response = await server.client().post('/api/RequestDemo', { ...demo, [field]: bad });
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, ['ERROR', message]);
      assert.equal(server.count('demo_requests'), before);
    });
  }
});

describe('POST /api/Newsletter/Subscribe', () => {
  test('stores an address once; a repeat is still SUCCESS', async () => {
    const client = server.client();
    const first = await client.post('/api/Newsletter/Subscribe', { email: 'dispatch@fleet.io' });
    const again = await client.post('/api/Newsletter/Subscribe', { email: ' Dispatch@Fleet.io ' });
    assert.deepEqual(first.body, ['SUCCESS', MESSAGES.newsletterThanks]);
    assert.deepEqual(again.body, ['SUCCESS', MESSAGES.newsletterThanks]);
    const rows = server.app.database
      .sqlite!.prepare("SELECT count(*) AS n FROM newsletter_subscribers WHERE email = 'dispatch@fleet.io'")
      .get() as any;
    assert.equal(rows.n, 1);
  });

  test('refuses a bad address', async () => {
    const response = await server.client().post('/api/Newsletter/Subscribe', { email: 'nobody' });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, ['ErrorInfo', MESSAGES.emailInvalid]);
  });
});

describe('reading content', () => {
  test('GET /api/Faqs/GetAllFromFaqs lists at least 12 {question, answer} in order', async () => {
    const response = await server.client().get('/api/Faqs/GetAllFromFaqs');
    assert.equal(response.status, 200);
    assert.ok(response.body.length >= 12);
    for (const item of response.body) assert.deepEqual(Object.keys(item), ['question', 'answer']);
  });

  test("GET /api/Glossary/GetAllFromGlossary answers ['SUCCESS', entries]", async () => {
    const response = await server.client().get('/api/Glossary/GetAllFromGlossary');
    assert.equal(response.status, 200);
    const [status, entries] = response.body;
    assert.equal(status, 'SUCCESS');
    assert.ok(entries.length >= 80);
    assert.deepEqual(Object.keys(entries[0]), ['id', 'category', 'term', 'description']);
    assert.ok(new Set(entries.map((e: any) => e.category)).size >= 6);
  });

  test('GET /api/openapi.json describes every call', async () => {
    const response = await server.client().get('/api/openapi.json');
    assert.equal(response.status, 200);
    assert.equal(response.body.openapi, '3.1.0');
    for (const path of [
      '/api/Feedback/AddFeedback',
      '/api/SignIn',
      '/api/SignOut',
      '/api/ValidateToken',
      '/api/RequestDemo',
      '/api/Faqs/GetAllFromFaqs',
      '/api/ContactUs',
      '/api/Glossary/GetAllFromGlossary',
      '/api/Newsletter/Subscribe',
    ]) {
      assert.ok(response.body.paths[path], `${path} is documented`);
    }
    const contact = response.body.paths['/api/ContactUs'].post.requestBody.content['multipart/form-data'].schema;
    assert.deepEqual([...contact.required].sort(), ['email', 'img', 'inq_type', 'message', 'name', 'subject']);
    assert.equal(
      response.body.paths['/api/RequestDemo'].post.requestBody.content['application/json'].schema.properties.name.type,
      'string',
    );
  });
});

describe('many visitors at once', () => {
  test('100 concurrent submissions are all stored', async () => {
    const before = server.count('feedback');
    const clients = await Promise.all(Array.from({ length: 100 }, () => server.client().visit()));
    const responses = await Promise.all(
      clients.map((client, i) => client.post('/api/Feedback/AddFeedback', { feedback: `Concurrent feedback ${i}` })),
    );
    assert.deepEqual(new Set(responses.map((r) => r.status)), new Set([200]));
    assert.equal(server.count('feedback'), before + 100);
    const stored = server.app.database
      .sqlite!.prepare("SELECT count(DISTINCT feedback) AS n FROM feedback WHERE feedback LIKE 'Concurrent feedback %'")
      .get() as any;
    assert.equal(stored.n, 100);
  });
});
