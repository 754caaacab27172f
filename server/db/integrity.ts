// The start-up integrity check of the SQLite file (issue 33, decision 032): PRAGMA quick_check in
// a worker thread. The server waits for it up to START_WAIT_MS, so a small file is known sound
// (or not) before the first request; a large file's check goes on in the background and turns
// readiness to 503 if it fails, instead of holding the start for minutes.
import { Worker } from 'node:worker_threads';

/** How long the start waits for the check before going on without it. */
export const START_WAIT_MS = 3_000;

/** Starts the check; `onResult` gets 'ok' or what is wrong. Resolves when the check is done or
 * START_WAIT_MS has passed, whichever comes first. */
export function checkSqliteIntegrity(
  file: string,
  onResult: (verdict: string) => void,
  waitMs = START_WAIT_MS,
): Promise<void> {
  const worker = new Worker(new URL('./integrity-check-worker.ts', import.meta.url), { workerData: { file } });
  // A check still running must not keep a stopping server alive.
  worker.unref();
  const done = new Promise<void>((resolve) => {
    worker.once('message', (verdict: string) => {
      onResult(verdict);
      resolve();
    });
    worker.once('error', (error) => {
      onResult(error.message);
      resolve();
    });
  });
  return Promise.race([done, new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref())]);
}
