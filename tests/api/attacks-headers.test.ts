// Security headers on every status the server gives (200, 304, 400, 403, 404, 413, 415, 429,
// 500), for pages, the API and built assets; and the sign-in answers are never cached, whatever
// their outcome. Needs a client build (pages); tests/document/security-headers.test.ts walks every
// page of the route table, this file walks every status.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { CSRF_COOKIE, CSRF_HEADER } from '../../common/constants.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { securityHeaderProblems } from '../helpers/security-headers.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const PASSWORD = 'correct horse battery staple';

type Answer = { label: string; status: number; headers: Headers };

let server: TestServer;
let token: string;
before(async () => {
  server = await startServer({ SIGNIN_LOCK_AFTER_ACCOUNT_FAILURES: '2' }, { pages: true });
  await server.app.repos.users.create('alice', await hashPassword(PASSWORD), new Date().toISOString());
  token = (await server.client().visit('/home')).csrfToken!;
});
after(() => server.close());

async function take(answers: Answer[], label: string, response: Response, expected: number) {
  await response.arrayBuffer();
  assert.equal(response.status, expected, `${label} answered ${response.status}, expected ${expected}`);
  answers.push({ label: `${label} (${response.status})`, status: response.status, headers: response.headers });
  return response;
}

function post(url: string, path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `${CSRF_COOKIE}=${token}`,
      [CSRF_HEADER]: token,
      origin: url,
      ...headers,
    },
    body,
    redirect: 'manual',
  });
}

function pagePost(url: string, path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(url + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `${CSRF_COOKIE}=${token}`,
      origin: url,
      ...headers,
    },
    body,
    redirect: 'manual',
  });
}

/** Sends bytes no HTTP parser accepts; Node refuses them before Fastify sees a request. */
async function rawAnswer(url: string, bytes: string): Promise<Answer> {
  const { port } = new URL(url);
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(bytes));
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
  const [head = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Headers(
    lines.map(
      (line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()] as [string, string],
    ),
  );
  const status = Number(statusLine.split(' ')[1]);
  assert.equal(status, 400, `unparseable request: ${statusLine}`);
  return { label: 'unparseable request (400)', status, headers };
}

