// The defences every API call shares: CSRF, rate limits, body limits, headers, JSON 404s, and
// hostile strings stored and read back exactly.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CSRF_COOKIE, CSRF_HEADER } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const FEEDBACK = '/api/Feedback/AddFeedback';

describe('CSRF double submit', () => {
  test('the first visit sets a readable, SameSite XSRF-TOKEN cookie', async () => {
    const response = await server.client().get('/api/Faqs/GetAllFromFaqs');
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${CSRF_COOKIE}=`));
    assert.ok(cookie);
    assert.match(cookie, /SameSite=Lax/i);
    assert.match(cookie, /Path=\//);
    assert.doesNotMatch(cookie, /HttpOnly/i);
  });

  async function attempt(mutate: (client: ApiClient, headers: Record<string, string>) => void) {
    const client = await server.client().visit();
    const headers: Record<string, string> = { 'content-type': 'application/json', ...client.csrfHeader() };
    mutate(client, headers);
    return client.request('POST', FEEDBACK, { headers, body: JSON.stringify({ feedback: 'csrf probe' }) });
  }

  const cases: [string, (client: ApiClient, headers: Record<string, string>) => void][] = [
    ['no header', (_client, headers) => delete headers[CSRF_HEADER]],
    ['a header that differs from the cookie', (_client, headers) => (headers[CSRF_HEADER] = 'forged.token')],
    ['no cookie', (client) => client.cookies.clear()],
    [
      'a self-made token in both cookie and header',
      (client, headers) => {
        client.cookies.set(CSRF_COOKIE, 'made-up.value');
        headers[CSRF_HEADER] = 'made-up.value';
      },
    ],
    ['a cross-site Origin', (_client, headers) => (headers.origin = 'https://evil.example')],
  ];
  for (const [label, mutate] of cases) {
    test(`${label}: 403 and nothing stored`, async () => {
      const before = server.count('feedback');
      const response = await attempt(mutate);
      assert.equal(response.status, 403);
      assert.deepEqual(response.body, ['ErrorInfo', MESSAGES.csrf]);
      assert.equal(server.count('feedback'), before);
    });
  }

  test("another visitor's genuine token works only with the matching cookie", async () => {
    const other = await server.client().visit();
    const response = await attempt((_client, headers) => (headers[CSRF_HEADER] = other.csrfToken!));
    assert.equal(response.status, 403);
  });

  test('a same-origin Origin header is accepted', async () => {
    const response = await attempt((_client, headers) => (headers.origin = server.url));
    assert.equal(response.status, 200);
  });
});

describe('rate limits', () => {
  test('forms allow the configured number per minute, then 429 in the spec shape', async () => {
    const limited = await startServer({ RATE_LIMIT_FORMS_PER_MINUTE: '3' });
    try {
      const client = await limited.client().visit();
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await client.post(FEEDBACK, { feedback: `try ${i}` })).status);
      assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
      const refused = await client.post(FEEDBACK, { feedback: 'again' });
      assert.deepEqual(refused.body, ['ErrorInfo', MESSAGES.rateLimited]);
      assert.ok(refused.headers.get('retry-after'));
      assert.equal(limited.count('feedback'), 3);
      // Reading is limited separately and far more generously.
      assert.equal((await client.get('/api/Faqs/GetAllFromFaqs')).status, 200);
    } finally {
      await limited.close();
    }
  });

  test('sign-in has its own strict limit', async () => {
    const limited = await startServer({ RATE_LIMIT_SIGNIN_PER_MINUTE: '2' });
    try {
      const client = await limited.client().visit();
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await client.post('/api/SignIn', { username: '', password: '' })).status);
      assert.deepEqual(statuses, [400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('malformed requests are 4xx in the route shape, never 5xx', () => {
  test('a JSON body over 32 KB is a 413', async () => {
    const response = await server.client().post(FEEDBACK, JSON.stringify({ feedback: 'x'.repeat(40 * 1024) }));
    assert.equal(response.status, 413);
    assert.deepEqual(response.body, ['ErrorInfo', MESSAGES.payloadTooLarge]);
  });

  test('broken JSON is a 400', async () => {
    const response = await server.client().post('/api/RequestDemo', '{"name": "Dana",');
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, ['ERROR', MESSAGES.badRequest]);
  });

  test('an unsupported content type is a 415', async () => {
    const response = await server
      .client()
      .post(FEEDBACK, 'feedback=hello', { 'content-type': 'application/x-www-form-urlencoded' });
    assert.equal(response.status, 415);
    assert.deepEqual(response.body, ['ErrorInfo', MESSAGES.unsupportedMediaType]);
  });

  test('unknown /api paths answer a JSON 404, not the HTML page', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/Feedback/Nope'],
      ['GET', '/api/'],
    ] as const) {
      const client = await server.client().visit();
      const response = await client.request(method, path, { headers: client.csrfHeader() });
      assert.equal(response.status, 404, path);
      assert.match(response.headers.get('content-type') ?? '', /application\/json/);
      assert.deepEqual(response.body, ['ErrorInfo', MESSAGES.notFound]);
    }
  });

  test('a wrong method on a known path is a 4xx', async () => {
    const response = await server.client().get(FEEDBACK);
    assert.ok(response.status >= 400 && response.status < 500);
  });
});

describe('hostile strings', () => {
  const strings = [
    "Robert'); DROP TABLE feedback;--",
    '<script>alert(document.cookie)</script>',
    '\u202Egnp.exe',
    'e\u0301\u0301\u0301 combining',
    '🚚📦 emoji freight',
    'line one\r\nline two',
    '{"$gt": ""}',
    '%00%0d%0a',
  ];
  for (const text of strings) {
    test(`${JSON.stringify(text)} is stored and read back byte-identical`, async () => {
      const response = await server.client().post(FEEDBACK, { feedback: text });
      assert.equal(response.status, 200);
      const row = server.app.database
        .sqlite!.prepare('SELECT feedback FROM feedback ORDER BY id DESC LIMIT 1')
        .get() as any;
      assert.equal(row.feedback, text.trim());
    });
  }

  test('a NUL character round-trips too', async () => {
    const response = await server.client().post(FEEDBACK, { feedback: 'before\u0000after' });
    assert.equal(response.status, 200);
    const row = server.app.database
      .sqlite!.prepare('SELECT feedback FROM feedback ORDER BY id DESC LIMIT 1')
      .get() as any;
    assert.equal(row.feedback, 'before\u0000after');
  });
});

describe('headers', () => {
  test('API answers carry the security headers and no X-Powered-By', async () => {
    const response = await server.client().get('/api/Faqs/GetAllFromFaqs');
    const csp = response.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('x-frame-options'), 'DENY');
    assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
    assert.ok(response.headers.get('permissions-policy'));
    assert.equal(response.headers.get('x-powered-by'), null);
  });
});
