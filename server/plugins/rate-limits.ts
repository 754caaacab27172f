// Requests per address per minute: generous for reading, strict for forms and sign-in (routes
// opt in to the strict limits with rateLimitFor()).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../common/messages.ts';
import type { Config } from '../config.ts';
import { PublicError } from '../errors.ts';

export default fp(
  async function rateLimits(app: FastifyInstance, options: { limits: Config['rateLimits'] }) {
    const exempt = new Set(options.limits.exemptAddresses);
    await app.register(rateLimit, {
      global: true,
      max: options.limits.pagesPerMinute,
      timeWindow: 60_000,
      // A page load fetches several hashed assets; counting them would punish reading.
      // Addresses the operator exempts (RATE_LIMIT_EXEMPT_ADDRESSES) are never counted either.
      allowList: (request) => request.url.startsWith('/assets/') || exempt.has(request.ip),
      errorResponseBuilder: () => new PublicError(429, MESSAGES.rateLimited),
    });
  },
  { name: 'rate-limits' },
);

/** Route config for a strict per-address limit. */
export function rateLimitFor(perMinute: number) {
  return { rateLimit: { max: perMinute, timeWindow: 60_000 } };
}
