// The staff sign-in's session cookie over real HTTP (issue 31, decision 049): set at sign-in with
// the refresh token (never the access token), HttpOnly, SameSite=Strict, Secure behind TLS;
// POST /api/auth/refresh without a body uses it (CSRF-checked), with rotation, reuse detection,
// sign-out, disabled users and the idle limit exactly as for the body's token; the Content pages'
// reading of it (cookieSession) counts as activity and never rotates.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SESSION_COOKIE, SESSION_MARKER_COOKIE } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { createAuthService, REUSE_GRACE_MS } from '../../server/services/auth.ts';
import { createTokenService } from '../../server/services/tokens.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { startServer, TEST_TOKEN_SECRET, type TestServer } from '../helpers/server.ts';
import { signInAs, STAFF_PASSWORD } from '../helpers/staff.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

/** Signs in through the API in a fresh browser-like client: the client keeps the cookies. */
async function browser(
  username: string,
): Promise<{ client: ApiClient; tokens: Record<string, string>; setCookie: string[] }> {
  await signInAs(server, username); // creates the account
  const client = await server.client().visit();
  const answer = await client.post('/api/SignIn', { username, password: STAFF_PASSWORD });
  assert.equal(answer.status, 200);
  return { client, tokens: answer.body, setCookie: answer.headers.getSetCookie() };
}

/** POST /api/auth/refresh with no body at all, as the browser's cookie refresh sends it. */
const cookieRefresh = (client: ApiClient, headers: Record<string, string> = {}) =>
  client.request('POST', '/api/auth/refresh', { headers: { ...client.csrfHeader(), ...headers } });

describe('the session cookie', () => {
  test('sign-in sets the refresh token (not the access token): HttpOnly, SameSite=Strict, Path=/, until the absolute limit', async () => {
    const { client, tokens, setCookie } = await browser('ciara');
    const cookie = setCookie.find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; SameSite=Strict/);
    assert.match(cookie, /; Path=\//);
    assert.doesNotMatch(cookie, /; Secure/, 'plain http here');
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    assert.ok(Math.abs(maxAge - server.config.refreshTokenTtlDays * 86_400) < 60, `Max-Age ${maxAge}`);
    assert.equal(client.cookies.get(SESSION_COOKIE), tokens.refresh_token);
    assert.ok(!setCookie.some((line) => line.includes(tokens.access_token!)), 'the access token is never a cookie');
    // The marker holds no secret and is readable by script.
    const marker = setCookie.find((line) => line.startsWith(`${SESSION_MARKER_COOKIE}=`)) ?? '';
    assert.match(marker, /^haulora_staff=1; /);
    assert.doesNotMatch(marker, /HttpOnly/);
  });

  test('Secure when the site is served over https', async () => {
    const tls = await startServer({ SITE_URL: 'https://www.haulora.example' });
    try {
      const { client } = await (async () => {
        await signInAs(tls, 'dara');
        const visitor = await tls.client().visit();
        const answer = await visitor.post('/api/SignIn', { username: 'dara', password: STAFF_PASSWORD });
        return { client: visitor, answer };
      })();
      const again = await client.post('/api/SignIn', { username: 'dara', password: STAFF_PASSWORD });
      const cookie = again.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
      assert.match(cookie, /; Secure/);
    } finally {
      await tls.close();
    }
  });

  test('a refresh without a body uses the cookie: new tokens, the cookie rotated with them', async () => {
    const { client, tokens } = await browser('ciara');
    const answer = await cookieRefresh(client);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(Object.keys(answer.body).sort(), ['access_token', 'expires_in', 'refresh_token', 'token_type']);
    assert.notEqual(answer.body.refresh_token, tokens.refresh_token);
    assert.equal(client.cookies.get(SESSION_COOKIE), answer.body.refresh_token);
    const validate = await client.request('GET', '/api/ValidateToken', {
      headers: { authorization: `Bearer ${answer.body.access_token}` },
    });
    assert.equal(validate.status, 200);
    // The body's token as today: works once, and renews the cookie too.
    const byBody = await client.post('/api/auth/refresh', { refresh_token: answer.body.refresh_token });
    assert.equal(byBody.status, 200);
    assert.equal(client.cookies.get(SESSION_COOKIE), byBody.body.refresh_token);
    assert.equal((await cookieRefresh(client)).status, 200);
  });

  test('without a body or a cookie: 400 with the body message, as before', async () => {
    const client = await server.client().visit();
    const answer = await cookieRefresh(client);
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body, { errorInfo: MESSAGES.refreshTokenMissing });
  });

  test('CSRF: a cookie refresh from another site, or without the header, is refused 403 and spends nothing', async () => {
    const { client } = await browser('ciara');
    const crossSite = await cookieRefresh(client, { origin: 'https://evil.example' });
    assert.equal(crossSite.status, 403);
    const noHeader = await client.request('POST', '/api/auth/refresh', {});
    assert.equal(noHeader.status, 403);
    assert.equal((await cookieRefresh(client)).status, 200);
  });

  test('reuse: an old cookie value sent again revokes the whole sign-in, and the cookie is cleared', async () => {
    const { client, tokens } = await browser('ciara');
    // Rotated twice: the first value is no longer the one just retired (which a lost answer may
    // still present for 30 s, decision 049).
    assert.equal((await cookieRefresh(client)).status, 200);
    const rotated = await cookieRefresh(client);
    assert.equal(rotated.status, 200);
    // A copy of the old cookie (stolen, or a stale tab) is presented.
    const thief = await server.client().visit();
    thief.cookies.set(SESSION_COOKIE, tokens.refresh_token!);
    const reuse = await cookieRefresh(thief);
    assert.equal(reuse.status, 401);
    assert.deepEqual(reuse.body, { errorInfo: MESSAGES.tokenInvalid });
    assert.equal(thief.cookies.get(SESSION_COOKIE), '', 'the refused cookie is cleared');
    // The rightful browser's newer cookie and access token are dead too.
    assert.equal((await cookieRefresh(client)).status, 401);
    const validate = await client.request('GET', '/api/ValidateToken', {
      headers: { authorization: `Bearer ${rotated.body.access_token}` },
    });
    assert.equal(validate.status, 401);
  });

  test('sign-out clears the cookie and ends the sign-in it holds', async () => {
    const { client, tokens } = await browser('ciara');
    const out = await client.request('GET', '/api/SignOut', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    assert.equal(out.status, 200);
    const cleared = out.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    assert.match(cleared, /^haulora_session=; .*Max-Age=0/);
    // Even a copy of the cookie kept from before no longer works.
    client.cookies.set(SESSION_COOKIE, tokens.refresh_token!);
    assert.equal((await cookieRefresh(client)).status, 401);
  });

  test('a disabled user is refused through the cookie', async () => {
    const { client } = await browser('eamon');
    await server.app.repos.users.disable('eamon', new Date().toISOString());
    assert.equal((await cookieRefresh(client)).status, 401);
  });

  test('the idle limit: a cookie not used for longer than SESSION_IDLE_MINUTES is refused', async () => {
    const { client, tokens } = await browser('ciara');
    const longAgo = new Date(Date.now() - (server.config.sessionIdleMinutes + 1) * 60_000).toISOString();
    await server.app.database.kysely
      .updateTable('refresh_tokens')
      .set({ last_used_at: longAgo })
      .where('token_hash', '=', (await import('../../server/services/tokens.ts')).hashToken(tokens.refresh_token!))
      .execute();
    assert.equal((await cookieRefresh(client)).status, 401);
  });
});

