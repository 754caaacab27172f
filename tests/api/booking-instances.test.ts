// Demo booking with several real instances of the site on one throwaway PostgreSQL database:
// each instance keeps its computed free times, and a change made on any instance (availability
// here) reaches every other within a second through NOTIFY, so no instance goes on offering
// times that are gone.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, describe, test } from 'node:test';
import { hashPassword } from '../../server/services/passwords.ts';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const cluster: TestPostgres | null = await startPostgres();
after(async () => {
  await cluster?.close();
});
const PASSWORD = 'correct horse battery staple';
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));

describe('free times on several instances', { skip: cluster ? false : 'PostgreSQL is not available here' }, () => {
  test('a change on one instance empties every instance’s free times within a second', async () => {
    const url = await cluster!.createDatabase();
    const instances: TestServer[] = [];
    for (let n = 0; n < 3; n++) instances.push(await startServer({ DATABASE_URL: url }));
    try {
      const [a, b, c] = instances as [TestServer, TestServer, TestServer];
      await a.app.repos.users.create('boss', await hashPassword(PASSWORD), new Date().toISOString(), null, 'admin');
      const token = (await a.client().post('/api/SignIn', { username: 'boss', password: PASSWORD })).body.access_token;
      const put = async (server: TestServer, body: unknown) => {
        const client = await server.client().visit();
        return client.request('PUT', '/api/inbox/availability', {
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...client.csrfHeader() },
          body: JSON.stringify(body),
        });
      };
      const count = async (server: TestServer) =>
        (await server.client().get('/api/demo/slots?tz=UTC&days=3')).body.slots.length as number;

      assert.equal(
        (await put(a, { time_zone: 'Asia/Manila', weekly: ALL_WEEK, days_off: [], meeting_url: null })).status,
        200,
      );
      const offered = await count(a);
      assert.ok(offered > 50, `${offered} slots`);
      // Every instance now holds the list.
      for (const instance of [b, c]) assert.equal(await count(instance), offered);

      assert.equal(
        (await put(b, { time_zone: 'Asia/Manila', weekly: [], days_off: [], meeting_url: null })).status,
        200,
      );
      const deadline = Date.now() + 1000;
      let counts: number[] = [];
      while (Date.now() < deadline) {
        counts = await Promise.all(instances.map(count));
        if (counts.every((n) => n === 0)) break;
        await sleep(50);
      }
      assert.deepEqual(counts, [0, 0, 0]);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});
