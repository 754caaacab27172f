// The SQLite driver's group commit (server/db/sqlite.ts): concurrent writes share one COMMIT,
// nobody hears of a write before the COMMIT that makes it durable, and one writer's failure or
// rollback touches nobody else's rows.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, beforeEach, describe, test } from 'node:test';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../server/db/driver.ts';

let dir: string;
let db: Database;
/** Every statement run through the raw handle's exec (BEGIN, COMMIT, SAVEPOINT …), in order. */
let execs: string[] = [];

const insert = (note: string) => sql`INSERT INTO notes (note) VALUES (${note})`.execute(db.kysely);
const stored = () =>
  (db.sqlite!.prepare('SELECT note FROM notes ORDER BY id').all() as { note: string }[]).map((row) => row.note);
const commits = () => execs.filter((statement) => statement === 'COMMIT').length;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
  db = await openDatabase({ file: join(dir, 'test.sqlite') });
  await db.sqliteExclusive((raw) => raw.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, note TEXT NOT NULL UNIQUE)'));
  const raw = db.sqlite!;
  const exec = raw.exec.bind(raw);
  raw.exec = (statement: string) => {
    execs.push(statement);
    return exec(statement);
  };
});

after(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await db.sqliteExclusive((raw) => raw.exec('DELETE FROM notes'));
  execs = [];
});

describe('SQLite group commit', () => {
  test('200 concurrent writes are all stored with far fewer COMMITs than writes', async () => {
    await Promise.all(Array.from({ length: 200 }, (_, i) => insert(`note ${i}`)));
    assert.equal(stored().length, 200);
    assert.ok(commits() >= 1 && commits() <= 200 / 4, `${commits()} COMMITs for 200 writes`);
  });

  test('a lone write is committed before its caller hears of it', async () => {
    await insert('alone');
    assert.equal(execs.at(-1), 'COMMIT');
    assert.equal(db.sqlite!.isTransaction, false);
  });

  test('no write resolves before the COMMIT of its batch', async () => {
    const heard: number[] = [];
    await Promise.all(Array.from({ length: 30 }, (_, i) => insert(`ordered ${i}`).then(() => heard.push(commits()))));
    assert.ok(
      heard.every((count) => count >= 1),
      `results heard before any COMMIT: ${heard.join(',')}`,
    );
  });

  test("one write's constraint error fails only that write", async () => {
    await insert('taken');
    const results = await Promise.allSettled([insert('a'), insert('taken'), insert('b')]);
    assert.deepEqual(
      results.map((result) => result.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    assert.deepEqual(stored(), ['taken', 'a', 'b']);
  });

  test("a rolled-back transaction undoes its own rows and keeps the batch's others", async () => {
    const failing = db
      .transaction(async (trx) => {
        await sql`INSERT INTO notes (note) VALUES ('inside')`.execute(trx);
        throw new Error('changed my mind');
      })
      .catch((error: Error) => error.message);
    const [outcome] = await Promise.all([failing, insert('beside 1'), insert('beside 2')]);
    assert.equal(outcome, 'changed my mind');
    assert.deepEqual(stored().sort(), ['beside 1', 'beside 2']);
  });

  test('a failed COMMIT fails every write of its batch and stores none of them', async () => {
    const raw = db.sqlite!;
    const exec = raw.exec;
    raw.exec = (statement: string) => {
      if (statement === 'COMMIT') {
        raw.exec = exec;
        throw new Error('disk I/O error (simulated)');
      }
      return exec(statement);
    };
    const results = await Promise.allSettled([insert('lost 1'), insert('lost 2')]);
    assert.deepEqual(
      results.map((result) => result.status),
      ['rejected', 'rejected'],
    );
    assert.deepEqual(stored(), []);
    await insert('after');
    assert.deepEqual(stored(), ['after']);
  });

  test("another connection's write lock is waited for without blocking the event loop", async () => {
    const other = new DatabaseSync(join(dir, 'test.sqlite'));
    other.exec('BEGIN IMMEDIATE');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const write = insert('after the lock');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(ticks >= 5, `timers ran ${ticks} times while the write waited`);
    assert.deepEqual(stored(), []);
    other.exec('COMMIT');
    await write;
    clearInterval(timer);
    other.close();
    assert.deepEqual(stored(), ['after the lock']);
  });
});
