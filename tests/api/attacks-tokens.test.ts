// Forged and replayed access tokens against every call that takes one (ValidateToken, SignOut,
// and the staff inbox when it is there): each is a 401 in the route's shape, and no token value
// ever reaches the log.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { SignJWT } from 'jose';
import { MESSAGES } from '../../common/messages.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { startServer, TEST_TOKEN_SECRET, type TestServer } from '../helpers/server.ts';
import { signInAs, STAFF_PASSWORD } from '../helpers/staff.ts';

const PASSWORD = STAFF_PASSWORD;
const KEY = new TextEncoder().encode(TEST_TOKEN_SECRET);
const logLines: string[] = [];
/** Every token value the test sends; none may appear in the log. */
const sentTokens = new Set<string>();

let server: TestServer;
after(() => server.close());

async function signIn(username: string) {
  const { tokens } = await signInAs(server, username);
  sentTokens.add(tokens.access_token).add(tokens.refresh_token);
  return tokens;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const now = () => Math.floor(Date.now() / 1000);

/** Signs claims with our real secret (as a leaked-key or logic-bug attacker could) and a chosen header. */
const sign = (claims: Record<string, unknown>, alg = 'HS256', key = KEY) =>
  new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);

/** The calls that take a bearer token, and the shape of their refusal. */
let calls: { path: string; refusal: unknown }[] = [
  { path: '/api/ValidateToken', refusal: { errorInfo: MESSAGES.tokenInvalid } },
  { path: '/api/SignOut', refusal: { errorInfo: MESSAGES.tokenInvalid } },
];

before(async () => {
  server = await startServer({}, { logLines });
  const hash = await hashPassword(PASSWORD);
  for (const username of ['alice', 'bob', 'carol', 'dave', 'erin'])
    await server.app.repos.users.create(username, hash, new Date().toISOString());
  // The staff inbox is another issue's; it joins the list as soon as it is served.
  const { access_token } = await signIn('erin');
  const inbox = await server.client().get('/api/inbox/summary', { authorization: `Bearer ${access_token}` });
  if (inbox.status !== 404) {
    const refused = await server.client().get('/api/inbox/summary');
    calls = [...calls, { path: '/api/inbox/summary', refusal: refused.body }];
  }
});

async function assertRefusedEverywhere(label: string, token: string) {
  sentTokens.add(token);
  for (const { path, refusal } of calls) {
    const response = await server.client().get(path, { authorization: `Bearer ${token}` });
    assert.equal(response.status, 401, `${label} on ${path}: ${response.text}`);
    assert.deepEqual(response.body, refusal, `${label} on ${path}`);
  }
}

