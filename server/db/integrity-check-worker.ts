// Runs SQLite's quick_check on a database file in a worker thread (server/db/integrity.ts), on a
// read-only connection of its own, so the server's event loop and its connection stay free.
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

const { file } = workerData as { file: string };
let verdict: string;
try {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    // At most a few problems are listed: one is enough to refuse the file.
    const rows = db.prepare('PRAGMA quick_check(5)').all() as { quick_check: string }[];
    verdict = rows.map((row) => row.quick_check).join('; ');
  } finally {
    db.close();
  }
} catch (error) {
  verdict = (error as Error).message;
}
parentPort?.postMessage(verdict);
