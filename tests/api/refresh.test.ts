// POST /api/auth/refresh over real HTTP (issue 21): rotation (each refresh token works once),
// reuse detection (a used token revokes the whole sign-in, every token descended from it), the
// idle and absolute limits, sign-out and disabled users, CSRF, no cache, and never a token in a URL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MESSAGES } from '../../common/messages.ts';
import { createAuthService } from '../../server/services/auth.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { createTokenService } from '../../server/services/tokens.ts';
import { startServer, TEST_TOKEN_SECRET, type TestServer } from '../helpers/server.ts';
import { signInAs, STAFF_PASSWORD } from '../helpers/staff.ts';

let server: TestServer;
const PASSWORD = STAFF_PASSWORD;

before(async () => {
  server = await startServer();
  const hash = await hashPassword(PASSWORD);
  for (const username of ['rita', 'sam', 'tess'])
    await server.app.repos.users.create(username, hash, new Date().toISOString());
});
after(() => server.close());

/** The tokens of a staff member created above (tests/helpers/staff.ts signs in). */
const signIn = async (username = 'rita') => (await signInAs(server, username)).tokens;
const refresh = (refresh_token: unknown, path = '/api/auth/refresh') => server.client().post(path, { refresh_token });
const validate = (token: string) =>
  server.client().request('GET', '/api/ValidateToken', { headers: { authorization: `Bearer ${token}` } });

describe('POST /api/auth/refresh', () => {
  test('answers new tokens in the sign-in shape, no-store; the new access token works', async () => {
    const first = await signIn();
    const response = await refresh(first.refresh_token);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.deepEqual(Object.keys(response.body).sort(), ['access_token', 'expires_in', 'refresh_token', 'token_type']);
    assert.equal(response.body.token_type, 'Bearer');
    assert.equal(response.body.expires_in, server.config.accessTokenTtlSeconds);
    assert.notEqual(response.body.refresh_token, first.refresh_token);
    assert.equal((await validate(response.body.access_token)).status, 200);
    // The chain goes on: the new refresh token works once in turn.
    assert.equal((await refresh(response.body.refresh_token)).status, 200);
  });

  test('a refresh token used twice answers 401 and revokes the whole sign-in, every token descended from it', async () => {
    const first = await signIn();
    const second = (await refresh(first.refresh_token)).body;
    const third = (await refresh(second.refresh_token)).body;
    assert.equal((await validate(third.access_token)).status, 200);

    const reuse = await refresh(first.refresh_token);
    assert.equal(reuse.status, 401);
    assert.deepEqual(reuse.body, { errorInfo: MESSAGES.tokenInvalid });
    // Everything from that sign-in is dead: the latest access token and the latest refresh token.
    assert.equal((await validate(third.access_token)).status, 401);
    assert.equal((await refresh(third.refresh_token)).status, 401);
    // Another sign-in of the same person is untouched.
    const other = await signIn();
    assert.equal((await validate(other.access_token)).status, 200);
  });

  test('two refreshes racing with one token (two tabs at once): both answered within the grace, one live chain', async () => {
    const first = await signIn('tess');
    const answers = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200],
    );
    // The later rotation retired the earlier answer's token; the last one refreshes on.
    const tokens = answers.map((a) => a.body.refresh_token as string);
    const live = await Promise.all(tokens.map((token) => refresh(token)));
    assert.ok(live.some((answer) => answer.status === 200));
    // The original token, now two rotations back, is plain reuse: the sign-in ends.
    assert.equal((await refresh(first.refresh_token)).status, 401);
    for (const answer of live)
      if (answer.status === 200) assert.equal((await validate(answer.body.access_token)).status, 401);
  });

  test('wrong, empty, signed-out and disabled answer 401 or 400 in the errorInfo shape, never 5xx', async () => {
    assert.equal((await refresh('not-a-token-we-ever-issued')).status, 401);
    assert.deepEqual((await refresh('x'.repeat(512))).body, { errorInfo: MESSAGES.tokenInvalid });
    for (const bad of [undefined, '', 42, null, 'x'.repeat(513)]) {
      const response = await refresh(bad);
      assert.equal(response.status, 400, `refresh_token ${JSON.stringify(bad)}`);
      assert.ok(typeof response.body.errorInfo === 'string');
    }
    const signedOut = await signIn();
    const out = await server
      .client()
      .request('GET', '/api/SignOut', { headers: { authorization: `Bearer ${signedOut.access_token}` } });
    assert.equal(out.status, 200);
    assert.equal((await refresh(signedOut.refresh_token)).status, 401);

    const disabled = await signIn('sam');
    const user = (await server.app.repos.users.findByUsername('sam'))!;
    await server.app.repos.users.disable('sam', new Date().toISOString());
    await server.app.repos.sessions.revokeAllForUser(user.id, new Date().toISOString());
    assert.equal((await refresh(disabled.refresh_token)).status, 401);
  });

  test('never in a URL, and only with the CSRF header', async () => {
    const tokens = await signIn();
    const inUrl = await refresh(tokens.refresh_token, `/api/auth/refresh?refresh_token=${tokens.refresh_token}`);
    assert.equal(inUrl.status, 400);
    assert.deepEqual(inUrl.body, { errorInfo: MESSAGES.refreshTokenInUrl });
    const client = server.client();
    await client.visit();
    const noCsrf = await client.request('POST', '/api/auth/refresh', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: tokens.refresh_token }),
    });
    assert.equal(noCsrf.status, 403);
    // Neither refusal used the token up.
    assert.equal((await refresh(tokens.refresh_token)).status, 200);
  });
});

