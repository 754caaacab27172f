// RATE_LIMIT_EXEMPT_ADDRESSES (used by `npm run bench:reliability` for loopback): the listed
// addresses are never rate limited, every other address still is, and the default exempts none.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { test } from 'node:test';
import { CSRF_COOKIE, CSRF_HEADER } from '../../common/constants.ts';
import { loadConfig } from '../../server/config.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

function send(
  server: TestServer,
  localAddress: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<number> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(server.url + path, {
      method,
      localAddress,
      agent: false,
      headers: {
        cookie: `${CSRF_COOKIE}=${token}`,
        [CSRF_HEADER]: token,
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

test('the default exempts no address', () => {
  assert.deepEqual(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/haulora-config-probe', TOKEN_SECRET: 'x'.repeat(32) }).rateLimits
      .exemptAddresses,
    [],
  );
  assert.deepEqual(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/haulora-config-probe',
      TOKEN_SECRET: 'x'.repeat(32),
      RATE_LIMIT_EXEMPT_ADDRESSES: ' 127.0.0.2, ::1 ',
    }).rateLimits.exemptAddresses,
    ['127.0.0.2', '::1'],
  );
});

test('exempt addresses are never limited; others still are', async () => {
  const server = await startServer({
    RATE_LIMIT_PAGES_PER_MINUTE: '3',
    RATE_LIMIT_FORMS_PER_MINUTE: '2',
    RATE_LIMIT_SIGNIN_PER_MINUTE: '2',
    SIGNIN_LOCK_AFTER_ADDRESS_FAILURES: '1000',
    SIGNIN_LOCK_AFTER_ACCOUNT_FAILURES: '1000',
    RATE_LIMIT_EXEMPT_ADDRESSES: '127.0.0.2',
  });
  try {
    const token = (await server.client().visit()).csrfToken!;
    for (const [address, expectLimit] of [
      ['127.0.0.2', false],
      ['127.0.0.3', true],
    ] as const) {
      const reads = [],
        forms = [],
        signIns = [];
      for (let i = 0; i < 6; i++) {
        reads.push(await send(server, address, 'GET', '/api/Faqs/GetAllFromFaqs', token));
        forms.push(
          await send(server, address, 'POST', '/api/Feedback/AddFeedback', token, { feedback: `exempt ${i}` }),
        );
        signIns.push(
          await send(server, address, 'POST', '/api/SignIn', token, {
            username: `user${i}`,
            password: 'a wrong password',
          }),
        );
      }
      assert.equal(reads.includes(429), expectLimit, `${address} reads ${reads}`);
      assert.equal(forms.includes(429), expectLimit, `${address} forms ${forms}`);
      assert.equal(signIns.includes(429), expectLimit, `${address} sign-ins ${signIns}`);
    }
  } finally {
    await server.close();
  }
});