describe('forged tokens', () => {
  test('alg none, altered payloads, wrong keys and algorithms, bad times, wrong claims: all 401', async (t) => {
    t.diagnostic(`calls checked: ${calls.map((call) => call.path).join(', ')}`);
    const { access_token, refresh_token } = await signIn('alice');
    const [header, payload, signature] = access_token.split('.') as [string, string, string];
    const claims = decode(access_token);
    const bobSession = decode((await signIn('bob')).access_token);
    const otherKey = new TextEncoder().encode('another-secret-that-is-also-long-enough-1234');
    const forged: [string, string][] = [
      ['alg none, no signature', `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`],
      ['alg none, original signature kept', `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`],
      ['alg NONE', `${b64({ alg: 'NONE' })}.${payload}.`],
      ['payload altered (username)', `${header}.${b64({ ...claims, username: 'mallory' })}.${signature}`],
      ['payload altered (sub)', `${header}.${b64({ ...claims, sub: '2' })}.${signature}`],
      ['payload altered (exp extended)', `${header}.${b64({ ...claims, exp: now() + 86_400 })}.${signature}`],
      ['signature flipped', `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`],
      ['signature removed', `${header}.${payload}.`],
      ['signed with another key', await sign(claims, 'HS256', otherKey)],
      ['HS512 with our secret', await sign(claims, 'HS512')],
      ['HS384 with our secret', await sign(claims, 'HS384')],
      ['expired', await sign({ ...claims, iat: now() - 7200, nbf: now() - 7200, exp: now() - 10 })],
      ['not yet valid (nbf in the future)', await sign({ ...claims, nbf: now() + 3600, exp: now() + 7200 })],
      ['issued in the future (iat)', await sign({ ...claims, iat: now() + 3600, exp: now() + 7200 })],
      ['no exp', await sign(Object.fromEntries(Object.entries(claims).filter(([name]) => name !== 'exp')))],
      ['wrong type (refresh)', await sign({ ...claims, typ: 'refresh' })],
      ['no type', await sign(Object.fromEntries(Object.entries(claims).filter(([name]) => name !== 'typ')))],
      ['wrong issuer', await sign({ ...claims, iss: 'someone-else' })],
      ['wrong audience', await sign({ ...claims, aud: 'haulora-admin' })],
      ['no session id', await sign(Object.fromEntries(Object.entries(claims).filter(([name]) => name !== 'sid')))],
      ['unknown session id', await sign({ ...claims, sid: 'AAAAAAAAAAAAAAAAAAAAAA' })],
      ["another user's session", await sign({ ...claims, sid: bobSession.sid })],
      ['non-numeric subject', await sign({ ...claims, sub: '1 OR 1=1' })],
      ['refresh token used as access token', refresh_token],
      ['two tokens joined', `${access_token}.${access_token}`],
      ['JSON instead of a JWT', b64(claims)],
    ];
    for (const [label, token] of forged) await assertRefusedEverywhere(label, token);
    // The genuine token still works: the refusals above were about the forgeries, not the session.
    assert.equal(
      (await server.client().get('/api/ValidateToken', { authorization: `Bearer ${access_token}` })).status,
      200,
    );
  });

  test('malformed Authorization headers: 401', async () => {
    const { access_token } = await signIn('alice');
    for (const value of [
      '',
      'Bearer',
      'Bearer ',
      `bearer${access_token}`,
      `Basic ${access_token}`,
      `Bearer ${access_token} extra`,
      `Bearer ${'a'.repeat(5000)}`,
      `Bearer ${access_token}\u0000`,
    ]) {
      for (const { path } of calls) {
        const response = await fetch(server.url + path, { headers: { authorization: value.replace('\u0000', '%00') } });
        await response.arrayBuffer();
        assert.equal(response.status, 401, `${JSON.stringify(value.slice(0, 30))} on ${path}`);
      }
    }
  });
});

describe('replayed tokens', () => {
  test('after sign-out, the access token is refused everywhere', async () => {
    const { access_token } = await signIn('carol');
    assert.equal((await server.client().get('/api/SignOut', { authorization: `Bearer ${access_token}` })).status, 200);
    await assertRefusedEverywhere('after sign-out', access_token);
  });

  test('after the user is disabled with `npm run user:disable`, their tokens are refused and they cannot sign in', async () => {
    const first = await signIn('dave');
    const second = await signIn('dave');
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/users.ts', 'disable', 'dave'], {
      env: { ...process.env, DATA_DIR: server.dataDir, TOKEN_SECRET: TEST_TOKEN_SECRET, NODE_ENV: 'test' },
    });
    assert.match(stdout, /dave/);
    await assertRefusedEverywhere('disabled user, first session', first.access_token);
    await assertRefusedEverywhere('disabled user, second session', second.access_token);
    const again = await server.client().post('/api/SignIn', { username: 'dave', password: PASSWORD });
    assert.equal(again.status, 401);
    assert.deepEqual(again.body, ['ERROR', MESSAGES.wrongCredentials]);
  });
});

test('no token value reaches the log', () => {
  const log = logLines.join('');
  assert.ok(logLines.length > 50, 'requests were logged');
  for (const token of sentTokens) {
    // Each part of a JWT is checked too: a logged payload or signature alone would be as bad.
    for (const part of [token, ...token.split('.').filter((piece) => piece.length >= 16)]) {
      assert.ok(!log.includes(part), `the log holds ${part.slice(0, 16)}…`);
    }
  }
});
