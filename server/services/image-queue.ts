// The queue in front of the image decoder (issue 33, decision 029): uploads are decoded one at a
// time in a child process of their own (image-worker.ts), so an image never takes a thread of
// the libuv pool that sign-in's scrypt and the file system use, and never grows this process's
// heap. Each job has a time budget: past it the child is killed (the image is refused) and a new
// one is started for the next job. The child is started on first use and kept.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { IMAGE_LIMITS, type ImageJob, type ImageJobResult } from './image-limits.ts';

const WORKER = fileURLToPath(new URL('./image-worker.ts', import.meta.url));

type Pending = { id: number; job: ImageJob; resolve(result: ImageJobResult): void };

export function createImageQueue(limits: { budgetMs: number; maxWaiting: number; heapMb: number } = IMAGE_LIMITS) {
  const waiting: Pending[] = [];
  let child: ChildProcess | null = null;
  let ready: Promise<void> | null = null;
  let running: (Pending & { timer: NodeJS.Timeout }) | null = null;
  let nextId = 1;

  function start(): Promise<void> {
    const started = fork(WORKER, [], {
      // Advanced serialisation carries the bytes as they are, not as JSON arrays of numbers.
      serialization: 'advanced',
      execArgv: [
        ...process.execArgv.filter((flag) => !flag.startsWith('--max-old-space-size')),
        `--max-old-space-size=${limits.heapMb}`,
      ],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child = started;
    // The server may exit while the decoder idles: neither the process nor its channel holds it.
    started.unref();
    started.channel?.unref();
    started.on('message', (message: { ready?: true; id?: number; result?: ImageJobResult }) => {
      if (message.id !== undefined && running?.id === message.id) finish({ ...message.result! });
    });
    started.on('exit', () => {
      if (child !== started) return;
      child = null;
      ready = null;
      // Died mid-job (out of memory, killed from outside): that image is refused.
      if (running) finish({ ok: false, reason: 'type' });
    });
    return new Promise<void>((resolve, reject) => {
      started.once('message', () => resolve());
      started.once('error', reject);
    });
  }

  function finish(result: ImageJobResult) {
    const done = running;
    if (!done) return;
    clearTimeout(done.timer);
    running = null;
    done.resolve(result);
    void next();
  }

  async function next() {
    if (running || waiting.length === 0) return;
    const job = waiting.shift()!;
    running = { ...job, timer: setTimeout(() => overBudget(job.id), limits.budgetMs) };
    try {
      if (!child) ready = start();
      await ready;
      child!.send({ id: job.id, job: job.job });
    } catch {
      finish({ ok: false, reason: 'type' });
    }
  }

  function overBudget(id: number) {
    if (running?.id !== id) return;
    const stuck = child;
    child = null;
    ready = null;
    stuck?.kill('SIGKILL');
    finish({ ok: false, reason: 'budget' });
  }

  return {
    /** Starts the decoding process ahead of the first upload (at server start), so the first
     * visitor's image does not wait for a process to boot. */
    warm() {
      if (child) return;
      ready = start();
      ready.catch(() => {
        child = null;
        ready = null;
      });
    },
    /** Decodes and re-encodes `job` in the decoding process, in turn with the other uploads. */
    run(job: ImageJob): Promise<ImageJobResult> {
      if (waiting.length >= limits.maxWaiting) return Promise.resolve({ ok: false, reason: 'busy' });
      return new Promise((resolve) => {
        waiting.push({ id: nextId++, job, resolve });
        void next();
      });
    },
    /** Stops the decoding process (tests; the process also leaves when the server exits). */
    stop() {
      const stopping = child;
      child = null;
      ready = null;
      stopping?.kill();
    },
  };
}
export type ImageQueue = ReturnType<typeof createImageQueue>;
