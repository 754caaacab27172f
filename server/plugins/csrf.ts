// CSRF double submit. Every visitor gets an XSRF-TOKEN cookie (readable by our script, signed
// by the server); a state-changing API request must echo it in X-XSRF-TOKEN and must not come
// from another site's page. Anything else is refused with 403 before its body is read.
import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_COOKIE, CSRF_HEADER } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { PublicError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createCsrfTokens(secret: string) {
  // A KeyObject made once: passing raw bytes to createHmac rebuilds one on every call.
  const key = createSecretKey(createHmac('sha256', secret).update('csrf-token-key').digest());
  const sign = (nonce: string) => createHmac('sha256', key).update(nonce).digest('base64url');
  return {
    issue(): string {
      const nonce = randomBytes(18).toString('base64url');
      return `${nonce}.${sign(nonce)}`;
    },
    isGenuine(token: string | undefined): token is string {
      if (!token) return false;
      const [nonce, signature, extra] = token.split('.');
      if (!nonce || !signature || extra !== undefined) return false;
      const expected = Buffer.from(sign(nonce));
      const actual = Buffer.from(signature);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
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

    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[CSRF_COOKIE];
      const genuine = tokens.isGenuine(cookie);
      // Hashed assets are cached for a year; they need no cookie.
      if (!genuine && !request.url.startsWith('/assets/')) {
        reply.setCookie(CSRF_COOKIE, tokens.issue(), {
          path: '/',
          sameSite: 'lax',
          secure: options.secureCookies || request.protocol === 'https',
          // Our script reads it to echo it in the header, so it cannot be HttpOnly.
          httpOnly: false,
        });
      }

      if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
      const header = request.headers[CSRF_HEADER.toLowerCase()];
      const matches =
        genuine &&
        typeof header === 'string' &&
        header.length === cookie.length &&
        timingSafeEqual(Buffer.from(header), Buffer.from(cookie));
      if (!matches || isCrossSite(request)) throw new PublicError(403, MESSAGES.csrf);
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
