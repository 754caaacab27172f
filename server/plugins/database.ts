// Opens the database (SQLite by default, PostgreSQL with DATABASE_URL), applies the migrations,
// seeds the FAQ and glossary, and decorates the app with the database and its repositories.
// The connection is closed last when the server shuts down.
import type { FastifyInstance } from 'fastify';
import { dirname } from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from '../db/driver.ts';
import { createDiskReserve, type DiskReserve } from '../db/disk-reserve.ts';
import { createDatabaseHealth, type DatabaseHealth } from '../db/health.ts';
import { checkSqliteIntegrity } from '../db/integrity.ts';
import { migrate } from '../db/migrate.ts';
import { createRepositories, type Repositories } from '../db/repositories/index.ts';
import { seedContent } from '../db/seed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    repos: Repositories;
    /** The file's integrity and whether it takes writes, for readiness (db/health.ts). */
    databaseHealth: DatabaseHealth;
    /** Space kept aside so staff can sign in on a full disk (SQLite file only; db/disk-reserve.ts). */
    diskReserve: DiskReserve | null;
  }
}

/** The database could not be opened at start: the message names the problem, never the password. */
export class DatabaseStartError extends Error {}

export default fp(
  async function database(app: FastifyInstance, options: { config: Config }) {
    const { config } = options;
    let db: Database;
    try {
      db = await openDatabase(config.database);
    } catch (error) {
      throw new DatabaseStartError(
        config.database.url
          ? `DATABASE_URL: ${(error as Error).message}`
          : `${config.database.file}: ${(error as Error).message}`,
      );
    }
    app.addHook('onClose', async () => {
      await db.close();
    });
    const health = createDatabaseHealth(app.log);
    db.watch({ failed: (error) => health.observe(error), committed: () => health.wrote() });
    // A damaged file is found before it is served (decision 032).
    if (db.sqlite && config.database.file !== ':memory:') {
      await checkSqliteIntegrity(config.database.file, (verdict) => {
        if (verdict === 'ok') app.log.info('database integrity check passed (quick_check)');
        else health.corrupt(`quick_check: ${verdict}`);
      });
    }
    const migrations = await migrate(db);
    const seeded = await seedContent(db);
    app.log.info(
      { engine: db.engine, ...(db.sqlite ? { file: config.database.file } : {}), migrations, seeded },
      'database ready',
    );

    const reserve =
      db.sqlite && config.database.file !== ':memory:'
        ? createDiskReserve(dirname(config.database.file), app.log)
        : null;
    await reserve?.keep();

    app.decorate('database', db);
    app.decorate('databaseHealth', health);
    app.decorate('diskReserve', reserve);
    app.decorate('repos', createRepositories(db.kysely));
  },
  { name: 'database' },
);
