// Backups taken while the site writes, restored into a fresh data folder: every submission
// acknowledged before the backup began is there. Restores refuse what must not be restored.
// And the server's own daily retention purge, logged with its counts.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '../../scripts/lib/server-process.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer } from '../helpers/server.ts';

const dataScript = fileURLToPath(new URL('../../scripts/data.ts', import.meta.url));
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'haulora-backup-'));
  folders.push(dir);
  return dir;
};
after(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function data(args: string[], dataDir: string) {
  return spawnSync(process.execPath, [dataScript, ...args], {
    env: { ...process.env, NODE_TEST_CONTEXT: '', NODE_ENV: 'test', DATA_DIR: dataDir, TOKEN_SECRET: 'x'.repeat(40) },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

const storedFeedback = (file: string) => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return new Set(
      (db.prepare('SELECT feedback FROM feedback').all() as { feedback: string }[]).map((row) => row.feedback),
    );
  } finally {
    db.close();
  }
};

test('a backup taken while 4 writers post holds every submission acknowledged before it began', async () => {
  const live = folder();
  const server = await startServerProcess({ dataDir: live, apiOnly: true });
  const acknowledged: { text: string; at: number }[] = [];
  let writing = true;
  const writer = async (n: number) => {
    const client = await new ApiClient(server.url).visit();
    for (let i = 0; writing; i++) {
      const text = `writer ${n} post ${i}`;
      const answer = await client.post('/api/Feedback/AddFeedback', { feedback: text });
      if (answer.status === 200) acknowledged.push({ text, at: Date.now() });
    }
  };
  const writers = [0, 1, 2, 3].map(writer);
  try {
    while (acknowledged.length < 40) await sleep(50);
    const backupFile = join(folder(), 'haulora-backup.sqlite');
    const began = Date.now();
    const result = data(['backup', backupFile], live);
    assert.equal(result.status, 0, result.stderr);
    assert.match(
      result.stdout,
      /^Backed up .* to .*haulora-backup\.sqlite \(\d+ pages\), checked with integrity_check\./,
    );
    await sleep(300);
    writing = false;
    await Promise.all(writers);
    const before = acknowledged.filter((ack) => ack.at < began);
    assert.ok(before.length >= 40, `writers were busy before the backup (${before.length} acknowledged)`);
    assert.ok(acknowledged.length > before.length, 'and kept writing during and after it');

    // A second backup to the same name is refused rather than overwritten.
    assert.equal(data(['backup', backupFile], live).status, 1);
    // Restoring into the running server's folder is refused.
    const refused = data(['restore', backupFile], live);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /^The server \(process \d+\) is using .*: stop it, then restore\./);

    const fresh = folder();
    const restored = data(['restore', backupFile], fresh);
    assert.equal(restored.status, 0, restored.stderr);
    const restartedOnCopy = await startServerProcess({ dataDir: fresh, apiOnly: true });
    try {
      const answer = await new ApiClient(restartedOnCopy.url).get('/readyz');
      assert.equal(answer.status, 200);
    } finally {
      await restartedOnCopy.stop('SIGTERM');
    }
    const rows = storedFeedback(join(fresh, 'haulora.sqlite'));
    const missing = before.filter((ack) => !rows.has(ack.text));
    assert.deepEqual(missing, [], 'every submission acknowledged before the backup began is in it');
  } finally {
    writing = false;
    await Promise.all(writers).catch(() => {});
    await server.stop('SIGTERM');
  }
});

test('a restore refuses a damaged file, a file that is not ours, and a newer schema; it keeps what it replaces', async () => {
  const dir = folder();
  // A data folder with a database, made by a command that opens (and migrates) it.
  assert.equal(data(['purge', '--dry-run'], dir).status, 0);
  const good = join(folder(), 'good.sqlite');
  assert.equal(data(['backup', good], dir).status, 0);

  const garbage = join(dir, 'garbage.sqlite');
  writeFileSync(garbage, 'SQLite format 3\u0000 but then nothing sensible at all'.repeat(100));
  assert.match(
    data(['restore', garbage], dir).stderr,
    /garbage\.sqlite (is not a readable SQLite database|cannot be opened)/,
  );

  const foreign = join(dir, 'foreign.sqlite');
  new DatabaseSync(foreign).exec('CREATE TABLE notes (body TEXT)');
  assert.match(data(['restore', foreign], dir).stderr, /is not a Haulora website database\./);

  const newer = join(dir, 'newer.sqlite');
  assert.equal(data(['backup', newer], dir).status, 0);
  const bump = new DatabaseSync(newer);
  bump.exec('PRAGMA user_version = 999');
  bump.close();
  assert.match(data(['restore', newer], dir).stderr, /has schema version 999, newer than this code's \d+/);
  assert.match(data(['restore', join(dir, 'absent.sqlite')], dir).stderr, /absent\.sqlite does not exist\./);

  const ok = data(['restore', good], dir);
  assert.equal(ok.status, 0, ok.stderr);
  const kept = /kept as (\S+)\.$/m.exec(ok.stdout)?.[1];
  assert.ok(kept && existsSync(kept), 'the replaced database is kept');
});

test('the server purges submissions older than RETENTION_MONTHS by itself at start, and logs the counts', async () => {
  const dir = folder();
  const first = await startServer({ DATA_DIR: dir });
  const old = new Date(Date.now() - 3 * 365 * 86_400_000).toISOString();
  await first.app.repos.submissions.insert('feedback', {
    values: { feedback: 'from long ago' },
    isSpam: false,
    createdAt: old,
  });
  await first.app.repos.submissions.insert('feedback', {
    values: { feedback: 'from today' },
    isSpam: false,
    createdAt: new Date().toISOString(),
  });
  await first.app.close();

  const logLines: string[] = [];
  const second = await startServer({ DATA_DIR: dir, RETENTION_MONTHS: '24' }, { logLines });
  try {
    const deadline = Date.now() + 5_000;
    let entry: { counts?: Record<string, number> } | undefined;
    while (!entry && Date.now() < deadline) {
      entry = logLines.map((line) => JSON.parse(line)).find((line) => line.msg === 'retention purge');
      if (!entry) await sleep(20);
    }
    assert.ok(entry, 'a retention purge log line');
    assert.equal(entry.counts?.feedback, 1);
    const page = await second.app.repos.inbox.list('feedback', { status: 'all' }, 1, 10);
    assert.deepEqual(
      page.rows.map((row) => row.values.feedback),
      ['from today'],
    );
  } finally {
    await second.close();
  }

  const off = await startServer({ RETENTION_PURGE: 'false' }, { logLines: [] });
  await off.close();
});
