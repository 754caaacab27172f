// The database refusing writes on PostgreSQL (issue 33): a cluster turned read-only (as a full
// disk or a failover to a standby leaves it, SQLSTATE 25006) makes readiness 503 with the
// writable check failing and posts 503, never a false success nor a 500; once it takes writes
// again, readiness and posts follow by themselves. SQLite's full disk is attacks-database.test.ts.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, test } from 'node:test';
import { sql } from 'kysely';
import { startPostgres } from '../helpers/postgres.ts';
import { startServer } from '../helpers/server.ts';

const cluster = await startPostgres();
after(async () => {
  await cluster?.close();
});

test(
  'PostgreSQL read-only: readiness 503 while writes fail, posts 503 and not stored; back when it takes writes',
  { skip: cluster ? false : 'PostgreSQL is not available here' },
  async (t) => {
    const logLines: string[] = [];
    const server = await startServer({ DATABASE_URL: await cluster!.createDatabase() }, { logLines });
    const db = server.app.database.kysely;
    const feedbackCount = async () =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM feedback`.execute(db)).rows[0]!.n);
    // Every session of the cluster, the site's pooled ones included, turns read-only on reload.
    const readOnly = async (on: boolean) => {
      await sql
        .raw(
          on
            ? 'ALTER SYSTEM SET default_transaction_read_only = on'
            : 'ALTER SYSTEM RESET default_transaction_read_only',
        )
        .execute(db);
      await sql`SELECT pg_reload_conf()`.execute(db);
      await sleep(300);
    };
    try {
      const client = await server.client().visit();
      const readiness = async () => {
        const answer = await fetch(`${server.url}/readyz`);
        return { status: answer.status, body: (await answer.json()) as { checks: Record<string, string> } };
      };
      assert.equal((await readiness()).status, 200);
      const before = await feedbackCount();

      await readOnly(true);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await client.post('/api/Feedback/AddFeedback', { feedback: `Read-only ${i}` })).status);
      t.diagnostic(`post statuses on a read-only database: ${statuses.join(', ')}`);
      assert.deepEqual(statuses, [503, 503, 503, 503, 503]);
      const refused = await readiness();
      assert.equal(refused.status, 503);
      assert.equal(refused.body.checks.writable, 'failing');
      assert.equal(refused.body.checks.database, 'ok', 'reads still work');
      assert.ok(logLines.some((line) => line.includes('database refuses writes')));
      assert.equal(await feedbackCount(), before, 'nothing stored');

      await readOnly(false);
      assert.equal((await readiness()).status, 200);
      assert.equal((await client.post('/api/Feedback/AddFeedback', { feedback: 'Writable again' })).status, 200);
      assert.equal(await feedbackCount(), before + 1);
    } finally {
      await readOnly(false).catch(() => {});
      await server.close();
    }
  },
);
