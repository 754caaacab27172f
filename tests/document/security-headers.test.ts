// Security headers on every answer: every page of the route table, the 404 page, the sitemap,
// built assets and the API (reads, submissions, refusals). Cookies: the only cookie is the CSRF
// token the browser's code must read (so not HttpOnly), always SameSite, Secure behind https.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CSRF_COOKIE, CSRF_HEADER } from '../../common/constants.ts';
import { pagePaths } from '../../scripts/size-budgets.ts';
import { securityHeaderProblems } from '../helpers/security-headers.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer({}, { pages: true });
});
after(() => server.close());

/** One answer of each kind the server gives, for a server at `url`. */
async function everyKindOfAnswer(url: string) {
  const answers: { label: string; headers: Headers }[] = [];
  const take = async (label: string, response: Response) => {
    await response.arrayBuffer();
    answers.push({ label: `${label} (${response.status})`, headers: response.headers });
    return response;
  };
  let asset: string | undefined;
  for (const path of [...pagePaths(), '/no-such-page']) {
    const response = await fetch(url + path, { redirect: 'manual' });
    const html = await response.clone().text();
    asset ??= /\/assets\/[\w.-]+\.(?:js|css)/.exec(html)?.[0];
    await take(path, response);
  }
  if (asset) await take(asset, await fetch(url + asset));
  for (const path of [
    '/favicon.svg',
    '/robots.txt',
    '/api/Faqs/GetAllFromFaqs',
    '/api/Glossary/GetAllFromGlossary',
    '/api/openapi.json',
    '/api/NoSuchCall',
    '/api/ValidateToken',
  ]) {
    await take(path, await fetch(url + path));
  }
  const first = await fetch(url + '/api/Faqs/GetAllFromFaqs');
  await first.arrayBuffer();
  const token = /XSRF-TOKEN=([^;]+)/.exec(first.headers.getSetCookie().join('\n'))?.[1] ?? '';
  const post = (path: string, body: string, csrf = true) =>
    fetch(url + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${CSRF_COOKIE}=${token}`,
        ...(csrf ? { [CSRF_HEADER]: token } : {}),
      },
      body,
    });
  await take('POST feedback', await post('/api/Feedback/AddFeedback', JSON.stringify({ feedback: 'Headers check' })));
  await take('POST feedback refused', await post('/api/Feedback/AddFeedback', '{}'));
  await take('POST without CSRF', await post('/api/Newsletter/Subscribe', '{}', false));
  await take(
    'POST sign-in refused',
    await post('/api/SignIn', JSON.stringify({ username: 'nobody', password: 'wrong-password-here' })),
  );
  await take(
    'POST page form without CSRF',
    await fetch(url + '/forms/feedback', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'feedback=x',
      redirect: 'manual',
    }),
  );
  return answers;
}

describe('security headers', () => {
  test('on every page, asset and API answer', async () => {
    const answers = await everyKindOfAnswer(server.url);
    assert.ok(answers.length > 40, `checked ${answers.length} answers`);
    assert.deepEqual(
      answers.flatMap(({ label, headers }) => securityHeaderProblems(label, headers)),
      [],
    );
  });

  test('pages set the CSRF cookie SameSite and readable by the page, and nothing else', async () => {
    const response = await fetch(server.url + '/home');
    await response.arrayBuffer();
    const cookies = response.headers.getSetCookie();
    assert.deepEqual(
      cookies.map((cookie) => cookie.split('=')[0]),
      [CSRF_COOKIE],
    );
    assert.match(cookies[0]!, /SameSite=(Lax|Strict)/i);
  });

  test('behind https (SITE_URL https://…) every cookie is Secure', async () => {
    const secure = await startServer({ SITE_URL: 'https://www.haulora.example' }, { pages: true });
    try {
      const answers = await everyKindOfAnswer(secure.url);
      assert.ok(
        answers.some(({ headers }) => headers.getSetCookie().length > 0),
        'some answer sets a cookie',
      );
      assert.deepEqual(
        answers.flatMap(({ label, headers }) => securityHeaderProblems(label, headers, { secure: true })),
        [],
      );
    } finally {
      await secure.close();
    }
  });
});