describe('security headers on every status', () => {
  test('200, 304, 400, 403, 404, 413 and 415 on pages, API and assets', async () => {
    const { url } = server;
    const answers: Answer[] = [];
    const home = await fetch(url + '/home');
    const html = await home.clone().text();
    await take(answers, 'page /home', home, 200);
    await take(answers, 'page /faq', await fetch(url + '/faq'), 200);
    await take(answers, 'API FAQ', await fetch(url + '/api/Faqs/GetAllFromFaqs'), 200);
    await take(
      answers,
      'API feedback',
      await post(url, '/api/Feedback/AddFeedback', JSON.stringify({ feedback: 'Headers on 200' })),
      200,
    );
    const asset = /\/assets\/[\w.-]+\.(?:js|css)/.exec(html)?.[0];
    assert.ok(asset, 'the home page links a built asset');
    const assetAnswer = await take(answers, `asset ${asset}`, await fetch(url + asset), 200);
    const favicon = await take(answers, 'favicon', await fetch(url + '/favicon.svg'), 200);

    // Conditional GETs: the validators the first answer gave, sent back. fetch() adds
    // Cache-Control: no-cache to a request with validators (which forbids a 304), so the
    // request says max-age=0, as a browser's reload does. Pages have no validators: each one
    // carries a fresh CSP nonce, so it can never be "not modified".
    const revalidate = { 'cache-control': 'max-age=0' };
    const etag = assetAnswer.headers.get('etag');
    const modified = assetAnswer.headers.get('last-modified');
    assert.ok(etag && modified, 'assets carry ETag and Last-Modified');
    await take(
      answers,
      'asset If-None-Match',
      await fetch(url + asset, { headers: { ...revalidate, 'if-none-match': etag } }),
      304,
    );
    await take(
      answers,
      'asset If-Modified-Since',
      await fetch(url + asset, { headers: { ...revalidate, 'if-modified-since': modified } }),
      304,
    );
    const faviconTag = favicon.headers.get('etag')!;
    await take(
      answers,
      'favicon If-None-Match',
      await fetch(url + '/favicon.svg', { headers: { ...revalidate, 'if-none-match': faviconTag } }),
      304,
    );

    await take(answers, 'API broken JSON', await post(url, '/api/RequestDemo', '{"name": "Dana",'), 400);
    await take(answers, 'API invalid body', await post(url, '/api/Feedback/AddFeedback', '{}'), 400);
    // Refused by Fastify before routing: no hook runs, so server/plugins/errors.ts sets the headers.
    await take(answers, 'page bad URL encoding', await fetch(url + '/%E0%A4%A'), 400);
    await take(answers, 'API bad URL encoding', await fetch(url + '/api/%E0'), 400);
    answers.push(await rawAnswer(url, 'GET / HTTP/1.1\r\nHost: x\r\nBad Header: \x01\r\n\r\n'));

    await take(
      answers,
      'API without CSRF',
      await post(url, '/api/Feedback/AddFeedback', '{}', { [CSRF_HEADER]: 'forged' }),
      403,
    );
    await take(
      answers,
      'page post without cookie',
      await pagePost(url, '/forms/feedback', 'feedback=x', { cookie: '' }),
      403,
    );

    await take(answers, 'page 404', await fetch(url + '/no-such-page'), 404);
    await take(answers, 'API 404', await fetch(url + '/api/NoSuchCall'), 404);
    await take(answers, 'missing asset', await fetch(url + '/assets/no-such-file.js'), 404);

    await take(
      answers,
      'API JSON over 32 KB',
      await post(url, '/api/Feedback/AddFeedback', JSON.stringify({ feedback: 'x'.repeat(40_000) })),
      413,
    );
    await take(
      answers,
      'page post over the upload limit',
      await pagePost(url, '/forms/feedback', 'feedback=' + 'x'.repeat(6 * 1024 * 1024)),
      413,
    );

    await take(
      answers,
      'API XML body',
      await post(url, '/api/Feedback/AddFeedback', '<feedback/>', { 'content-type': 'application/xml' }),
      415,
    );

    for (const status of [200, 304, 400, 403, 404, 413, 415])
      assert.ok(
        answers.some((answer) => answer.status === status),
        `covered ${status}`,
      );
    assert.deepEqual(
      answers.flatMap(({ label, headers }) => securityHeaderProblems(label, headers)),
      [],
    );
  });

  test('429 on pages and the API (assets are never rate limited)', async () => {
    const limited = await startServer(
      { RATE_LIMIT_PAGES_PER_MINUTE: '2', RATE_LIMIT_FORMS_PER_MINUTE: '1' },
      { pages: true },
    );
    try {
      const answers: Answer[] = [];
      for (let i = 0; i < 2; i++) await (await fetch(limited.url + '/home')).arrayBuffer();
      await take(answers, 'page', await fetch(limited.url + '/home'), 429);
      await take(answers, 'API read', await fetch(limited.url + '/api/Faqs/GetAllFromFaqs'), 429);
      assert.deepEqual(
        answers.flatMap(({ label, headers }) => securityHeaderProblems(label, headers)),
        [],
      );
    } finally {
      await limited.close();
    }
  });

  test('500 on the API and on a page action when the database fails', async () => {
    const broken = await startServer({}, { pages: true });
    try {
      const client = await broken.client().visit('/home');
      const csrf = client.csrfToken!;
      broken.app.database.sqlite!.exec('DROP TABLE feedback');
      const answers: Answer[] = [];
      const headers = { cookie: `${CSRF_COOKIE}=${csrf}`, origin: broken.url };
      await take(
        answers,
        'API feedback',
        await fetch(broken.url + '/api/Feedback/AddFeedback', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', [CSRF_HEADER]: csrf },
          body: JSON.stringify({ feedback: 'The database is gone' }),
        }),
        500,
      );
      await take(
        answers,
        'page action feedback',
        await fetch(broken.url + '/forms/feedback', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ feedback: 'The database is gone', _csrf: csrf }).toString(),
          redirect: 'manual',
        }),
        500,
      );
      assert.deepEqual(
        answers.flatMap(({ label, headers }) => securityHeaderProblems(label, headers)),
        [],
      );
    } finally {
      await broken.close();
    }
  });
});

