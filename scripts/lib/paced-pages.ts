// bench:events' page client for answer times: GET requests started at a steady rate on a few
// kept-alive connections, each answer timed to the microsecond from the request's start to its
// last byte. autocannon records whole milliseconds, too coarse for a 10 % bar on a 3-4 ms answer.
import { Agent, get } from 'node:http';

export type PagedTimes = {
  /** Answer times in ms, in the order the requests were started. */
  times: number[];
  /** Requests not answered 2xx, or failed. */
  failed: number;
};

/** Requests `url` `rate` times a second for `seconds`, at most `connections` at once (a request
 * due while all are busy waits for one), and resolves with every answer's time. */
export async function pacedPages(url: string, rate: number, seconds: number, connections = 4): Promise<PagedTimes> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const times: number[] = [];
  let failed = 0;
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const answers: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    // Due at n / rate seconds from the start: a late timer does not shift the later ones.
    const wait = started + (n * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const slot = times.push(Number.NaN) - 1;
    answers.push(
      new Promise<void>((resolve) => {
        const sentAt = performance.now();
        const request = get(url, { agent }, (response) => {
          response.resume();
          response.on('end', () => {
            times[slot] = performance.now() - sentAt;
            if ((response.statusCode ?? 0) >= 300) failed++;
            resolve();
          });
        });
        request.on('error', () => {
          failed++;
          resolve();
        });
      }),
    );
  }
  await Promise.all(answers);
  agent.destroy();
  return { times: times.filter((time) => !Number.isNaN(time)), failed };
}

/** Mean and percentiles of answer times, in ms. */
export function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
  const mean = sorted.reduce((sum, time) => sum + time, 0) / Math.max(1, sorted.length);
  return { count: sorted.length, mean, p50: at(0.5), p90: at(0.9), p99: at(0.99) };
}

/** Student's t at 97.5 % for 1-10 degrees of freedom; 1.96 beyond (a 95 % two-sided interval). */
const T_975 = [12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23];

/**
 * The change from `before` to `after` of paired rounds (each round's mean alone, then beside the
 * load): the mean of the rounds' own changes with its 95 % confidence interval, as fractions
 * (0.05 = +5 %). One round's figure moves with the machine's other load; pairing and the interval
 * say how far the run's verdict can be trusted.
 */
export function pairedChange(rounds: { before: number; after: number }[]) {
  const changes = rounds.map((round) => round.after / round.before - 1);
  const n = changes.length;
  const mean = changes.reduce((sum, change) => sum + change, 0) / Math.max(1, n);
  if (n < 2) return { rounds: n, mean, low: Number.NaN, high: Number.NaN };
  const variance = changes.reduce((sum, change) => sum + (change - mean) ** 2, 0) / (n - 1);
  const margin = (T_975[n - 2] ?? 1.96) * Math.sqrt(variance / n);
  return { rounds: n, mean, low: mean - margin, high: mean + margin };
}
