// Online backup and offline restore of the SQLite database (decision 018). The backup uses
// SQLite's backup API (node:sqlite's backup()), which copies a consistent snapshot page by page
// while the site keeps reading and writing; a file copy of a WAL database could tear. A restore
// refuses a file that fails integrity_check, is not this site's database, or has a newer schema
// than this code knows, and keeps the database it replaces.
import { copyFileSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { latestVersion } from './migrate.ts';

export class BackupError extends Error {}

/** Copies the live database at `source` into `target` (which must not exist yet). */
export async function backupSqlite(source: DatabaseSync, target: string): Promise<{ pages: number; file: string }> {
  if (existsSync(target)) throw new BackupError(`${target} already exists: choose a new file name.`);
  const partial = join(dirname(target), `.${basename(target)}.partial`);
  rmSync(partial, { force: true });
  try {
    const pages = await backup(source, partial);
    // The copy is one self-contained file: not in WAL mode, so no -wal or -shm appears beside it.
    const copy = new DatabaseSync(partial);
    copy.exec('PRAGMA journal_mode = DELETE');
    copy.close();
    checkBackupFile(partial);
    renameSync(partial, target);
    return { pages, file: target };
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Throws BackupError unless `file` is a sound database of this site that this code can run. */
export function checkBackupFile(file: string): { schemaVersion: number } {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file, { readOnly: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as a SQLite database: ${(error as Error).message}`);
  }
  try {
    let verdict: string;
    try {
      verdict = String((db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check);
    } catch (error) {
      throw new BackupError(`${file} is not a readable SQLite database: ${(error as Error).message}`);
    }
    if (verdict !== 'ok') throw new BackupError(`${file} fails SQLite's integrity check: ${verdict}`);
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    if (!tables.has('feedback') || !tables.has('users'))
      throw new BackupError(`${file} is not a Haulora website database.`);
    const schemaVersion = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
    const known = latestVersion('sqlite');
    if (schemaVersion > known) {
      throw new BackupError(
        `${file} has schema version ${schemaVersion}, newer than this code's ${known}: restore it with the release that made it.`,
      );
    }
    return { schemaVersion };
  } finally {
    db.close();
  }
}

/** The process id in `pidFile` when that process still runs. */
export function runningServer(pidFile: string): number | null {
  if (!existsSync(pidFile)) return null;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8'), 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Puts `backupFile` in place of the database `file` (the server must be stopped). The database
 * it replaces is kept beside it as `<file>.before-restore-<time>`. */
export function restoreSqlite(backupFile: string, file: string): { replaced: string | null; schemaVersion: number } {
  const { schemaVersion } = checkBackupFile(backupFile);
  const incoming = `${file}.restoring`;
  copyFileSync(backupFile, incoming);
  let replaced: string | null = null;
  if (existsSync(file)) {
    replaced = `${file}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(file, replaced);
    // The old database's write-ahead log belongs to it, never to the restored file.
    for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, replaced + suffix);
  }
  renameSync(incoming, file);
  return { replaced, schemaVersion };
}
