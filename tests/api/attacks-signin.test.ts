// Sign-in under attack: 200 wrong passwords against one account, from one address with a new
// X-Forwarded-For each time (ignored: TRUST_PROXY is off by default), and the same behind a
// trusted proxy where every attempt looks like a new address; credential stuffing across many
// usernames from one address; and user enumeration by answer or by time. Issue 33: failures
// lock an (account, address) pair and an address, never the account, so the real person's right
// password from an address that has not failed still signs in (decision 030).
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { test } from 'node:test';
import { CSRF_COOKIE, CSRF_HEADER } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const PASSWORD = 'correct horse battery staple';
const ATTEMPTS = 200;

type Answer = { status: number; body: unknown; ms: number };

/** One sign-in over HTTP, from `localAddress` (any 127.x.y.z reaches the server on loopback). */
async function signIn(
  server: TestServer,
  token: string,
  body: { username: string; password: string },
  options: { xff?: string; localAddress?: string } = {},
): Promise<Answer> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}/api/SignIn`, {
      method: 'POST',
      localAddress: options.localAddress ?? '127.0.0.1',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        cookie: `${CSRF_COOKIE}=${token}`,
        [CSRF_HEADER]: token,
        ...(options.xff ? { 'x-forwarded-for': options.xff } : {}),
      },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, body: JSON.parse(text), ms: performance.now() - started }),
      );
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** A random-looking public address for X-Forwarded-For. */
const forgedAddress = (i: number) => `203.0.${(i >> 8) & 255}.${i & 255}`;

async function serverWithUsers(env: Record<string, string>, usernames: string[]) {
  const server = await startServer(env);
  const hash = await hashPassword(PASSWORD);
  for (const username of usernames) await server.app.repos.users.create(username, hash, new Date().toISOString());
  const token = (await server.client().visit()).csrfToken!;
  return { server, token };
}

const failureKeys = (server: TestServer) =>
  (server.app.database.sqlite!.prepare('SELECT key FROM sign_in_failures ORDER BY key').all() as { key: string }[]).map(
    (row) => row.key,
  );

test(`${ATTEMPTS} wrong passwords from one address with a new X-Forwarded-For each: the address limit, then the pair lock; the victim still signs in elsewhere`, async (t) => {
  // The production defaults for the limits: 10 sign-ins per address per minute, lock after 5.
  const { server, token } = await serverWithUsers(
    { RATE_LIMIT_SIGNIN_PER_MINUTE: '10', SIGNIN_LOCK_AFTER_ACCOUNT_FAILURES: '5' },
    ['victim', 'bystander'],
  );
  try {
    const started = performance.now();
    const answers: Answer[] = [];
    for (let i = 0; i < ATTEMPTS; i++)
      answers.push(
        await signIn(server, token, { username: 'victim', password: `guess-${i}` }, { xff: forgedAddress(i) }),
      );
    const seconds = (performance.now() - started) / 1000;
    t.diagnostic(`${ATTEMPTS} attempts in ${seconds.toFixed(2)} s`);

    const wrong = answers.filter((answer) => answer.status === 401).length;
    const locked = answers.filter(
      (answer) =>
        answer.status === 429 && JSON.stringify(answer.body) === JSON.stringify(['ERROR', MESSAGES.lockedOut]),
    ).length;
    const limited = answers.filter(
      (answer) =>
        answer.status === 429 && JSON.stringify(answer.body) === JSON.stringify(['ERROR', MESSAGES.rateLimited]),
    ).length;
    assert.equal(wrong, 5, 'five passwords were checked, then the account locked for this address');
    assert.equal(locked, 5, 'the locked pair answers 429 until the address limit');
    assert.equal(
      limited,
      ATTEMPTS - 10,
      'every attempt past 10 a minute is refused by the address limit, before any password check',
    );
    assert.ok(answers.every((answer) => answer.status === 401 || answer.status === 429));
    // The forged headers were ignored: only the real address was ever counted.
    assert.deepEqual(failureKeys(server), ['addr:127.0.0.1', 'pair:victim|127.0.0.1', 'user:victim']);
    // Fast enough for CI: the slow-down applies only to the few attempts that reach a password check.
    assert.ok(seconds < 15, `took ${seconds} s`);

    // From another address: the victim's right password signs in at once; so does another user.
    // Each signs in twice, alternately, and the faster of each pair is compared: one sign-in on a
    // loaded machine can take twice another for reasons of its own.
    const other = { localAddress: '127.0.0.2' };
    const victimMs: number[] = [];
    const bystanderMs: number[] = [];
    for (let round = 0; round < 2; round++) {
      const right = await signIn(server, token, { username: 'victim', password: PASSWORD }, other);
      assert.equal(right.status, 200, 'the attacker cannot lock the victim out');
      victimMs.push(right.ms);
      const bystander = await signIn(server, token, { username: 'bystander', password: PASSWORD }, other);
      assert.equal(bystander.status, 200);
      bystanderMs.push(bystander.ms);
    }
    // Nor slow them down: the victim takes about what an untouched account takes (one scrypt).
    const [victim, bystander] = [Math.min(...victimMs), Math.min(...bystanderMs)];
    t.diagnostic(`victim ${Math.round(victim)} ms, bystander ${Math.round(bystander)} ms (faster of two)`);
    assert.ok(victim < bystander * 2 + 150, `victim ${Math.round(victim)} ms vs bystander ${Math.round(bystander)} ms`);
    // The attacker's address stays locked for the victim's account, even with the right password.
    assert.equal((await signIn(server, token, { username: 'victim', password: PASSWORD })).status, 429);
    assert.equal(server.count('refresh_tokens'), 4, 'the victim and the bystander got their sessions');
  } finally {
    await server.close();
  }
});

test('TRUST_PROXY on: guesses spread over 30 forwarded addresses lock each address after one guess once under attack; the victim signs in, and is told', async (t) => {
  const { server, token } = await serverWithUsers(
    { TRUST_PROXY: 'true', RATE_LIMIT_SIGNIN_PER_MINUTE: '10', SIGNIN_LOCK_AFTER_ACCOUNT_FAILURES: '5' },
    ['victim', 'bystander'],
  );
  try {
    await server.app.repos.users.setEmail('victim', 'victim@haulora.example');
    await server.app.repos.users.setEmail('bystander', 'bystander@haulora.example');
    const started = performance.now();
    const answers: Answer[] = [];
    // 30 addresses, two guesses each, ten at a time (a botnet's shape).
    for (let batch = 0; batch < 6; batch++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, j) => {
            const i = batch * 10 + j;
            return signIn(
              server,
              token,
              { username: 'victim', password: `guess-${i}` },
              { xff: forgedAddress(i % 30) },
            );
          }),
        )),
      );
    }
    const seconds = (performance.now() - started) / 1000;
    t.diagnostic(`${answers.length} attempts in ${seconds.toFixed(2)} s`);
    assert.ok(
      answers.every((answer) => answer.status === 401 || answer.status === 429),
      'no 5xx, no sign-in',
    );
    // Under attack from 20 failures on: each address's second guess is refused without a check.
    const checked = answers.filter((answer) => answer.status === 401).length;
    t.diagnostic(`${checked} passwords checked of ${answers.length}`);
    assert.ok(checked < 50, `${checked} passwords checked`);
    const right = await signIn(server, token, { username: 'victim', password: PASSWORD }, { xff: '198.51.100.7' });
    assert.equal(right.status, 200, 'the right password from an address that has not failed signs in');
    const bystander = await signIn(
      server,
      token,
      { username: 'bystander', password: PASSWORD },
      { xff: '198.51.100.8' },
    );
    assert.equal(bystander.status, 200);
    assert.ok(
      right.ms < bystander.ms * 2 + 150,
      `victim ${Math.round(right.ms)} ms vs bystander ${Math.round(bystander.ms)} ms`,
    );
    // The victim is told once per burst, through the outbox; the email names the account and the
    // count, never a guess or an address (an attacker's words do not reach staff mail).
    const alerts = server.app.database
      .sqlite!.prepare(
        "SELECT recipient, subject, body_text, submission_kind, submission_id FROM outbox WHERE kind = 'sign-in-alert'",
      )
      .all() as { recipient: string; subject: string; body_text: string; submission_kind: null; submission_id: null }[];
    assert.equal(alerts.length, 1, 'one alert for the burst');
    const [alert] = alerts;
    assert.equal(alert!.recipient, 'victim@haulora.example');
    assert.match(alert!.subject, /^10 failed sign-ins to your Haulora staff account$/);
    assert.match(alert!.body_text, /\(victim\)/);
    assert.doesNotMatch(alert!.body_text, /guess-|203\.0\.|198\.51\./);
    assert.equal(alert!.submission_kind, null);
    assert.equal(alert!.submission_id, null);
  } finally {
    await server.close();
  }
});

test('a burst of 100 concurrent guesses from one address checks only as many passwords as the lock allows', async () => {
  const { server, token } = await serverWithUsers({ SIGNIN_LOCK_AFTER_ACCOUNT_FAILURES: '5' }, ['victim']);
  try {
    // The right password is in the burst: it must not slip through while the guesses are in flight.
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        signIn(server, token, { username: 'victim', password: i === 99 ? PASSWORD : `guess-${i}` }),
      ),
    );
    assert.equal(answers.filter((answer) => answer.status === 401).length, 5, 'five passwords checked');
    assert.equal(answers.filter((answer) => answer.status === 429).length, 95);
    assert.equal(server.count('refresh_tokens'), 0, 'no session was opened');
    // The victim, from an address of their own, is not locked out.
    assert.equal(
      (await signIn(server, token, { username: 'victim', password: PASSWORD }, { localAddress: '127.0.0.4' })).status,
      200,
    );
  } finally {
    await server.close();
  }
});

test('a right password after fewer failures than the lock signs in and clears the count', async () => {
  const { server, token } = await serverWithUsers(
    { SIGNIN_LOCK_AFTER_ACCOUNT_FAILURES: '5', SIGNIN_LOCK_AFTER_ADDRESS_FAILURES: '5', SIGNIN_LOCK_MINUTES: '15' },
    ['driver'],
  );
  try {
    for (let i = 0; i < 4; i++)
      assert.equal((await signIn(server, token, { username: 'driver', password: `typo-${i}` })).status, 401);
    assert.equal(
      (await signIn(server, token, { username: 'driver', password: PASSWORD })).status,
      200,
      'the fifth attempt, right, signs in',
    );
    // The pair's count is cleared; the address and the account keep their four failures, not five.
    assert.deepEqual(
      server.app.database
        .sqlite!.prepare('SELECT key, failures, locked_until FROM sign_in_failures ORDER BY key')
        .all()
        .map((row) => ({ ...row })),
      [
        { key: 'addr:127.0.0.1', failures: 4, locked_until: null },
        { key: 'user:driver', failures: 4, locked_until: null },
      ],
    );
    assert.equal((await signIn(server, token, { username: 'driver', password: PASSWORD })).status, 200);
  } finally {
    await server.close();
  }
});

test('credential stuffing: wrong passwords for many usernames from one address lock the address', async () => {
  const usernames = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'target'];
  const { server, token } = await serverWithUsers(
    { RATE_LIMIT_SIGNIN_PER_MINUTE: '1000', SIGNIN_LOCK_AFTER_ADDRESS_FAILURES: '6' },
    usernames,
  );
  try {
    const statuses = [];
    for (const username of usernames.slice(0, 6))
      statuses.push(
        (await signIn(server, token, { username, password: 'Password1!' }, { xff: forgedAddress(statuses.length) }))
          .status,
      );
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 401]);
    const locked = await signIn(server, token, { username: 'target', password: PASSWORD }, { xff: '198.51.100.9' });
    assert.equal(locked.status, 429, 'the address is locked, whatever X-Forwarded-For says');
    assert.deepEqual(locked.body, ['ERROR', MESSAGES.lockedOut]);
    assert.equal(
      (await signIn(server, token, { username: 'target', password: PASSWORD }, { localAddress: '127.0.0.3' })).status,
      200,
      'other addresses are unaffected',
    );
  } finally {
    await server.close();
  }
});

test('user enumeration: unknown user and wrong password answer alike, in similar time', async (t) => {
  const TRIES = 10;
  const known = Array.from({ length: TRIES }, (_, i) => `driver${i}`);
  const { server, token } = await serverWithUsers(
    { RATE_LIMIT_SIGNIN_PER_MINUTE: '1000', SIGNIN_LOCK_AFTER_ADDRESS_FAILURES: '1000' },
    known,
  );
  try {
    // Each account is tried once, so no slow-down from earlier failures muddles the timing.
    await signIn(server, token, { username: 'warm-up', password: 'warm-up password' });
    const wrong: Answer[] = [];
    const unknown: Answer[] = [];
    for (let i = 0; i < TRIES; i++) {
      wrong.push(await signIn(server, token, { username: known[i]!, password: 'not the password' }));
      unknown.push(await signIn(server, token, { username: `nobody${i}`, password: 'not the password' }));
    }
    for (const answer of [...wrong, ...unknown]) {
      assert.equal(answer.status, 401);
      assert.deepEqual(answer.body, ['ERROR', MESSAGES.wrongCredentials]);
    }
    const median = (answers: Answer[]) =>
      answers.map((answer) => answer.ms).sort((a, b) => a - b)[Math.floor(answers.length / 2)]!;
    const [wrongMs, unknownMs] = [median(wrong), median(unknown)];
    t.diagnostic(`median wrong password ${wrongMs.toFixed(1)} ms, unknown user ${unknownMs.toFixed(1)} ms`);
    // Both compute one scrypt; without the dummy hash the unknown user would answer in ~1 ms.
    assert.ok(unknownMs > wrongMs * 0.5, `unknown ${unknownMs} ms vs wrong ${wrongMs} ms`);
    assert.ok(
      Math.abs(unknownMs - wrongMs) < Math.max(30, wrongMs * 0.5),
      `unknown ${unknownMs} ms vs wrong ${wrongMs} ms`,
    );
  } finally {
    await server.close();
  }
});
