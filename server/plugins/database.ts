// Opens the database (SQLite by default, PostgreSQL with DATABASE_URL), applies the migrations,
// seeds the FAQ and glossary, and decorates the app with the database and its repositories.
// The connection is closed last when the server shuts down.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from '../db/driver.ts';
import { migrate } from '../db/migrate.ts';
import { createRepositories, type Repositories } from '../db/repositories/index.ts';
import { seedContent } from '../db/seed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    repos: Repositories;
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
      throw new DatabaseStartError(config.database.url ? `DATABASE_URL: ${(error as Error).message}` : `${config.database.file}: ${(error as Error).message}`);
    }
    app.addHook('onClose', async () => {
      await db.close();
    });
    const migrations = await migrate(db);
    const seeded = await seedContent(db);
    app.log.info({ engine: db.engine, ...(db.sqlite ? { file: config.database.file } : {}), migrations, seeded }, 'database ready');

    app.decorate('database', db);
    app.decorate('repos', createRepositories(db.kysely));
  },
  { name: 'database' },
);
