// Staff sign-in over real HTTP: tokens, validation, sign-out, expiry, lockout.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SignJWT } from 'jose';
import { MESSAGES } from '../../common/messages.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { startServer, TEST_TOKEN_SECRET, type TestServer } from '../helpers/server.ts';

let server: TestServer;
const PASSWORD = 'correct horse battery staple';

before(async () => {
  server = await startServer({ SIGNIN_LOCK_AFTER_ACCOUNT_FAILURES: '3', SIGNIN_LOCK_MINUTES: '15' });
  const hash = await hashPassword(PASSWORD);
  for (const username of ['alice', 'bob', 'carol', 'dave', 'erin'])
    await server.app.repos.users.create(username, hash, new Date().toISOString());
});
after(() => server.close());

async function signIn(username: string, password = PASSWORD) {
  return server.client().post('/api/SignIn', { username, password });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/SignIn', () => {
  test('answers the token fields, never cached; the refresh token is stored only as a hash', async () => {
    const response = await signIn('  alice ');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const { access_token, refresh_token, token_type, expires_in } = response.body;
    assert.equal(token_type, 'Bearer');
    assert.equal(expires_in, 900);
    assert.match(access_token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    assert.match(refresh_token, /^[\w-]{43}$/);
    const stored = server.app.database.sqlite!.prepare('SELECT token_hash FROM refresh_tokens').all() as {
      token_hash: string;
    }[];
    assert.ok(stored.length >= 1);
    assert.ok(stored.every((row) => row.token_hash !== refresh_token && row.token_hash.length === 64));
  });

  test("empty fields: 400 ['ERROR', 'All fields are required!']", async () => {
    for (const body of [
      {},
      { username: '', password: '' },
      { username: 'alice' },
      { username: ' ', password: 'x' },
      { username: 1, password: 2 },
    ]) {
      const response = await server.client().post('/api/SignIn', body);
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, ['ERROR', MESSAGES.allFieldsRequired]);
    }
  });

  test("wrong password and unknown user get the same 401 ['ERROR', msg]", async () => {
    const wrong = await signIn('bob', 'not the password');
    const unknown = await signIn('nobody-here', 'not the password');
    assert.equal(wrong.status, 401);
    assert.deepEqual(wrong.body, ['ERROR', MESSAGES.wrongCredentials]);
    assert.equal(unknown.status, wrong.status);
    assert.deepEqual(unknown.body, wrong.body);
  });
});

describe('ValidateToken and SignOut', () => {
  test('sign in, validate, sign out, then the token is refused', async () => {
    const { access_token } = (await signIn('carol')).body;
    const client = server.client();

    const valid = await client.get('/api/ValidateToken', bearer(access_token));
    assert.equal(valid.status, 200);
    assert.equal(valid.body.username, 'carol');
    assert.ok(Date.parse(valid.body.expires_at) > Date.now());
    assert.equal(valid.headers.get('cache-control'), 'no-store');

    const signedOut = await client.get('/api/SignOut', bearer(access_token));
    assert.equal(signedOut.status, 200);
    assert.deepEqual(signedOut.body, ['SUCCESS', MESSAGES.signedOut]);
    const revoked = server.app.database
      .sqlite!.prepare('SELECT revoked_at FROM refresh_tokens WHERE revoked_at IS NOT NULL')
      .all();
    assert.ok(revoked.length >= 1);

    const after = await client.get('/api/ValidateToken', bearer(access_token));
    assert.equal(after.status, 401);
    assert.deepEqual(after.body, { errorInfo: MESSAGES.tokenInvalid });
    assert.equal((await client.get('/api/SignOut', bearer(access_token))).status, 401);
  });

  test('missing, malformed, forged and expired tokens are refused with 401 {errorInfo}', async () => {
    const { access_token } = (await signIn('alice')).body;
    const [header, payload] = access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const key = new TextEncoder().encode(TEST_TOKEN_SECRET);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(key);
    const alteredPayload = Buffer.from(JSON.stringify({ ...claims, username: 'mallory' })).toString('base64url');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-123'));

    const client = server.client();
    for (const [label, headers] of [
      ['no header', {}],
      ['not bearer', { authorization: `Basic ${access_token}` }],
      ['garbage', bearer('not-a-token')],
      ['expired', bearer(expired)],
      ['altered payload', bearer(`${header}.${alteredPayload}.${access_token.split('.')[2]}`)],
      ['alg none', bearer(unsigned)],
      ['wrong key', bearer(wrongKey)],
      ['refresh token as access', bearer((await signIn('alice')).body.refresh_token)],
    ] as const) {
      const response = await client.get('/api/ValidateToken', headers);
      assert.equal(response.status, 401, label);
      assert.deepEqual(response.body, { errorInfo: MESSAGES.tokenInvalid }, label);
    }
  });

  test('disabling a user revokes their tokens', async () => {
    const { access_token } = (await signIn('dave')).body;
    const at = new Date().toISOString();
    const user = (await server.app.repos.users.findByUsername('dave'))!;
    await server.app.repos.users.disable('dave', at);
    await server.app.repos.sessions.revokeAllForUser(user.id, at);
    assert.equal((await server.client().get('/api/ValidateToken', bearer(access_token))).status, 401);
    assert.equal((await signIn('dave')).status, 401);
  });
});

describe('repeated failures', () => {
  test('lock the account after the configured number; the right password is then refused; others unaffected', async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      assert.equal((await signIn('erin', `wrong-${attempt}`)).status, 401, `attempt ${attempt}`);
    }
    const locked = await signIn('erin');
    assert.equal(locked.status, 429);
    assert.deepEqual(locked.body, ['ERROR', MESSAGES.lockedOut]);
    assert.equal((await signIn('alice')).status, 200);
  });
});
