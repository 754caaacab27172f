// Requests per address per minute: generous for reading, strict for forms and sign-in (routes
// opt in to the strict limits with rateLimitFor()).
// With several instances on PostgreSQL the strict limits are counted in the database, so an
// attacker spreading attempts over instances gets no more than against one (decision 015);
// page reads stay counted per instance, in memory. On SQLite (one process) all stay in memory.
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../common/messages.ts';
import type { Config } from '../config.ts';
import type { RateLimitRepository } from '../db/repositories/rate-limits.ts';
import { PublicError } from '../errors.ts';

/** Addresses whose page reads one instance keeps counting. */
const MAX_ADDRESSES = 5_000;
/** Windows older than this are deleted from the shared counters. */
const SHARED_COUNTER_SWEEP_MS = 60_000;

export default fp(
  async function rateLimits(app: FastifyInstance, options: { limits: Config['rateLimits'] }) {
    const exempt = new Set(options.limits.exemptAddresses);
    const shared = app.database.engine === 'postgres';
    await app.register(rateLimit, {
      global: true,
      max: options.limits.pagesPerMinute,
      timeWindow: 60_000,
      // A page load fetches several hashed assets; counting them would punish reading.
      // Addresses the operator exempts (RATE_LIMIT_EXEMPT_ADDRESSES) are never counted either.
      allowList: (request) => request.url.startsWith('/assets/') || exempt.has(request.ip),
      errorResponseBuilder: () => new PublicError(429, MESSAGES.rateLimited),
      ...(shared ? { store: sharedStrictLimits(app.repos.rateLimits) } : {}),
    });
    if (shared) {
      const sweep = setInterval(() => {
        app.repos.rateLimits.deleteOlderThan(Date.now() - 2 * SHARED_COUNTER_SWEEP_MS).catch(() => {});
      }, SHARED_COUNTER_SWEEP_MS).unref();
      app.addHook('onClose', async () => clearInterval(sweep));
    }
  },
  { name: 'rate-limits', dependencies: ['database'] },
);

/** Route config for a strict per-address limit. */
export function rateLimitFor(perMinute: number) {
  return { rateLimit: { max: perMinute, timeWindow: 60_000 } };
}

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
type StoreParams = { routeInfo?: { method?: string | string[]; url?: string } };

/** A @fastify/rate-limit store: the global (page-read) limit keeps the plugin's in-memory
 * counting; each route with its own limit counts in fixed one-minute windows in the database. */
function sharedStrictLimits(repo: RateLimitRepository) {
  class MemoryCounts {
    private readonly counts = new Map<string, { windowStart: number; hits: number }>();
    incr(key: string, callback: Callback, timeWindow: number) {
      const now = Date.now();
      const windowStart = now - (now % timeWindow);
      const entry = this.counts.get(key);
      const hits = entry && entry.windowStart === windowStart ? entry.hits + 1 : 1;
      // Bounded like the plugin's own store: past this many addresses, start the count afresh.
      if (!entry && this.counts.size >= MAX_ADDRESSES) this.counts.clear();
      this.counts.set(key, { windowStart, hits });
      callback(null, { current: hits, ttl: windowStart + timeWindow - now });
    }
    child(params: StoreParams) {
      return new DatabaseCounts(`${params.routeInfo?.method ?? ''} ${params.routeInfo?.url ?? ''}`);
    }
  }
  class DatabaseCounts {
    private readonly route: string;
    constructor(route: string) {
      this.route = route;
    }
    incr(key: string, callback: Callback, timeWindow: number) {
      const now = Date.now();
      const windowStart = now - (now % timeWindow);
      repo.hit(`${this.route} ${key}`, windowStart).then(
        (hits) => callback(null, { current: hits, ttl: windowStart + timeWindow - now }),
        (error: Error) => callback(error),
      );
    }
    child(params: StoreParams) {
      return new DatabaseCounts(`${params.routeInfo?.method ?? ''} ${params.routeInfo?.url ?? ''}`);
    }
  }
  return MemoryCounts as unknown as FastifyRateLimitStoreCtor;
}
