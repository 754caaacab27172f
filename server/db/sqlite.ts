// The embedded engine: node:sqlite with the settings that make an answered submission durable,
// and a Kysely dialect for it (decision 013). Kysely's own SqliteDialect speaks better-sqlite3's
// statement interface and serialises its one connection with a mutex that wakes every waiter on
// each release; this driver hands the connection to the next waiter in line, O(1).
//
// Group commit: with synchronous = FULL every COMMIT waits for an fsync, and one fsync per
// submission was most of a write's cost. Writes that arrive together share one transaction
// and one fsync instead: the first write of a batch opens it (BEGIN IMMEDIATE), the batch is
// committed once the event loop has taken in the requests that were ready (setImmediate) or
// when it holds MAX_BATCH writes, and no caller sees its write's result before the COMMIT that
// makes it durable has returned. An explicit transaction runs inside the batch as a SAVEPOINT,
// so its rollback undoes only its own work.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

/** How long a writer waits for another connection's write lock before it fails. */
const BUSY_TIMEOUT_MS = 5000;

export function openSqliteFile(file: string): DatabaseSync {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  // WAL lets pages read while a submission is written; FULL syncs the WAL on every commit,
  // so a row is on disk before the answer that acknowledges it is sent.
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS};
  `);
  return db;
}

/** At most this many distinct statements stay prepared (the queries are built from a few dozen shapes). */
const MAX_PREPARED = 500;

/** A batch is committed at the latest after this many writes, to bound how long a writer waits. */
const MAX_BATCH = 64;

const SQLITE_BUSY = 5;

/** Statements that only read: they need no batch and do not wait for a commit. */
const READ_ONLY = /^\s*select\b/i;

/** Kysely over a node:sqlite database, with the driver that commits writes in groups. */
export function nodeSqliteDialect(driver: NodeSqliteDriver): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => driver,
    createQueryCompiler: () => new SqliteQueryCompiler(),
    // Kysely's own dialects type the introspector's database as any.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    createIntrospector: (kysely: Kysely<any>) => new SqliteIntrospector(kysely),
  };
}

type Batch = { writes: number; committed: Promise<void>; resolve(): void; reject(error: unknown): void };

export class NodeSqliteDriver implements Driver {
  readonly #db: DatabaseSync;
  readonly #connection: NodeSqliteConnection;
  #busy = false;
  readonly #waiting: (() => void)[] = [];
  /** The open group transaction, if any. */
  #batch: Batch | null = null;
  /** The batch's time is up: commit it as soon as no one holds the connection. */
  #commitDue = false;
  /** The holder wrote something that the next COMMIT makes durable. */
  #holderWrote = false;
  #inTransaction = false;
  /** Told of every failed statement or commit, and of every commit (db/health.ts). */
  observer: { failed(error: unknown): void; committed(): void } | null = null;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#connection = new NodeSqliteConnection(db, this);
  }

  async init() {}

  /** The one connection, for one query or one whole transaction at a time: a transaction spans
   * awaits, and nothing else may run inside it meanwhile. */
  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#busy = true;
    this.#holderWrote = false;
    return this.#connection;
  }

  /** Passes the connection on; a holder that wrote resolves only once its write is committed,
   * so Kysely hands the result to its caller after the fsync. */
  async releaseConnection() {
    const batch = this.#holderWrote ? this.#batch : null;
    this.#holderWrote = false;
    this.#handOff();
    if (batch) await batch.committed;
  }

  async beginTransaction() {
    await this.#openBatch();
    this.#db.exec('SAVEPOINT kysely_transaction');
    this.#inTransaction = true;
  }

  async commitTransaction() {
    this.#inTransaction = false;
    this.#db.exec('RELEASE kysely_transaction');
    if (this.#batch) this.#batch.writes++;
    this.#holderWrote = true;
  }

  async rollbackTransaction() {
    this.#inTransaction = false;
    // A failed statement may have rolled the whole batch back already (a full disk, say).
    if (!this.#checkBatchAlive()) return;
    this.#db.exec('ROLLBACK TO kysely_transaction');
    this.#db.exec('RELEASE kysely_transaction');
  }

  /** Runs `work` on the raw handle with no batch open (maintenance such as a checkpoint). */
  async exclusive<T>(work: (db: DatabaseSync) => T): Promise<T> {
    await this.acquireConnection();
    try {
      if (this.#batch) this.#commit();
      return work(this.#db);
    } finally {
      this.#handOff();
    }
  }

  async destroy() {
    if (!this.#db.isOpen) return;
    await this.exclusive(() => undefined);
    this.#db.close();
  }

  /** Called by the connection before a statement: writes join (or open) the batch. */
  async beforeStatement(sql: string) {
    if (this.#inTransaction || READ_ONLY.test(sql)) return;
    await this.#openBatch();
    this.#batch!.writes++;
    this.#holderWrote = true;
  }

  /** Called by the connection when a statement failed: SQLite may have ended the transaction. */
  afterFailure(error?: unknown) {
    if (error !== undefined) this.observer?.failed(error);
    this.#checkBatchAlive();
  }

  async #openBatch() {
    if (this.#batch) return;
    await this.#beginImmediate();
    const { promise, resolve, reject } = Promise.withResolvers<void>();
    promise.catch(() => {}); // each writer awaits it; this only keeps a failure from being "unhandled"
    this.#batch = { writes: 0, committed: promise, resolve, reject };
    setImmediate(() => {
      if (!this.#batch) return;
      if (this.#busy) this.#commitDue = true;
      else this.#commit();
    });
  }

  /** BEGIN IMMEDIATE without blocking the event loop: while another connection (a command-line
   * tool, or a second app in this process in tests) holds the write lock, wait in short sleeps
   * rather than in SQLite's busy handler, which would stop this process from committing too. */
  async #beginImmediate() {
    const deadline = Date.now() + BUSY_TIMEOUT_MS;
    this.#db.exec('PRAGMA busy_timeout = 0');
    try {
      for (;;) {
        try {
          this.#db.exec('BEGIN IMMEDIATE');
          return;
        } catch (error) {
          if ((error as { errcode?: number }).errcode !== SQLITE_BUSY || Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      }
    } finally {
      this.#db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
  }

  #handOff() {
    if (this.#batch && (this.#commitDue || this.#batch.writes >= MAX_BATCH)) this.#commit();
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }

  #commit() {
    const batch = this.#batch!;
    this.#batch = null;
    this.#commitDue = false;
    try {
      this.#db.exec('COMMIT');
      batch.resolve();
      this.observer?.committed();
    } catch (error) {
      this.observer?.failed(error);
      if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
      batch.reject(error);
    }
  }

  /** False (and the batch's writers told) when SQLite rolled the batch back by itself. */
  #checkBatchAlive(): boolean {
    if (!this.#batch || this.#db.isTransaction) return true;
    const batch = this.#batch;
    this.#batch = null;
    this.#commitDue = false;
    batch.reject(new Error('The database rolled back the transaction after an error.'));
    return false;
  }
}

class NodeSqliteConnection implements DatabaseConnection {
  readonly #db: DatabaseSync;
  readonly #driver: NodeSqliteDriver;
  readonly #prepared = new Map<string, { statement: StatementSync; reader: boolean }>();

  constructor(db: DatabaseSync, driver: NodeSqliteDriver) {
    this.#db = db;
    this.#driver = driver;
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
    await this.#driver.beforeStatement(compiled.sql);
    try {
      if (reader) return { rows: statement.all(...parameters) as R[] };
      const { changes, lastInsertRowid } = statement.run(...parameters);
      return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
    } catch (error) {
      this.#driver.afterFailure(error);
      throw error;
    }
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { statement } = this.#prepare(compiled.sql);
    await this.#driver.beforeStatement(compiled.sql);
    for (const row of statement.iterate(...(compiled.parameters as SQLInputValue[]))) yield { rows: [row as R] };
  }
}
