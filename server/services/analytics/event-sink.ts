// Where the ingestion's batches go (decision 057). On a SQLite file: a worker thread with its own
// connection (event-writer-worker.ts), so the event loop that answers pages never commits events.
// On PostgreSQL (its driver already waits off the event loop, and several instances write the
// same table) and on an in-memory SQLite database (which another connection cannot open): the
// server's own connection.
import { Worker } from 'node:worker_threads';
import type { AnalyticsRepository } from '../../db/repositories/analytics.ts';
import type { WriteAnswer, WriteRequest } from './event-writer-worker.ts';

export type EventSink = {
  /** Stores a flat batch of `rows` events (EVENT_COLUMNS order): all of it, or it rejects. */
  write(values: unknown[], rows: number): Promise<void>;
  /** Stops taking batches once those sent are answered. */
  close(): Promise<void>;
};

/** A sink with a writer thread, which can be started before the first batch. */
export type WorkerSink = EventSink & {
  /** Starts the writer thread now: it takes the scheduling class of the thread starting it. */
  start(): void;
};

export function repositorySink(repo: AnalyticsRepository): EventSink {
  return { write: (values, rows) => repo.insertFlat(values, rows), close: async () => {} };
}

export function workerSink(file: string): WorkerSink {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve(): void; reject(error: Error): void }>();

  function failAll(error: Error) {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
    worker = undefined;
  }

  function started(): Worker {
    if (worker) return worker;
    const thread = new Worker(new URL('./event-writer-worker.ts', import.meta.url), { workerData: { file } });
    thread.on('message', (answer: WriteAnswer) => {
      const waiter = pending.get(answer.id);
      pending.delete(answer.id);
      if (answer.error === undefined) waiter?.resolve();
      else waiter?.reject(new Error(answer.error));
    });
    // A writer that dies takes its unanswered batches with it (they are reported as dropped);
    // the next batch starts a new one.
    thread.on('error', (error) => {
      if (worker === thread) failAll(error);
    });
    thread.on('exit', (code) => {
      if (worker === thread) failAll(new Error(`analytics writer stopped (exit code ${code})`));
    });
    // Nothing queued means nothing to keep the process alive for.
    thread.unref();
    return (worker = thread);
  }

  return {
    start: () => void started(),
    write(values, rows) {
      const thread = started();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.postMessage({ id, values, rows } satisfies WriteRequest);
      });
    },
    async close() {
      const thread = worker;
      if (!thread) return;
      worker = undefined;
      const exited = new Promise((resolve) => thread.once('exit', resolve));
      thread.postMessage('close');
      await exited;
    },
  };
}
