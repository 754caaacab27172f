// The embedded engine: node:sqlite with the settings that make an answered submission durable,
// handed to Kysely's SqliteDialect through a small adapter (Kysely speaks better-sqlite3's
// statement interface; node:sqlite's differs in how parameters are passed).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export function openSqliteFile(file: string): DatabaseSync {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  // WAL lets pages read while a submission is written; FULL syncs the WAL on every commit,
  // so a row is on disk before the answer that acknowledges it is sent.
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = 5000;
  `);
  return db;
}

/** At most this many distinct statements stay prepared (the queries are built from a few dozen shapes). */
const MAX_PREPARED = 500;

/** node:sqlite as the database Kysely's SqliteDialect expects. Statements are prepared once per
 * SQL text and reused. Kysely opens transactions with a plain BEGIN; IMMEDIATE takes the write
 * lock at once, so a command-line tool writing beside the server waits (busy_timeout) instead of
 * failing on a lock upgrade. */
export function kyselySqliteAdapter(db: DatabaseSync): SqliteDatabase {
  const prepared = new Map<string, SqliteStatement>();
  const wrap = (statement: StatementSync): SqliteStatement => ({
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...(parameters as SqlValue[])),
    run: (parameters) => statement.run(...(parameters as SqlValue[])),
    iterate: (parameters) => statement.iterate(...(parameters as SqlValue[])),
  });
  return {
    close: () => db.close(),
    prepare(sql) {
      const text = sql === 'begin' ? 'BEGIN IMMEDIATE' : sql;
      let statement = prepared.get(text);
      if (!statement) {
        if (prepared.size >= MAX_PREPARED) prepared.clear();
        statement = wrap(db.prepare(text));
        prepared.set(text, statement);
      }
      return statement;
    },
  };
}

type SqlValue = null | number | bigint | string | NodeJS.ArrayBufferView;
