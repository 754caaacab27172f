// The embedded engine: node:sqlite with the settings that make an answered submission durable,
// and a Kysely dialect for it. Kysely's own SqliteDialect speaks better-sqlite3's statement
// interface and serialises its one connection with a mutex that wakes every waiter on each
// release (fifty concurrent requests cost fifty wake-ups per query: writes ran at a third of
// their speed). This driver prepares each statement once and hands the connection to the next
// waiter in line, O(1).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

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

/** Kysely over a node:sqlite database. */
export function nodeSqliteDialect(db: DatabaseSync): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new NodeSqliteDriver(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (kysely: Kysely<any>) => new SqliteIntrospector(kysely),
  };
}

class NodeSqliteDriver implements Driver {
  readonly #connection: NodeSqliteConnection;
  readonly #db: DatabaseSync;
  #busy = false;
  readonly #waiting: (() => void)[] = [];

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#connection = new NodeSqliteConnection(db);
  }

  async init() {}

  /** The one connection, for one query or one whole transaction at a time: a transaction spans
   * awaits, and nothing else may run inside it meanwhile. */
  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#busy = true;
    return this.#connection;
  }

  async releaseConnection() {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }

  // IMMEDIATE takes the write lock at once, so a command-line tool writing beside the server
  // waits (busy_timeout) instead of failing on a lock upgrade.
  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async destroy() {
    if (this.#db.isOpen) this.#db.close();
  }
}

class NodeSqliteConnection implements DatabaseConnection {
  readonly #db: DatabaseSync;
  readonly #prepared = new Map<string, { statement: StatementSync; reader: boolean }>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  #prepare(sql: string) {
    let entry = this.#prepared.get(sql);
    if (!entry) {
      if (this.#prepared.size >= MAX_PREPARED) this.#prepared.clear();
      const statement = this.#db.prepare(sql);
      entry = { statement, reader: statement.columns().length > 0 };
      this.#prepared.set(sql, entry);
    }
    return entry;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { statement, reader } = this.#prepare(compiled.sql);
    const parameters = compiled.parameters as SQLInputValue[];
    if (reader) return { rows: statement.all(...parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(...parameters);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { statement } = this.#prepare(compiled.sql);
    for (const row of statement.iterate(...(compiled.parameters as SQLInputValue[]))) yield { rows: [row as R] };
  }
}
