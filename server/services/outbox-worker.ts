// The outbox worker (decision 010): every poll it sends the due rows one at a time, marks each
// sent, or records the error and schedules a retry with exponential backoff. stop() waits for a
// send in flight, so a shutdown never leaves a row half-handled by this process.
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepository } from '../db/repositories/outbox.ts';
import type { MailTransport } from './mail-transport.ts';

/** Retries wait base, 2×base, 4×base … at most an hour. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
/** A claimed row is left alone this long by default: longer than any send can take with our
 * timeouts. Then a worker on any instance takes it over (its sender died mid-send). */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;

/** The wait after the `attempts`-th failed attempt. */
export function retryDelay(attempts: number, baseMs: number, maxMs = MAX_RETRY_DELAY_MS): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
}

export function createOutboxWorker(deps: {
  outbox: OutboxRepository;
  transport: MailTransport;
  pollMs: number;
  retryBaseMs: number;
  leaseMs?: number;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Told of each send's result (the metrics count them). */
  observer?: { sent(): void; failed(): void };
}) {
  const { outbox, transport, pollMs, retryBaseMs, log } = deps;
  const leaseMs = deps.leaseMs ?? CLAIM_LEASE_MS;
  const now = deps.now ?? (() => new Date());
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> | undefined;

  async function sendDue(): Promise<void> {
    while (running) {
      const at = now();
      const row = await outbox.claimNextDue(at.toISOString(), new Date(at.getTime() + leaseMs).toISOString());
      if (!row) return;
      const about = { outboxId: row.id, kind: row.kind, messageId: row.message_id, attempt: row.attempts };
      try {
        await transport.send(row);
      } catch (error) {
        const delay = retryDelay(row.attempts, retryBaseMs);
        const reason = transport.reasonOf(error);
        await outbox.markFailed(row.id, reason, new Date(now().getTime() + delay).toISOString());
        deps.observer?.failed();
        log.warn({ ...about, retryInMs: delay, reason }, 'email not sent; will retry');
        continue;
      }
      await outbox.markSent(row.id, now().toISOString());
      deps.observer?.sent();
      log.info(about, 'email sent');
    }
  }

  function schedule(delay: number) {
    if (running) timer = setTimeout(poll, delay);
  }

  function poll() {
    timer = undefined;
    sending = sendDue()
      .catch((error: unknown) => log.error({ err: error }, 'outbox worker failed'))
      .finally(() => {
        sending = undefined;
        schedule(pollMs);
      });
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    /** Stops polling and waits for the send in flight (if any) to finish and be recorded. */
    async stop() {
      running = false;
      clearTimeout(timer);
      timer = undefined;
      await sending;
    },
  };
}
export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
