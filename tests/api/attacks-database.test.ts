// The database failing under the site (issue 33): a full disk (a 6 MB tmpfs filled up; where
// mounting is not allowed the test says so and skips) turns readiness 503 while writes fail and
// back once space is freed, answers refused posts with 503 (never a false success, never a
// 500), and staff can still sign in (the failure counters are best effort, and the session goes
// into the space the disk reserve kept aside); a file damaged in
// the middle is found at start, readiness 503 with a clear log line.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { CSRF_COOKIE, CSRF_HEADER } from '../../common/constants.ts';
import { RESERVE_BYTES, RESERVE_FILE } from '../../server/db/disk-reserve.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const PASSWORD = 'a long staff password';

async function readiness(server: TestServer) {
  const answer = await fetch(`${server.url}/readyz`);
  return { status: answer.status, body: (await answer.json()) as { checks: Record<string, string> } };
}

async function signIn(server: TestServer, token: string, password = PASSWORD) {
  const answer = await fetch(`${server.url}/api/SignIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token },
    body: JSON.stringify({ username: 'maria', password }),
  });
  await answer.arrayBuffer();
  return answer.status;
}

test('disk full: readiness 503 while writes fail, posts 503 and not stored, sign-in still works; back once space is freed', async (t) => {
  const mount = await mkdtemp(join(tmpdir(), 'haulora-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', mount], { stdio: 'ignore' });
  } catch {
    await rm(mount, { recursive: true, force: true });
    t.skip('mounting a tmpfs is not allowed here (needs root)');
    return;
  }
  const logLines: string[] = [];
  let server: TestServer | undefined;
  try {
    server = await startServer({ DATA_DIR: mount }, { logLines });
    await server.app.repos.users.create('maria', await hashPassword(PASSWORD), new Date().toISOString());
    const client = await server.client().visit();
    const token = client.csrfToken!;
    assert.equal((await readiness(server)).status, 200);

    // Fill the disk, then post until the database refuses.
    const filler = join(mount, 'filler');
    const fd = openSync(filler, 'w');
    try {
      const block = Buffer.alloc(64 * 1024, 1);
      for (;;) writeSync(fd, block);
    } catch {
      // ENOSPC: the disk is full.
    } finally {
      closeSync(fd);
    }
    const statuses: number[] = [];
    const before = server.count('feedback');
    for (let i = 0; i < 40; i++)
      statuses.push((await client.post('/api/Feedback/AddFeedback', { feedback: `Feedback ${i} `.repeat(60) })).status);
    t.diagnostic(`post statuses on a full disk: ${[...new Set(statuses)].join(', ')}`);
    assert.ok(
      statuses.every((status) => status === 200 || status === 503),
      `statuses ${statuses.join(',')}`,
    );
    assert.ok(statuses.includes(503), 'the full disk refused some writes');
    assert.equal(
      server.count('feedback') - before,
      statuses.filter((status) => status === 200).length,
      'no false success',
    );
    const full = await readiness(server);
    assert.equal(full.status, 503);
    assert.equal(full.body.checks.writable, 'failing');
    assert.ok(
      logLines.some((line) => line.includes('database refuses writes')),
      'a clear log line',
    );

    // Staff still sign in: the wrong password is refused, the right one works, its session
    // stored in the space the disk reserve kept aside (released only now, for the sign-in).
    const reserve = join(mount, RESERVE_FILE);
    assert.equal((await stat(reserve)).size, RESERVE_BYTES, 'the reserve was made at start');
    assert.equal(await signIn(server, token, 'wrong password'), 401);
    assert.equal(await signIn(server, token), 200);
    await assert.rejects(stat(reserve), 'the reserve was released for it');
    assert.ok(logLines.some((line) => line.includes('disk reserve was released')));

    await rm(filler);
    const back = await readiness(server);
    assert.equal(back.status, 200, JSON.stringify(back.body));
    assert.equal(
      (await client.post('/api/Feedback/AddFeedback', { feedback: 'After the disk was freed' })).status,
      200,
    );
    assert.equal(await signIn(server, token), 200);
    // Once the disk has room again, readiness makes the reserve again.
    await readiness(server);
    await assert.doesNotReject(async () => {
      for (let i = 0; i < 50 && !(await stat(reserve).catch(() => null)); i++) await sleep(20);
      assert.equal((await stat(reserve)).size, RESERVE_BYTES);
    });
  } finally {
    await server?.app.close();
    execFileSync('umount', [mount]);
    await rm(mount, { recursive: true, force: true });
  }
});

test('a file damaged in the middle is found at start: readiness 503, a clear log line', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'haulora-damaged-'));
  try {
    // A database of a few hundred pages, closed cleanly.
    let server = await startServer({ DATA_DIR: dataDir });
    const file = server.config.database.file;
    try {
      await server.app.database.sqliteExclusive((db) => {
        const insert = db.prepare('INSERT INTO feedback (feedback, created_at) VALUES (?, ?)');
        db.exec('BEGIN');
        for (let i = 0; i < 3000; i++) insert.run(`Feedback number ${i} `.repeat(10), new Date().toISOString());
        db.exec('COMMIT');
      });
    } finally {
      await server.app.close();
    }
    // 8 KB of garbage over the middle of the file.
    const size = (await stat(file)).size;
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(8192, 0xa5), 0, 8192, Math.floor(size / 2 / 4096) * 4096);
    closeSync(fd);

    const logLines: string[] = [];
    server = await startServer({ DATA_DIR: dataDir }, { logLines });
    try {
      const ready = await readiness(server);
      assert.equal(ready.status, 503);
      assert.equal(ready.body.checks.integrity, 'failing');
      assert.ok(
        logLines.some((line) => line.includes('database file is damaged')),
        'a clear log line',
      );
    } finally {
      await server.app.close();
    }
    // A sound file starts ready.
    const sound = await mkdtemp(join(tmpdir(), 'haulora-sound-'));
    const fine = await startServer({ DATA_DIR: sound });
    try {
      assert.equal((await readiness(fine)).status, 200);
    } finally {
      await fine.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('a corruption error met at run time turns readiness 503', async () => {
  const server = await startServer();
  try {
    assert.equal((await readiness(server)).status, 200);
    // What node:sqlite raises for SQLITE_CORRUPT (11), as the driver reports it.
    server.app.databaseHealth.observe(Object.assign(new Error('database disk image is malformed'), { errcode: 11 }));
    const ready = await readiness(server);
    assert.equal(ready.status, 503);
    assert.equal(ready.body.checks.integrity, 'failing');
  } finally {
    await server.close();
  }
});