describe('the Content pages reading the cookie (cookieSession, driven clock)', () => {
  const clock = { now: new Date() };
  const auth = () =>
    createAuthService({
      repos: server.app.repos,
      tokens: createTokenService(TEST_TOKEN_SECRET, 60),
      lock: { accountFailures: 100, addressFailures: 100, minutes: 1 },
      refreshTokenTtlDays: 7,
      idleTimeoutMinutes: 480,
      now: () => clock.now,
    });

  test('work in the Content area counts as activity: used every 7 h for a day, never rotated, it lives on', async () => {
    await signInAs(server, 'fiona');
    const service = auth();
    const signedIn = await service.signIn({ username: 'fiona', password: STAFF_PASSWORD }, '198.51.100.20');
    assert.equal(signedIn.kind, 'signed-in');
    const token = signedIn.kind === 'signed-in' ? signedIn.tokens.refresh_token : '';
    for (let step = 1; step <= 3; step += 1) {
      clock.now = new Date(clock.now.getTime() + 7 * 3_600_000);
      const session = await service.cookieSession(token);
      assert.equal(session.kind, 'live', `after ${7 * step} h`);
    }
    // Not rotated: the same token still refreshes once.
    assert.equal((await service.refresh(token)).kind, 'refreshed');
  });

  test('a lost answer: within 30 s of its rotation the retired token still works, once; then it is reuse', async () => {
    const service = auth();
    const signedIn = await service.signIn({ username: 'fiona', password: STAFF_PASSWORD }, '198.51.100.22');
    const first = signedIn.kind === 'signed-in' ? signedIn.tokens.refresh_token : '';
    // The answer carrying the second token never reached the browser (it left the page).
    assert.equal((await service.refresh(first)).kind, 'refreshed');
    clock.now = new Date(clock.now.getTime() + 10_000);
    assert.equal((await service.cookieSession(first)).kind, 'live', 'a page rendered with the old cookie');
    const again = await service.refresh(first);
    assert.equal(again.kind, 'refreshed', 'the old cookie refreshes once more');
    const third = again.kind === 'refreshed' ? again.tokens.refresh_token : '';
    // Its successor was rotated away by that: the first token is no longer the last retired one.
    assert.equal((await service.refresh(first)).kind, 'reused');
    assert.equal((await service.refresh(third)).kind, 'invalid', 'the sign-in was revoked');
  });

  test('idle past the limit ends it; a token retired over 30 s ago is reuse and revokes the sign-in', async () => {
    const service = auth();
    const signedIn = await service.signIn({ username: 'fiona', password: STAFF_PASSWORD }, '198.51.100.21');
    const first = signedIn.kind === 'signed-in' ? signedIn.tokens.refresh_token : '';
    const rotated = await service.refresh(first);
    const second = rotated.kind === 'refreshed' ? rotated.tokens.refresh_token : '';
    clock.now = new Date(clock.now.getTime() + REUSE_GRACE_MS + 1000);
    assert.equal((await service.cookieSession(first)).kind, 'reused');
    assert.equal((await service.cookieSession(second)).kind, 'invalid', 'the whole sign-in was revoked');

    const other = await service.signIn({ username: 'fiona', password: STAFF_PASSWORD }, '198.51.100.21');
    const token = other.kind === 'signed-in' ? other.tokens.refresh_token : '';
    clock.now = new Date(clock.now.getTime() + 8 * 3_600_000 + 1000);
    assert.equal((await service.cookieSession(token)).kind, 'invalid');
  });
});
