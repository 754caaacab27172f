// The site's Prometheus metrics (prom-client), one registry per app so tests can run several
// apps in one process. Served on a private port only (server/plugins/metrics.ts, decision 017).
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
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
    http: createHttpMetrics(registry),
    submissions: new Counter({
      name: 'haulora_submissions_total',
      help: 'Visitor submissions by kind and outcome (success, spam, invalid, rate_limited).',
      labelNames: ['kind', 'outcome'] as const,
      registers: [registry],
    }),
    signInFailures: new Counter({
      name: 'haulora_signin_failures_total',
      help: 'Sign-in attempts refused for a wrong or unknown username or password.',
      registers: [registry],
    }),
    signInLockouts: new Counter({
      name: 'haulora_signin_lockouts_total',
      help: 'Sign-in attempts refused because the account or address is locked.',
      registers: [registry],
    }),
    outboxSent: new Counter({
      name: 'haulora_outbox_sent_total',
      help: 'Emails sent by this instance.',
      registers: [registry],
    }),
    outboxFailed: new Counter({
      name: 'haulora_outbox_failed_total',
      help: 'Email send attempts that failed (each is retried later).',
      registers: [registry],
    }),
    pageCache: new Counter({
      name: 'haulora_page_cache_requests_total',
      help: 'Page requests the page cache could serve, by result (hit or miss).',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    criticalCss: new Counter({
      name: 'haulora_critical_css_total',
      help: "Pages' critical CSS picks, by result: picked, failed, refused (over the bounds), late (a page went without).",
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

const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What another thread counted since it last reported: added to the series by `absorb`. */
export type HttpDelta = {
  method: string;
  route: string;
  statusClass: string;
  count: number;
  sum: number;
  buckets: number[];
};

/** Answers counted in a thread without a registry (the beacon listener's), handed over as deltas. */
export function createHttpTally() {
  let pending = new Map<string, HttpDelta>();
  return {
    record(method: string, route: string, statusClass: string, seconds: number) {
      const key = `${method} ${route} ${statusClass}`;
      let one = pending.get(key);
      if (!one)
        pending.set(key, (one = { method, route, statusClass, count: 0, sum: 0, buckets: HTTP_BUCKETS.map(() => 0) }));
      one.count += 1;
      one.sum += seconds;
      const bucket = HTTP_BUCKETS.findIndex((le) => seconds <= le);
      if (bucket !== -1) one.buckets[bucket]! += 1;
    },
    /** What was counted since the last call. */
    take(): HttpDelta[] {
      const taken = [...pending.values()];
      pending = new Map();
      return taken;
    },
  };
}

type HttpSeries = {
  labels: { method: string; route: string; status_class: string };
  count: number;
  sum: number;
  buckets: number[];
};

/**
 * http_requests_total and http_request_duration_seconds, by route pattern and status class.
 * Every answer only adds to plain numbers of its series; the text is made when /metrics is
 * scraped. prom-client's own Counter.inc and Histogram.observe hash and check the labels on each
 * call, about 10 µs of each answer in the loaded server (decision 027), a sixth of a FAQ read.
 * The two are registered in the registry as metrics of our own, in prom-client's value shape.
 */
function createHttpMetrics(registry: Registry) {
  const series = new Map<string, HttpSeries>();
  const counter = {
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern (never the raw URL) and status class.',
    type: 'counter',
    aggregator: 'sum',
    get: async () => ({
      ...counterHead,
      values: [...series.values()].map((one) => ({ labels: one.labels, value: one.count })),
    }),
  };
  const counterHead = { name: counter.name, help: counter.help, type: counter.type, aggregator: counter.aggregator };
  const histogram = {
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by route pattern and status class.',
    type: 'histogram',
    aggregator: 'sum',
    get: async () => ({ ...histogramHead, values: [...series.values()].flatMap(histogramValues) }),
  };
  const histogramHead = {
    name: histogram.name,
    help: histogram.help,
    type: histogram.type,
    aggregator: histogram.aggregator,
  };
  function histogramValues(one: HttpSeries) {
    let cumulative = 0;
    return [
      ...HTTP_BUCKETS.map((le, index) => ({
        metricName: `${histogram.name}_bucket`,
        labels: { ...one.labels, le },
        value: (cumulative += one.buckets[index]!),
      })),
      { metricName: `${histogram.name}_bucket`, labels: { ...one.labels, le: '+Inf' }, value: one.count },
      { metricName: `${histogram.name}_sum`, labels: one.labels, value: one.sum },
      { metricName: `${histogram.name}_count`, labels: one.labels, value: one.count },
    ];
  }
  registry.registerMetric(counter as unknown as Metric);
  registry.registerMetric(histogram as unknown as Metric);
  function seriesOf(method: string, route: string, statusClass: string): HttpSeries {
    const key = `${method} ${route} ${statusClass}`;
    let one = series.get(key);
    if (!one) {
      one = {
        labels: { method, route, status_class: statusClass },
        count: 0,
        sum: 0,
        buckets: HTTP_BUCKETS.map(() => 0),
      };
      series.set(key, one);
    }
    return one;
  }
  return {
    /** Answers counted elsewhere (the beacon listener's thread, decision 058), added in. */
    absorb(deltas: HttpDelta[]) {
      for (const delta of deltas) {
        const one = seriesOf(delta.method, delta.route, delta.statusClass);
        one.count += delta.count;
        one.sum += delta.sum;
        delta.buckets.forEach((n, index) => (one.buckets[index]! += n));
      }
    },
    /** One answer: its method, route pattern, status class and duration in seconds. */
    record(method: string, route: string, statusClass: string, seconds: number) {
      const one = seriesOf(method, route, statusClass);
      one.count += 1;
      one.sum += seconds;
      const bucket = HTTP_BUCKETS.findIndex((le) => seconds <= le);
      if (bucket !== -1) one.buckets[bucket]! += 1;
    },
  };
}
