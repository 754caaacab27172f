// Prometheus metrics on the private port, scraped before and after real traffic: every counter
// moves by exactly what was sent. The public port never serves them.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import { hashPassword } from '../../server/services/passwords.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { demoRequest } from '../../server/submission-kinds/index.ts';

let server: TestServer;
let metricsUrl: string;

before(async () => {
  server = await startServer({
    METRICS_PORT: '0',
    RATE_LIMIT_FORMS_PER_MINUTE: '5',
    SIGNIN_LOCK_AFTER_ACCOUNT_FAILURES: '2',
    OUTBOX_POLL_MS: '50',
  });
  assert.ok(server.app.metricsAddress, 'metrics listen when METRICS_PORT is set');
  assert.equal(server.app.metricsAddress.host, '127.0.0.1');
  metricsUrl = `http://127.0.0.1:${server.app.metricsAddress.port}/metrics`;
  await server.app.repos.users.create(
    'alice',
    await hashPassword('correct horse battery staple'),
    new Date().toISOString(),
  );
});
after(() => server.close());

/** Every sample of the exposition text, keyed by its name and labels as printed. */
async function scrape(): Promise<Map<string, number>> {
  const response = await fetch(metricsUrl);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}
const delta = (before: Map<string, number>, after: Map<string, number>, key: string) =>
  (after.get(key) ?? 0) - (before.get(key) ?? 0);

test('the counters move by exactly what was sent', async () => {
  const start = await scrape();
  assert.ok(start.has('nodejs_eventloop_lag_seconds'), 'default collectors: event-loop lag');
  assert.ok(start.has('process_resident_memory_bytes'), 'default collectors: memory');

  const client = await server.client().visit();
  // Five posts a minute per form: feedback 3 stored, 1 spam, 1 invalid, then refused by the limit.
  for (const n of [1, 2, 3])
    assert.equal((await client.post('/api/Feedback/AddFeedback', { feedback: `Useful ${n}` })).status, 200);
  assert.equal(
    (await client.post('/api/Feedback/AddFeedback', { feedback: 'buy now', website: 'http://spam.example' })).status,
    200,
  );
  assert.equal((await client.post('/api/Feedback/AddFeedback', { feedback: '' })).status, 400);
  assert.equal((await client.post('/api/RequestDemo', { name: '' })).status, 400);
  assert.equal((await client.post('/api/Feedback/AddFeedback', { feedback: 'too many' })).status, 429);

  // Sign-in: two wrong passwords lock the account, the third attempt is refused as locked.
  const signer = server.client();
  for (const n of [1, 2])
    assert.equal((await signer.post('/api/SignIn', { username: 'alice', password: `wrong-${n}` })).status, 401);
  assert.equal(
    (await signer.post('/api/SignIn', { username: 'alice', password: 'correct horse battery staple' })).status,
    429,
  );

  for (let n = 0; n < 4; n++) await server.client().get('/api/Faqs/GetAllFromFaqs');
  await server.client().get('/api/Faqs/12345');

  const end = await scrape();
  const submissions = (kind: string, outcome: string) =>
    delta(start, end, `haulora_submissions_total{kind="${kind}",outcome="${outcome}"}`);
  assert.equal(submissions('feedback', 'success'), 3);
  assert.equal(submissions('feedback', 'spam'), 1);
  assert.equal(submissions('feedback', 'invalid'), 1);
  assert.equal(submissions('demo_request', 'invalid'), 1);
  assert.equal(submissions('feedback', 'rate_limited'), 1);
  assert.equal(submissions('demo_request', 'rate_limited'), 0);
  assert.equal(delta(start, end, 'haulora_signin_failures_total'), 2);
  assert.equal(delta(start, end, 'haulora_signin_lockouts_total'), 1);
  // Route patterns, never raw URLs: the FAQ reads (4 here, plus each client's first visit for its
  // CSRF cookie), the unknown API path as the API's catch-all pattern.
  assert.equal(
    delta(start, end, 'http_requests_total{method="GET",route="/api/Faqs/GetAllFromFaqs",status_class="2xx"}'),
    6,
  );
  assert.equal(
    delta(start, end, 'http_requests_total{method="POST",route="/api/Feedback/AddFeedback",status_class="4xx"}'),
    2,
  );
  assert.equal(delta(start, end, 'http_requests_total{method="GET",route="/api/*",status_class="4xx"}'), 1);
  assert.ok(![...end.keys()].some((key) => key.includes('12345')), 'no raw URL in a label');
  assert.equal(
    delta(
      start,
      end,
      'http_request_duration_seconds_count{method="GET",route="/api/Faqs/GetAllFromFaqs",status_class="2xx"}',
    ),
    6,
  );
});

test('the outbox gauges and counters follow a demo request to its two emails', async () => {
  const start = await scrape();
  const demo = {
    name: 'Ada',
    job_title: 'Ops',
    company: 'Acme',
    country: '61',
    number: '0412345678',
    email: 'ada@example.com',
    text: 'Hi',
    marketing_consent: false,
  };
  await server.app.services.submissions.store(demoRequest, demo);
  const deadline = Date.now() + 5_000;
  while ((await server.app.repos.outbox.waiting()).count > 0 && Date.now() < deadline) await sleep(20);
  const end = await scrape();
  assert.equal(delta(start, end, 'haulora_outbox_sent_total'), 2);
  assert.equal(delta(start, end, 'haulora_outbox_failed_total'), 0);
  assert.equal(end.get('haulora_outbox_waiting'), 0);
  assert.equal(end.get('haulora_outbox_oldest_waiting_seconds'), 0);
  assert.equal(delta(start, end, 'haulora_submissions_total{kind="demo_request",outcome="success"}'), 1);
});

test('the private port answers only GET /metrics; the public port has no metrics', async () => {
  const base = metricsUrl.replace('/metrics', '');
  assert.equal((await fetch(`${base}/`)).status, 404);
  assert.equal((await fetch(`${base}/metrics/../etc/passwd`)).status, 404);
  assert.equal((await fetch(metricsUrl, { method: 'POST', body: 'x' })).status, 405);
  assert.equal((await fetch(metricsUrl, { method: 'DELETE' })).status, 405);
  assert.equal((await server.client().get('/metrics')).status, 404);
  assert.equal((await server.client().get('/api/metrics')).status, 404);
});

test('without METRICS_PORT nothing listens for metrics', async () => {
  const plain = await startServer();
  try {
    assert.equal(plain.app.metricsAddress, null);
  } finally {
    await plain.close();
  }
});