describe('sign-in answers are never cached', () => {
  const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

  test('SignIn and ValidateToken: Cache-Control no-store on success and on every refusal', async () => {
    const { url } = server;
    const answers: Answer[] = [];
    const signIn = (body: unknown, headers: Record<string, string> = {}) =>
      post(url, '/api/SignIn', JSON.stringify(body), headers);
    const signedIn = await signIn({ username: 'alice', password: PASSWORD });
    const { access_token } = (await signedIn.clone().json()) as { access_token: string };
    await take(answers, 'SignIn success', signedIn, 200);
    await take(answers, 'SignIn empty', await signIn({ username: '', password: '' }), 400);
    await take(answers, 'SignIn broken JSON', await post(url, '/api/SignIn', '{'), 400);
    await take(
      answers,
      'SignIn without CSRF',
      await signIn({ username: 'alice', password: PASSWORD }, { [CSRF_HEADER]: 'nope' }),
      403,
    );
    await take(
      answers,
      'SignIn wrong password',
      await signIn({ username: 'alice', password: 'wrong password 1' }),
      401,
    );
    await take(
      answers,
      'SignIn wrong password again',
      await signIn({ username: 'alice', password: 'wrong password 2' }),
      401,
    );
    await take(answers, 'SignIn locked', await signIn({ username: 'alice', password: PASSWORD }), 429);
    await take(
      answers,
      'ValidateToken valid',
      await fetch(url + '/api/ValidateToken', { headers: bearer(access_token) }),
      200,
    );
    await take(answers, 'ValidateToken no header', await fetch(url + '/api/ValidateToken'), 401);
    await take(
      answers,
      'ValidateToken forged',
      await fetch(url + '/api/ValidateToken', { headers: bearer('a.b.c') }),
      401,
    );

    const limited = await startServer({ RATE_LIMIT_SIGNIN_PER_MINUTE: '1' });
    try {
      const client = await limited.client().visit();
      await client.post('/api/SignIn', { username: 'x', password: 'y' });
      const refused = await client.post('/api/SignIn', { username: 'x', password: 'y' });
      assert.equal(refused.status, 429);
      answers.push({ label: 'SignIn rate limited (429)', status: 429, headers: refused.headers });
    } finally {
      await limited.close();
    }

    const failing = await startServer();
    try {
      await failing.app.repos.users.create('bob', await hashPassword(PASSWORD), new Date().toISOString());
      const client = await failing.client().visit();
      const tokens = (await client.post('/api/SignIn', { username: 'bob', password: PASSWORD })).body;
      failing.app.database.sqlite!.exec('DROP TABLE refresh_tokens');
      const validate = await client.get('/api/ValidateToken', bearer(tokens.access_token));
      assert.equal(validate.status, 500);
      answers.push({ label: 'ValidateToken database failure (500)', status: 500, headers: validate.headers });
      const signInFailure = await client.post('/api/SignIn', { username: 'bob', password: PASSWORD });
      assert.equal(signInFailure.status, 500);
      answers.push({ label: 'SignIn database failure (500)', status: 500, headers: signInFailure.headers });
    } finally {
      await failing.close();
    }

    const notNoStore = answers
      .filter(({ headers }) => headers.get('cache-control') !== 'no-store')
      .map(({ label, headers }) => `${label}: ${headers.get('cache-control')}`);
    assert.deepEqual(notNoStore, []);
    assert.deepEqual(
      answers.flatMap(({ label, headers }) => securityHeaderProblems(label, headers)),
      [],
    );
  });
});
