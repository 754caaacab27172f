// CSRF double submit. Every visitor gets an XSRF-TOKEN cookie (readable by our script, signed
// by the server); a state-changing API request must echo it in X-XSRF-TOKEN and must not come
// from another site's page. Anything else is refused with 403 before its body is read.
// Native form posts to pages (no JavaScript) echo it in a hidden `_csrf` field instead: the body
// is the route action's to read, so here a page post only needs a genuine cookie and a same-site
// origin, and the action compares the field with request.csrfToken (app/lib/forms.server.ts).
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { EVENTS_PATH } from '../../common/analytics.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { PublicError } from '../errors.ts';
import { randomToken } from '../random.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How many genuine tokens are remembered (~100 bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** This visitor's CSRF token: their cookie's, or the one this answer issues. Pages render it
     * into native forms; on a non-GET request it is always the genuine cookie's. */
    csrfToken: string;
  }
}

/** Whether a submitted token is the request's token, compared in constant time. */
export function sameToken(expected: string, submitted: unknown): boolean {
  if (typeof submitted !== 'string') return false;
  // Compared as bytes: a string of the same length may still encode to more of them.
  const [a, b] = [Buffer.from(submitted), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createCsrfTokens(secret: string) {
  // A KeyObject made once: passing raw bytes to createHmac rebuilds one on every call.
  const key = createSecretKey(createHmac('sha256', secret).update('csrf-token-key').digest());
  const sign = (nonce: string) => createHmac('sha256', key).update(nonce).digest('base64url');
  // A visitor sends the same cookie with every request: the HMAC of each was ~4 µs of a JSON
  // read's ~40 µs of CPU. Tokens already found genuine are kept (only those: a forged one is
  // checked every time), the oldest dropped first past the bound.
  const recentlyVerified = new Set<string>();
  const remember = (token: string) => {
    recentlyVerified.add(token);
    if (recentlyVerified.size > VERIFIED_TOKENS_KEPT) recentlyVerified.delete(recentlyVerified.values().next().value!);
  };
  return {
    issue(): string {
      const nonce = randomToken(18, 'base64url');
      return `${nonce}.${sign(nonce)}`;
    },
    isGenuine(token: string | undefined): token is string {
      if (!token) return false;
      if (recentlyVerified.has(token)) return true;
      const [nonce, signature, extra] = token.split('.');
      if (!nonce || !signature || extra !== undefined) return false;
      const expected = Buffer.from(sign(nonce));
      const actual = Buffer.from(signature);
      const genuine = expected.length === actual.length && timingSafeEqual(expected, actual);
      if (genuine) remember(token);
      return genuine;
    },
  };
}

function isCrossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

export default fp(
  async function csrf(app: FastifyInstance, options: { secret: string; secureCookies: boolean }) {
    const tokens = createCsrfTokens(options.secret);
    app.decorateRequest('csrfToken', '');

    app.addHook('onRequest', async (request, reply) => {
      // The analytics beacon (navigator.sendBeacon) cannot send the header, and its answer sets
      // no cookie: POST /api/events checks its Origin itself (routes/api/events.ts).
      if (request.method === 'POST' && request.url.split('?', 1)[0] === EVENTS_PATH) return;
      const cookie = request.cookies[CSRF_COOKIE];
      const genuine = tokens.isGenuine(cookie);
      if (genuine) request.csrfToken = cookie;
      // Hashed assets are cached for a year; they need no cookie.
      if (!genuine && !request.url.startsWith('/assets/')) {
        request.csrfToken = tokens.issue();
        reply.setCookie(CSRF_COOKIE, request.csrfToken, {
          path: '/',
          sameSite: 'lax',
          secure: options.secureCookies || request.protocol === 'https',
          // Our script reads it to echo it in the header, so it cannot be HttpOnly.
          httpOnly: false,
        });
      }

      if (SAFE_METHODS.has(request.method)) return;
      if (!request.url.startsWith('/api/')) {
        if (!genuine || isCrossSite(request)) throw new PublicError(403, MESSAGES.csrf);
        return;
      }
      const matches = genuine && sameToken(cookie, request.headers[CSRF_HEADER.toLowerCase()]);
      if (!matches || isCrossSite(request)) throw new PublicError(403, MESSAGES.csrf);
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
