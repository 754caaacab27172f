// Opens the site's database on one of two engines behind one Kysely interface (decision 013):
// the embedded SQLite file by default, PostgreSQL when DATABASE_URL is set. Engine differences
// live here and in the migrations; repositories are written once against `Kysely<DB>`.
import type { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { checkConnection, createPool, isConnectionError, listen } from './postgres.ts';
import type { DB } from './schema.ts';
import { NodeSqliteDriver, nodeSqliteDialect, openSqliteFile } from './sqlite.ts';

export type Engine = 'sqlite' | 'postgres';

/** Where the data lives: a PostgreSQL URL, or else the SQLite file. */
export type DatabaseTarget = { url?: string | undefined; file: string };

export type Database = {
  engine: Engine;
  kysely: Kysely<DB>;
  /** The raw SQLite handle, for SQLite-only reads (tests, integrity checks); null on PostgreSQL.
   * Writes and maintenance go through Kysely or sqliteExclusive, which know about group commit. */
  sqlite: DatabaseSync | null;
  /** SQLite: runs `work` on the raw handle once pending writes are committed and while nothing
   * else runs (checkpoints, pragmas). PostgreSQL: does nothing. */
  sqliteExclusive(work: (db: DatabaseSync) => void): Promise<void>;
  /** Runs `work` in one transaction: all of it is stored, or none. */
  transaction<T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Resolves when the database commits a write that changes nothing (readiness's probe while
   * writes are failing, db/health.ts); rejects with the database's error otherwise. */
  probeWrite(): Promise<void>;
  /** SQLite: `observer` is told of every failed statement or commit and of every commit.
   * PostgreSQL: does nothing (the error handler tells db/health.ts of its errors). */
  watch(observer: { failed(error: unknown): void; committed(): void }): void;
  /** Tells every instance on this database about a change (PostgreSQL NOTIFY); a no-op on
   * SQLite, where this process is the only one. */
  notify(channel: string, payload: string): Promise<void>;
  /** Calls `onMessage` for every notify() on `channel`, from any instance, this one included;
   * `onReconnect` after a lost listening connection is back. Returns a stop function. */
  listen(
    channel: string,
    handlers: { onMessage(payload: string): void; onReconnect(): void },
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export class DatabaseUnavailableError extends Error {}

/** True when `error` means the database cannot be reached (answer 503 and retry later). */
export const isDatabaseUnavailable = (error: unknown) =>
  error instanceof DatabaseUnavailableError || isConnectionError(error);

/** `poolSize`: PostgreSQL connections at most (10 by default; the beacon listener's thread needs few). */
export async function openDatabase(target: DatabaseTarget, options: { poolSize?: number } = {}): Promise<Database> {
  return target.url ? openPostgres(target.url, options.poolSize) : openSqlite(target.file);
}

function openSqlite(file: string): Database {
  const raw = openSqliteFile(file);
  const driver = new NodeSqliteDriver(raw);
  const kysely = new Kysely<DB>({ dialect: nodeSqliteDialect(driver) });
  const local = new Map<string, Set<(payload: string) => void>>();
  return {
    engine: 'sqlite',
    kysely,
    sqlite: raw,
    sqliteExclusive: (work) => driver.exclusive(work),
    transaction: (work) => kysely.transaction().execute(work),
    async ping() {
      raw.prepare('SELECT 1').get();
    },
    // Rewriting the schema version with its own value writes page 1 again: a write that needs
    // the disk and changes nothing.
    probeWrite: () =>
      driver.exclusive((db) => {
        const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
        db.exec('BEGIN IMMEDIATE');
        try {
          db.exec(`PRAGMA user_version = ${Number(version)}`);
          db.exec('COMMIT');
        } catch (error) {
          if (db.isTransaction) db.exec('ROLLBACK');
          throw error;
        }
      }),
    watch(observer) {
      driver.observer = observer;
    },
    async notify(channel, payload) {
      for (const handler of local.get(channel) ?? []) handler(payload);
    },
    async listen(channel, handlers) {
      const set = local.get(channel) ?? new Set();
      local.set(channel, set);
      set.add(handlers.onMessage);
      return async () => void set.delete(handlers.onMessage);
    },
    async close() {
      if (raw.isOpen) await kysely.destroy();
    },
  };
}

async function openPostgres(url: string, poolSize?: number): Promise<Database> {
  await checkConnection(url);
  const pool = createPool(url, poolSize === undefined ? {} : { max: poolSize });
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const stops: (() => Promise<void>)[] = [];
  return {
    engine: 'postgres',
    kysely,
    sqlite: null,
    async sqliteExclusive() {},
    transaction: (work) => kysely.transaction().execute(work),
    async ping() {
      await sql`SELECT 1`.execute(kysely);
    },
    // Rewriting the newest schema_migrations row with its own values: a real write (a new row
    // version, WAL), refused like any other by a read-only or full cluster, that changes nothing.
    // (txid_current() alone is allowed in a read-only transaction, so it proved nothing.)
    async probeWrite() {
      await sql`UPDATE schema_migrations SET version = version
        WHERE version = (SELECT max(version) FROM schema_migrations)`.execute(kysely);
    },
    watch() {},
    async notify(channel, payload) {
      await sql`SELECT pg_notify(${channel}, ${payload})`.execute(kysely);
    },
    async listen(channel, handlers) {
      const listener = listen(url, channel, handlers);
      await listener.start();
      stops.push(listener.stop);
      return listener.stop;
    },
    async close() {
      await Promise.all(stops.map((stop) => stop()));
      await kysely.destroy();
    },
  };
}