describe('the idle and absolute limits (service, driven clock)', () => {
  async function serviceAt(clock: { now: Date }, idleTimeoutMinutes = 480, refreshTokenTtlDays = 7) {
    return createAuthService({
      repos: server.app.repos,
      tokens: createTokenService(TEST_TOKEN_SECRET, 900),
      lock: { accountFailures: 100, addressFailures: 100, minutes: 1 },
      refreshTokenTtlDays,
      idleTimeoutMinutes,
      now: () => clock.now,
    });
  }

  test('a sign-in refreshed within the idle limit lives on; one idle for longer ends', async () => {
    const clock = { now: new Date() };
    const auth = await serviceAt(clock);
    const signedIn = await auth.signIn({ username: 'rita', password: PASSWORD }, '198.51.100.7');
    assert.equal(signedIn.kind, 'signed-in');
    let token = signedIn.kind === 'signed-in' ? signedIn.tokens.refresh_token : '';
    for (let hour = 0; hour < 3; hour += 1) {
      clock.now = new Date(clock.now.getTime() + 7 * 3_600_000);
      const result = await auth.refresh(token);
      assert.equal(result.kind, 'refreshed', `refresh after ${7 * (hour + 1)} h`);
      token = result.kind === 'refreshed' ? result.tokens.refresh_token : '';
    }
    clock.now = new Date(clock.now.getTime() + 8 * 3_600_000 + 1000);
    assert.equal((await auth.refresh(token)).kind, 'invalid');
  });

  test('however often refreshed, a sign-in ends at the absolute limit', async () => {
    const clock = { now: new Date() };
    const auth = await serviceAt(clock, 480, 1);
    const signedIn = await auth.signIn({ username: 'rita', password: PASSWORD }, '198.51.100.8');
    let token = signedIn.kind === 'signed-in' ? signedIn.tokens.refresh_token : '';
    for (let step = 0; step < 5; step += 1) {
      clock.now = new Date(clock.now.getTime() + 4 * 3_600_000);
      const result = await auth.refresh(token);
      assert.equal(result.kind, 'refreshed');
      token = result.kind === 'refreshed' ? result.tokens.refresh_token : '';
    }
    clock.now = new Date(clock.now.getTime() + 4 * 3_600_000);
    assert.equal((await auth.refresh(token)).kind, 'invalid');
  });
});
