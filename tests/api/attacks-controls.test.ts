// Control characters where the site turns input into a header or a query (issue 33): every C0
// control, DEL and every C1 control in each redirect target (`_back` of the no-JS forms, `back`
// of the result page, `next` of the sign-in page) falls back to a path of our own with a 303,
// never a 500; and in the inbox search, which answers 400 in the inbox's shape (an export never
// starts before its first query has run).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CSRF_COOKIE, CSRF_HEADER } from '../../common/constants.ts';
import { INBOX_MESSAGES } from '../../common/inbox.ts';
import { sameOriginPath } from '../../app/lib/redirect-target.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

/** Every C0 control, DEL and every C1 control. */
const CONTROLS = [
  ...Array.from({ length: 32 }, (_, i) => i),
  0x7f,
  ...Array.from({ length: 32 }, (_, i) => 0x80 + i),
].map((code) => String.fromCharCode(code));
const label = (char: string) => `U+${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

let server: TestServer;
let token: string;

before(async () => {
  server = await startServer({}, { pages: true });
  token = (await server.client().visit()).csrfToken!;
});
after(() => server.close());

function postForm(path: string, fields: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${CSRF_COOKIE}=${token}` },
    body: new URLSearchParams({ _csrf: token, ...fields }),
  });
}

describe('redirect targets', () => {
  test('the helper keeps same-origin paths and refuses every control, another origin and a scheme', () => {
    for (const char of CONTROLS) {
      for (const value of [`/${char}/x`, `/faq${char}`, `${char}/faq`, `/faq?q=${char}`, `/faq#${char}`]) {
        assert.equal(sameOriginPath(value, '/home'), '/home', `${label(char)} in ${JSON.stringify(value)}`);
      }
    }
    for (const value of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '',
      'faq',
      ' /faq',
      '/faq\u2028',
    ]) {
      assert.equal(sameOriginPath(value, '/home'), '/home', JSON.stringify(value));
    }
    assert.equal(sameOriginPath('/faq?q=a#b', '/home'), '/faq?q=a#b');
    assert.equal(sameOriginPath('/a/../faq', '/home'), '/faq');
    assert.equal(sameOriginPath('/é', '/home'), '/%C3%A9', 'non-ASCII is percent-encoded, so Location stays ASCII');
  });

  test('_back on POST /forms/theme: every control answers 303 to the home page', async () => {
    const answers = await Promise.all(
      CONTROLS.map((char) => postForm('/forms/theme', { theme: 'dark', _back: `/${char}/x` })),
    );
    answers.forEach((answer, i) => {
      assert.equal(answer.status, 303, label(CONTROLS[i]!));
      assert.equal(answer.headers.get('location'), '/home', label(CONTROLS[i]!));
    });
    const fine = await postForm('/forms/theme', { theme: 'dark', _back: '/faq?x=1' });
    assert.deepEqual([fine.status, fine.headers.get('location')], [303, '/faq?x=1']);
  });

  test('_back on POST /forms/feedback: every control falls back in the result page link', async () => {
    const answers = await Promise.all(
      CONTROLS.map((char) => postForm('/forms/feedback', { feedback: 'Clear pricing page', _back: `/${char}/x` })),
    );
    answers.forEach((answer, i) => {
      assert.equal(answer.status, 303, label(CONTROLS[i]!));
      const back = new URL(answer.headers.get('location')!, server.url).searchParams.get('back');
      assert.ok(
        back !== null && !/[\u0000-\u001f\u007f-\u009f]/.test(back) && !back.includes('/x'),
        `${label(CONTROLS[i]!)}: ${back}`,
      );
    });
  });

  test('back on GET /result and next on GET /sign-in: every control, no 5xx, no control in the page', async () => {
    for (const char of CONTROLS) {
      const encoded = encodeURIComponent(`/${char}/x`);
      const result = await fetch(`${server.url}/result?form=feedback&outcome=success&back=${encoded}`);
      const html = await result.text();
      assert.equal(result.status, 200, label(char));
      assert.ok(!html.includes(`href="/${char}/x"`), label(char));
      const signIn = await fetch(`${server.url}/sign-in?next=${encoded}`);
      await signIn.arrayBuffer();
      assert.equal(signIn.status, 200, label(char));
    }
  });
});

describe('inbox search', () => {
  let bearer: string;
  before(async () => {
    await server.app.repos.users.create('maria', await hashPassword('a long staff password'), new Date().toISOString());
    const answer = await fetch(`${server.url}/api/SignIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token },
      body: JSON.stringify({ username: 'maria', password: 'a long staff password' }),
    });
    bearer = ((await answer.json()) as { access_token: string }).access_token;
  });

  test('every control in q answers 400 in the inbox shape, on every kind, for the list and both exports', async () => {
    const statuses = new Set<number>();
    for (const kind of ['demo-requests', 'contact-messages', 'feedback', 'newsletter']) {
      for (const char of CONTROLS) {
        for (const path of ['', '/export.csv', '/export.xlsx']) {
          const answer = await fetch(`${server.url}/api/inbox/${kind}${path}?q=${encodeURIComponent(`fuel${char}`)}`, {
            headers: { authorization: `Bearer ${bearer}` },
          });
          const body = (await answer.json()) as unknown;
          statuses.add(answer.status);
          assert.equal(answer.status, 400, `${kind}${path} ${label(char)}`);
          assert.ok(
            JSON.stringify(body).includes(INBOX_MESSAGES.searchControl),
            `${kind}${path} ${label(char)}: ${JSON.stringify(body)}`,
          );
        }
      }
    }
    assert.deepEqual([...statuses], [400]);
    // Ordinary text still searches.
    const fine = await fetch(`${server.url}/api/inbox/feedback?q=fuel%20report`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    assert.equal(fine.status, 200);
  });
});
