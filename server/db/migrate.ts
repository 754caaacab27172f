// Applies the numbered SQL files in migrations/ that the database has not seen yet, each in its
// own transaction together with the bump of PRAGMA user_version that records it.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Database, transaction } from './driver.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

export type Migration = { version: number; name: string; sql: string };

export function listMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d+-[\w-]+\.sql$/.test(name))
    .map((name) => ({
      version: Number.parseInt(name, 10),
      name,
      sql: readFileSync(dir + name, 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
}

/** Returns the names of the migrations it applied. */
export function migrate(db: Database, migrations = listMigrations()): string[] {
  const current = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  const applied: string[] = [];
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    transaction(db, () => {
      db.exec(migration.sql);
      db.exec(`PRAGMA user_version = ${migration.version}`);
    });
    applied.push(migration.name);
  }
  return applied;
}
