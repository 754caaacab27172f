// Logs are structured, carry request ids, and never hold a password, a token or image bytes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { hashPassword } from '../../server/services/passwords.ts';
import { png } from '../helpers/images.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const PASSWORD = 'a very secret password 42';
const logLines: string[] = [];
let server: TestServer;

before(async () => {
  server = await startServer({}, { logLines });
  await server.app.repos.users.create('alice', await hashPassword(PASSWORD), new Date().toISOString());
});
after(() => server.close());

test('a sign-in, token checks and an upload leave no secret in the log', async () => {
  const client = server.client();
  const signIn = await client.post('/api/SignIn', { username: 'alice', password: PASSWORD });
  assert.equal(signIn.status, 200);
  const { access_token, refresh_token } = signIn.body;
  await client.get('/api/ValidateToken', { authorization: `Bearer ${access_token}` });
  await client.get('/api/ValidateToken', { authorization: 'Bearer forged.token.value' });
  await client.post('/api/SignIn', { username: 'alice', password: 'wrong password here' });

  const image = png(4, 4);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Sam',
    email: 'sam@example.com',
    subject: 'Hi',
    inq_type: '2',
    message: 'Pricing',
  })) {
    form.set(name, value);
  }
  form.set('img', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'a.png');
  assert.equal((await client.postForm('/api/ContactUs', form)).status, 200);

  const log = logLines.join('');
  assert.ok(logLines.length > 10, 'requests were logged');
  for (const line of logLines) {
    const entry = JSON.parse(line);
    if (entry.req || entry.res) assert.ok(entry.reqId, 'request lines carry a request id');
  }
  for (const secret of [
    PASSWORD,
    'wrong password here',
    access_token,
    refresh_token,
    'forged.token.value',
    client.csrfToken!,
  ]) {
    assert.ok(!log.includes(secret), `the log must not contain ${secret.slice(0, 12)}…`);
  }
  assert.ok(!log.includes(image.toString('base64').slice(0, 40)), 'no image bytes');
});
