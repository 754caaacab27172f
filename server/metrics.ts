// The site's Prometheus metrics (prom-client), one registry per app so tests can run several
// apps in one process. Served on a private port only (server/plugins/metrics.ts, decision 017).
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { OutboxRepository } from './db/repositories/outbox.ts';

/** What a submission became: stored for the sales team, stored as spam (honeypot), refused as
 * invalid input, or refused by the rate limit. */
export type SubmissionOutcome = 'success' | 'spam' | 'invalid' | 'rate_limited';
export type SubmissionKind = 'feedback' | 'demo_request' | 'contact_message' | 'newsletter';

export function createMetrics() {
  const registry = new Registry();
  // Event-loop lag, memory, CPU, handles: the library's default collectors.
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern (never the raw URL) and status class.',
      labelNames: ['method', 'route', 'status_class'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to answer, by route pattern and status class.',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    submissions: new Counter({
      name: 'haulora_submissions_total',
      help: 'Visitor submissions by kind and outcome (success, spam, invalid, rate_limited).',
      labelNames: ['kind', 'outcome'] as const,
      registers: [registry],
    }),
    signInFailures: new Counter({ name: 'haulora_signin_failures_total', help: 'Sign-in attempts refused for a wrong or unknown username or password.', registers: [registry] }),
    signInLockouts: new Counter({ name: 'haulora_signin_lockouts_total', help: 'Sign-in attempts refused because the account or address is locked.', registers: [registry] }),
    outboxSent: new Counter({ name: 'haulora_outbox_sent_total', help: 'Emails sent by this instance.', registers: [registry] }),
    outboxFailed: new Counter({ name: 'haulora_outbox_failed_total', help: 'Email send attempts that failed (each is retried later).', registers: [registry] }),
    pageCache: new Counter({
      name: 'haulora_page_cache_requests_total',
      help: 'Page requests the page cache could serve, by result (hit or miss).',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** Gauges read from the database on each scrape: what waits in the outbox (every instance's). */
export function watchOutbox(metrics: Metrics, outbox: OutboxRepository) {
  let last: Promise<{ count: number; oldestCreatedAt: string | null }> | undefined;
  // One query per scrape for both gauges.
  const read = () => (last ??= outbox.waiting().finally(() => setTimeout(() => (last = undefined), 0)));
  new Gauge({
    name: 'haulora_outbox_waiting',
    help: 'Emails waiting to be sent.',
    registers: [metrics.registry],
    async collect() {
      this.set((await read()).count);
    },
  });
  new Gauge({
    name: 'haulora_outbox_oldest_waiting_seconds',
    help: 'How long the oldest waiting email has waited (0 when none waits).',
    registers: [metrics.registry],
    async collect() {
      const { oldestCreatedAt } = await read();
      this.set(oldestCreatedAt ? Math.max(0, (Date.now() - Date.parse(oldestCreatedAt)) / 1000) : 0);
    },
  });
}
