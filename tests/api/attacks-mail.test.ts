// Mail to an address a visitor typed (issue 33): the demo confirmation goes to whatever address
// was posted, so it carries none of the visitor's words (a phisher's "Your account is suspended"
// never leaves with our sender), and it is capped per recipient per day and per hour overall.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startServer, type TestServer } from '../helpers/server.ts';

const PHISH = 'Your account is suspended. Verify at https://evil.example/login';
const demo = (email: string, i = 0) => ({
  name: `${PHISH} ${i}`,
  job_title: 'Urgent security notice',
  company: 'Evil Example Pty Ltd',
  country: '+61',
  number: '+61 412345678',
  email,
  text: `${PHISH}\nCall +61 400 000 000 now.`,
});

type Row = { kind: string; recipient: string; subject: string; body_text: string };
const rows = (server: TestServer) =>
  server.app.database
    .sqlite!.prepare('SELECT kind, recipient, subject, body_text FROM outbox ORDER BY id')
    .all() as Row[];

async function postDemo(server: TestServer, body: Record<string, string>) {
  const client = await server.client().visit();
  return client.post('/api/RequestDemo', body);
}

describe('the demo confirmation', () => {
  test("holds none of the visitor's words, through the API and the no-JS form", async () => {
    const server = await startServer({}, { pages: true });
    try {
      assert.equal((await postDemo(server, demo('victim@example.com'))).status, 200);
      const client = await server.client().visit('/request-demo');
      const page = await fetch(`${server.url}/request-demo`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `XSRF-TOKEN=${client.csrfToken}` },
        body: new URLSearchParams({
          _csrf: client.csrfToken!,
          ...demo('victim2@example.com', 1),
          country: 'AU',
          number: '412345678',
        }),
      });
      assert.equal(page.status, 303);
      const toVisitors = rows(server).filter((row) => row.recipient.endsWith('@example.com'));
      assert.equal(toVisitors.length, 2);
      for (const row of toVisitors) {
        assert.equal(row.kind, 'demo-confirmation');
        for (const typed of ['suspended', 'evil.example', 'Urgent', 'Evil Example', '412345678', '400 000 000']) {
          assert.ok(
            !row.subject.includes(typed) && !row.body_text.includes(typed),
            `"${typed}" in the email to ${row.recipient}:\n${row.body_text}`,
          );
        }
      }
      // The sales team still gets everything the visitor wrote.
      assert.ok(rows(server).some((row) => row.kind === 'sales-demo' && row.body_text.includes(PHISH)));
    } finally {
      await server.close();
    }
  });

  test('at most 3 a day to one address (any letter case); the requests themselves are all kept', async () => {
    const server = await startServer();
    try {
      for (let i = 0; i < 5; i++)
        assert.equal(
          (await postDemo(server, demo(i % 2 ? 'Target@Example.com' : 'target@example.com', i))).status,
          200,
        );
      assert.equal(server.count('demo_requests'), 5);
      assert.equal(rows(server).filter((row) => row.kind === 'demo-confirmation').length, 3);
      assert.equal(rows(server).filter((row) => row.kind === 'sales-demo').length, 5);
    } finally {
      await server.close();
    }
  });

  test('at most MAIL_VISITOR_PER_HOUR an hour to visitor-typed addresses overall', async () => {
    const server = await startServer({ MAIL_VISITOR_PER_HOUR: '4' });
    try {
      for (let i = 0; i < 7; i++) assert.equal((await postDemo(server, demo(`person${i}@example.com`, i))).status, 200);
      assert.equal(rows(server).filter((row) => row.kind === 'demo-confirmation').length, 4);
    } finally {
      await server.close();
    }
  });
});
