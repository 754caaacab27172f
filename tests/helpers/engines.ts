// Both database engines for suites that must hold on each: an in-memory SQLite database, and a
// fresh database on a throwaway PostgreSQL cluster (tests/helpers/postgres.ts; left out only
// where PostgreSQL cannot be had and the run does not require it, which it says). Each open()
// gives a new, migrated database; everything is closed and removed after the file's tests.
import { after } from 'node:test';
import { sql } from 'kysely';
import { type Database, type Engine, openDatabase } from '../../server/db/driver.ts';
import { migrate } from '../../server/db/migrate.ts';
import { startPostgres } from './postgres.ts';

export type EngineSuite = {
  engine: Engine;
  /** A new database with every migration applied (unless `migrated` is false); `poolSize` as
   * openDatabase takes it (PostgreSQL only). */
  open(options?: { migrated?: boolean; poolSize?: number }): Promise<Database>;
};

/** Call at the top level of a test file: `for (const suite of await engineSuites()) describe(…)`. */
export async function engineSuites(): Promise<EngineSuite[]> {
  const opened: Database[] = [];
  const cluster = await startPostgres();
  after(async () => {
    for (const db of opened) await db.close().catch(() => {});
    await cluster?.close();
  });
  const suite = (engine: Engine, target: () => Promise<{ url?: string; file: string }>): EngineSuite => ({
    engine,
    async open(options = {}) {
      const db = await openDatabase(await target(), { poolSize: options.poolSize });
      opened.push(db);
      if (options.migrated ?? true) await migrate(db);
      return db;
    },
  });
  return [
    suite('sqlite', async () => ({ file: ':memory:' })),
    ...(cluster ? [suite('postgres', async () => ({ url: await cluster.createDatabase(), file: '' }))] : []),
  ];
}

/** Rows of a plain SQL query, on either engine. */
export async function rows<T = Record<string, unknown>>(db: Database, query: string): Promise<T[]> {
  return (await sql.raw<T>(query).execute(db.kysely)).rows;
}
