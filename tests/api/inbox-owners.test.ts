// Owners and bulk changes over real HTTP (issue 21): PUT /:kind/:id/owner, POST /:kind/bulk,
// GET /staff, the owner filters, unread marks, and the email a staff member gets when someone
// else gives them a submission: written to the outbox in the owner change's own transaction,
// only when they have an address, never for taking a submission yourself.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BULK_MAX_IDS, INBOX_MESSAGES } from '../../common/inbox.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import type { ApiClient, ApiResponse } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let client: ApiClient;
const tokens: Record<string, string> = {};
const PASSWORD = 'correct horse battery staple';

before(async () => {
  server = await startServer();
  const hash = await hashPassword(PASSWORD);
  const now = new Date().toISOString();
  await server.app.repos.users.create('alice', hash, now, 'alice@example.com');
  await server.app.repos.users.create('Bob', hash, now, 'bob@example.com');
  await server.app.repos.users.create('carol', hash, now);
  client = await server.client().visit();
  for (const username of ['alice', 'Bob', 'carol']) {
    const response = await server.client().post('/api/SignIn', { username, password: PASSWORD });
    tokens[username] = response.body.access_token;
  }
});
after(() => server.close());

function call(method: string, path: string, as: string, body?: unknown): Promise<ApiResponse> {
  return client.request(method, path, {
    headers: {
      authorization: `Bearer ${tokens[as]}`,
      ...(method === 'GET' ? {} : { ...client.csrfHeader(), 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
const addFeedback = (text: string) =>
  server.app.repos.submissions.insert('feedback', {
    values: { feedback: text },
    isSpam: false,
    createdAt: new Date().toISOString(),
  });
const ownerEmails = () =>
  server.app.database.kysely
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '=', 'owner-assigned')
    .orderBy('id')
    .execute();
const clearOutbox = () => server.app.database.kysely.deleteFrom('outbox').execute();

describe('owners', () => {
  test('PUT owner gives a submission to someone (any case of their name), logs it, and emails them once', async () => {
    await clearOutbox();
    const id = await addFeedback('Please call me back about pricing');
    const response = await call('PUT', `/api/inbox/feedback/${id}/owner`, 'alice', { owner: 'bob' });
    assert.equal(response.status, 200);
    assert.equal(response.body.item.owner, 'Bob');
    assert.deepEqual(
      response.body.events.map((e: Record<string, unknown>) => [e.action, e.username, e.from_owner, e.to_owner]),
      [['owner', 'alice', null, 'Bob']],
    );
    const [email, ...more] = await ownerEmails();
    assert.equal(more.length, 0);
    assert.equal(email?.recipient, 'bob@example.com');
    assert.equal(email?.submission_kind, 'feedback');
    assert.equal(email?.submission_id, id);
    assert.match(email!.subject, /^alice gave you feedback #\d+: Feedback #\d+$/);
    assert.match(email!.body_text, new RegExp(`/inbox/feedback/${id}\\n`));
    // The same owner again changes nothing and sends nothing.
    assert.equal((await call('PUT', `/api/inbox/feedback/${id}/owner`, 'alice', { owner: 'Bob' })).status, 200);
    assert.equal((await ownerEmails()).length, 1);
  });

  test('no email for taking a submission yourself, for an owner without an address, or for nobody', async () => {
    await clearOutbox();
    const id = await addFeedback('x');
    assert.equal((await call('PUT', `/api/inbox/feedback/${id}/owner`, 'alice', { owner: 'alice' })).status, 200);
    assert.equal((await call('PUT', `/api/inbox/feedback/${id}/owner`, 'alice', { owner: 'carol' })).status, 200);
    assert.equal((await call('PUT', `/api/inbox/feedback/${id}/owner`, 'alice', { owner: null })).status, 200);
    assert.equal((await ownerEmails()).length, 0);
  });

  test('unknown owner 400, unknown submission 404; neither stores an email', async () => {
    await clearOutbox();
    const id = await addFeedback('x');
    const unknown = await call('PUT', `/api/inbox/feedback/${id}/owner`, 'alice', { owner: 'nobody-here' });
    assert.equal(unknown.status, 400);
    assert.deepEqual(unknown.body, { errorInfo: INBOX_MESSAGES.unknownOwner });
    assert.equal((await call('PUT', '/api/inbox/feedback/999999/owner', 'alice', { owner: 'bob' })).status, 404);
    assert.equal((await ownerEmails()).length, 0);
  });

  test('the owner filters: mine, nobody, a username; the staff list', async () => {
    const id = await addFeedback('filter me');
    await call('PUT', `/api/inbox/feedback/${id}/owner`, 'alice', { owner: 'carol' });
    const mine = await call('GET', '/api/inbox/feedback?owner=me&status=all&size=100', 'carol');
    assert.ok(mine.body.items.some((item: { id: number }) => item.id === id));
    assert.ok(mine.body.items.every((item: { owner: string }) => item.owner === 'carol'));
    const none = await call('GET', '/api/inbox/feedback?owner=none&size=100', 'alice');
    assert.ok(none.body.items.every((item: { owner: string | null }) => item.owner === null));
    assert.equal((await call('GET', '/api/inbox/feedback?owner=nobody-here', 'alice')).status, 400);
    const staff = await call('GET', '/api/inbox/staff', 'carol');
    assert.deepEqual(staff.body, {
      me: 'carol',
      staff: [{ username: 'alice' }, { username: 'Bob' }, { username: 'carol' }],
    });
  });

  test('opening marks read for the reader only; POST unread marks it unread again', async () => {
    const id = await addFeedback('read me');
    const unread = async (as: string) =>
      (await call('GET', `/api/inbox/feedback?ids=${id}`, as)).body.items.find((item: { id: number }) => item.id === id)
        .unread;
    assert.equal(await unread('alice'), true);
    assert.equal((await call('GET', `/api/inbox/feedback/${id}`, 'alice')).status, 200);
    assert.equal(await unread('alice'), false);
    assert.equal(await unread('carol'), true);
    assert.equal((await call('POST', `/api/inbox/feedback/${id}/unread`, 'alice', {})).status, 200);
    assert.equal(await unread('alice'), true);
  });
});

describe('bulk', () => {
  test('status and owner for many in one go; the new owner gets one email per submission that became theirs', async () => {
    await clearOutbox();
    const ids = [await addFeedback('a'), await addFeedback('b'), await addFeedback('c')];
    await call('PUT', `/api/inbox/feedback/${ids[0]}/owner`, 'carol', { owner: 'bob' });
    await clearOutbox();
    const response = await call('POST', '/api/inbox/feedback/bulk', 'alice', {
      ids,
      owner: 'bob',
      status: 'in_progress',
    });
    assert.equal(response.status, 200);
    assert.equal(response.body.changed, 3);
    const emails = await ownerEmails();
    assert.deepEqual(emails.map((email) => email.submission_id).sort(), [ids[1], ids[2]].sort());
    assert.ok(emails.every((email) => email.recipient === 'bob@example.com'));
  });

  test('an unknown id refuses the lot (404) and stores no email; more than the limit is 400', async () => {
    await clearOutbox();
    const id = await addFeedback('d');
    const response = await call('POST', '/api/inbox/feedback/bulk', 'alice', { ids: [id, 999999], owner: 'bob' });
    assert.equal(response.status, 404);
    assert.equal((await server.app.repos.inbox.find('feedback', id))?.owner, null);
    assert.equal((await ownerEmails()).length, 0);
    const tooMany = Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => i + 1);
    assert.equal((await call('POST', '/api/inbox/feedback/bulk', 'alice', { ids: tooMany, owner: 'bob' })).status, 400);
  });
});
