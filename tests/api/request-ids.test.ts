// Every answer carries X-Request-Id, the same id as the request's log lines. A proxy's id is
// taken only when TRUST_PROXY is on and it is a sane token; otherwise a fresh one is made.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startServer, type TestServer } from '../helpers/server.ts';

let direct: TestServer;
let proxied: TestServer;
const directLog: string[] = [];

before(async () => {
  direct = await startServer({}, { logLines: directLog });
  proxied = await startServer({ TRUST_PROXY: 'true' });
});
after(async () => {
  await direct.close();
  await proxied.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test('every answer names its request, and the log lines carry the same id', async () => {
  const client = direct.client();
  const answers = [
    await client.get('/api/Faqs/GetAllFromFaqs'),
    await client.get('/api/no-such-call'),
    await client.post('/api/Feedback/AddFeedback', { feedback: '' }),
    await client.get('/readyz'),
    await client.request('GET', '/api/Faqs/%E0%A4%A'),
  ];
  const ids = answers.map((answer) => answer.headers.get('x-request-id'));
  for (const id of ids) assert.match(id ?? '', UUID);
  assert.equal(new Set(ids).size, ids.length, 'a new id per request');
  const logged = directLog.map((line) => JSON.parse(line) as { reqId?: string });
  for (const id of ids.slice(0, 3))
    assert.ok(
      logged.some((entry) => entry.reqId === id),
      `a log line for ${id}`,
    );
});

test('a sane id from the proxy is kept only when TRUST_PROXY is on; anything else gets a fresh one', async () => {
  const sane = 'caddy-7f3a9c2e-41d0';
  assert.equal(
    (await proxied.client().get('/api/Faqs/GetAllFromFaqs', { 'x-request-id': sane })).headers.get('x-request-id'),
    sane,
  );
  assert.match(
    (await direct.client().get('/api/Faqs/GetAllFromFaqs', { 'x-request-id': sane })).headers.get('x-request-id') ?? '',
    UUID,
  );
  for (const hostile of [
    'short',
    'has spaces in it',
    '<script>alert(1)</script>',
    'x'.repeat(200),
    'quote"d-value-1234',
  ]) {
    const id = (await proxied.client().get('/api/Faqs/GetAllFromFaqs', { 'x-request-id': hostile })).headers.get(
      'x-request-id',
    );
    assert.match(id ?? '', UUID, `refused ${JSON.stringify(hostile)}`);
  }
});
