// Applies the numbered SQL files of the engine's folder (migrations/sqlite, migrations/postgres)
// that the database has not seen yet, each in its own transaction together with the record of it.
// SQLite records the version in PRAGMA user_version (as since the first release); PostgreSQL in
// schema_migrations, under an advisory lock so instances starting together apply each file once.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database, Engine } from './driver.ts';

export type Migration = { version: number; name: string; sql: string };

/** Any number, the same for every instance of the site: the lock that serialises migrations. */
const MIGRATION_LOCK = 7_240_101;

export function listMigrations(engine: Engine = 'sqlite'): Migration[] {
  const dir = fileURLToPath(new URL(`./migrations/${engine}/`, import.meta.url));
  const migrations = readdirSync(dir)
    .filter((name) => /^\d+-[\w-]+\.sql$/.test(name))
    .map((name) => ({ version: Number.parseInt(name, 10), name, sql: readFileSync(dir + name, 'utf8') }))
    .sort((a, b) => a.version - b.version);
  // Two files with one number: the second would be skipped silently once the first is applied.
  for (const [index, migration] of migrations.entries()) {
    const next = migrations[index + 1];
    if (next?.version === migration.version)
      throw new Error(
        `Two ${engine} migrations share version ${migration.version}: ${migration.name} and ${next.name}`,
      );
  }
  return migrations;
}

/** The newest version the code knows for this engine. */
export const latestVersion = (engine: Engine) => listMigrations(engine).at(-1)?.version ?? 0;

/** The version the database is at. */
export async function schemaVersion(db: Database): Promise<number> {
  if (db.sqlite)
    return Number((db.sqlite.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  const exists = await sql<{ found: string | null }>`SELECT to_regclass('schema_migrations')::text AS found`.execute(
    db.kysely,
  );
  if (!exists.rows[0]?.found) return 0;
  const { rows } = await sql<{ version: number | null }>`SELECT max(version) AS version FROM schema_migrations`.execute(
    db.kysely,
  );
  return Number(rows[0]?.version ?? 0);
}

/** Returns the names of the migrations it applied. */
export async function migrate(db: Database, migrations = listMigrations(db.engine)): Promise<string[]> {
  return db.sqlite ? migrateSqlite(db, migrations) : migratePostgres(db, migrations);
}

async function migrateSqlite(db: Database, migrations: Migration[]): Promise<string[]> {
  const applied: string[] = [];
  // Exclusive: no group-committed write of this process may be open around these transactions.
  await db.sqliteExclusive((raw) => {
    for (const migration of migrations) {
      // The version is read again under the write lock: another process (or a second call here)
      // may have applied this migration since.
      raw.exec('BEGIN IMMEDIATE');
      try {
        const current = Number((raw.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
        if (migration.version > current) {
          raw.exec(migration.sql);
          raw.exec(`PRAGMA user_version = ${migration.version}`);
          applied.push(migration.name);
        }
        raw.exec('COMMIT');
      } catch (error) {
        raw.exec('ROLLBACK');
        throw error;
      }
    }
  });
  return applied;
}

async function migratePostgres(db: Database, migrations: Migration[]): Promise<string[]> {
  // One connection holds the session-level advisory lock for the whole run: a second instance
  // waits here, then finds everything applied.
  return db.kysely.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(connection);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`.execute(
        connection,
      );
      const { rows } = await sql<{ version: number }>`SELECT version FROM schema_migrations`.execute(connection);
      const done = new Set(rows.map((row) => Number(row.version)));
      const applied: string[] = [];
      for (const migration of migrations) {
        if (done.has(migration.version)) continue;
        await connection.transaction().execute(async (trx) => {
          await sql.raw(migration.sql).execute(trx);
          await sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${migration.version}, ${migration.name}, ${new Date().toISOString()})`.execute(
            trx,
          );
        });
        applied.push(migration.name);
      }
      return applied;
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
    }
  });
}
