// The SQLite writer of the beacon's events (decision 057), in a worker thread with its own
// connection to the site's file, so the commits of thousands of events a second cost the server's
// event loop nothing but posting each batch here. WAL lets this connection and the server's write
// in turn (each waits out the other's short transaction with busy_timeout). Each message is one
// flat batch, stored in one transaction: all of it or none, and the answer says which.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { chunksOf, EVENT_WIDTH, eventInsertText } from '../../db/repositories/analytics-insert.ts';

export type WriteRequest = { id: number; values: unknown[]; rows: number };
export type WriteAnswer = { id: number; error?: string };

const { file } = workerData as { file: string };
const db = new DatabaseSync(file);
// NORMAL in WAL mode: a commit survives the process crashing, and only an outage of the machine
// itself can lose the last commits, which the beacon's promise (at most the flush interval lost)
// allows. It keeps the write lock short, so the server's own writes hardly wait.
db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
const statements = new Map<number, StatementSync>();

function insert(values: unknown[], rows: number) {
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const [size, start] of chunksOf(rows)) {
      let statement = statements.get(size);
      if (!statement) statements.set(size, (statement = db.prepare(eventInsertText(size, 'sqlite'))));
      statement.run(...(values.slice(start * EVENT_WIDTH, (start + size) * EVENT_WIDTH) as (string | number | null)[]));
    }
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

parentPort!.on('message', (request: WriteRequest | 'close') => {
  if (request === 'close') {
    db.close();
    parentPort!.close();
    return;
  }
  let answer: WriteAnswer;
  try {
    insert(request.values, request.rows);
    answer = { id: request.id };
  } catch (error) {
    answer = { id: request.id, error: (error as Error).message };
  }
  parentPort!.postMessage(answer);
});
