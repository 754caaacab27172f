// Sign-in details an attacker probes (issue 33): cookies Secure whenever SITE_URL is https (even
// without TRUST_PROXY, the server seeing plain http from its proxy); no-store on every sign-in
// answer (API, the /sign-in page's action, the Content area's sign-in); the bearer scheme in any
// letter case (RFC 9110); passwords never trimmed (NIST SP 800-63B) and a too-long one told so.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CSRF_COOKIE, CSRF_HEADER } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const PASSWORD = '  spaced secret  ';

let server: TestServer;
let token: string;

before(async () => {
  server = await startServer({ SITE_URL: 'https://www.haulora.example' }, { pages: true });
  await server.app.repos.users.create('maria', await hashPassword(PASSWORD), new Date().toISOString());
  token = (await server.client().visit()).csrfToken!;
});
after(() => server.close());

function apiSignIn(body: unknown) {
  return fetch(`${server.url}/api/SignIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token },
    body: JSON.stringify(body),
  });
}

function pagePost(path: string, fields: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${CSRF_COOKIE}=${token}` },
    body: new URLSearchParams({ _csrf: token, ...fields }),
  });
}

describe('sign-in answers', () => {
  test('every cookie is Secure when SITE_URL is https, though the request came over http', async () => {
    const answer = await apiSignIn({ username: 'maria', password: PASSWORD });
    assert.equal(answer.status, 200);
    const cookies = answer.headers.getSetCookie();
    assert.ok(cookies.length > 0);
    for (const cookie of cookies) assert.match(cookie, /;\s*Secure/i, cookie);
    const { access_token } = (await answer.json()) as { access_token: string };
    const signOut = await fetch(`${server.url}/api/SignOut`, { headers: { authorization: `Bearer ${access_token}` } });
    for (const cookie of signOut.headers.getSetCookie()) assert.match(cookie, /;\s*Secure/i, cookie);
    const page = await fetch(`${server.url}/home`);
    for (const cookie of page.headers.getSetCookie()) assert.match(cookie, /;\s*Secure/i, cookie);
    const content = await pagePost('/content/faq', { intent: 'sign-in', username: 'maria', password: PASSWORD });
    assert.equal(content.status, 303);
    for (const cookie of content.headers.getSetCookie()) assert.match(cookie, /;\s*Secure/i, cookie);
  });

  test('no-store on every sign-in answer: API (right, wrong, invalid), /sign-in and the Content area', async () => {
    const answers = [
      await apiSignIn({ username: 'maria', password: PASSWORD }),
      await apiSignIn({ username: 'maria', password: 'wrong' }),
      await apiSignIn({ username: '', password: '' }),
      await pagePost('/sign-in', { username: 'maria', password: PASSWORD }),
      await pagePost('/sign-in', { username: 'maria', password: 'wrong' }),
      await pagePost('/sign-in', { username: '', password: '' }),
      await pagePost('/content/faq', { intent: 'sign-in', username: 'maria', password: PASSWORD }),
      await pagePost('/content/faq', { intent: 'sign-in', username: 'maria', password: 'wrong' }),
    ];
    for (const [i, answer] of answers.entries()) {
      await answer.arrayBuffer();
      assert.ok(answer.status < 500, `answer ${i}: ${answer.status}`);
      assert.equal(answer.headers.get('cache-control'), 'no-store', `answer ${i} (${answer.status})`);
    }
  });

  test("passwords are never trimmed; a too-long one says so; the spec's message for empty fields stays", async () => {
    assert.equal(
      (await apiSignIn({ username: 'maria', password: 'spaced secret' })).status,
      401,
      'the trimmed password is another password',
    );
    assert.equal(
      (await apiSignIn({ username: ' maria ', password: PASSWORD })).status,
      200,
      'the username is still trimmed',
    );
    const long = await apiSignIn({ username: 'maria', password: 'x'.repeat(257) });
    assert.deepEqual([long.status, await long.json()], [400, ['ERROR', MESSAGES.tooLong('Password', 256)]]);
    const empty = await apiSignIn({ username: 'maria', password: '   ' });
    assert.deepEqual([empty.status, await empty.json()], [400, ['ERROR', MESSAGES.allFieldsRequired]]);
    const page = await pagePost('/sign-in', { username: 'maria', password: 'x'.repeat(257) });
    assert.equal(page.status, 400);
    assert.ok((await page.text()).includes(MESSAGES.tooLong('Password', 256)));
  });

  test('the bearer scheme in any letter case', async () => {
    const { access_token } = (await (await apiSignIn({ username: 'maria', password: PASSWORD })).json()) as {
      access_token: string;
    };
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const answer = await fetch(`${server.url}/api/ValidateToken`, {
        headers: { authorization: `${scheme} ${access_token}` },
      });
      assert.equal(answer.status, 200, scheme);
    }
    assert.equal(
      (await fetch(`${server.url}/api/ValidateToken`, { headers: { authorization: `Basic ${access_token}` } })).status,
      401,
    );
  });
});
