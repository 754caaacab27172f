// Security headers on every answer. The Content-Security-Policy is written here: pages get a
// fresh nonce per response (request.cspNonce, which the React render puts on every script it
// writes); API answers and assets, which run no script, get the same policy without one.
// helmet sets the other hardening headers: its middleware is built once here and run on each
// answer in the same hook. (@fastify/helmet rebuilt the middleware from its options on every
// request, in two hooks of its own: ~3 µs of each answer's ~40 µs of CPU on the JSON reads.)
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';
import { EVENTS_PATH } from '../../common/analytics.ts';
import { randomToken } from '../random.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** This response's CSP nonce; set for page requests only. */
    cspNonce: string | undefined;
  }
}

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()';

/** The policy, with the script and style sources passed in (and any sources for scripts only). */
function contentSecurityPolicy(scriptAndStyle: string, connect: string, scriptOnly = '') {
  return [
    "default-src 'self'",
    `script-src ${scriptAndStyle}${scriptOnly}`,
    `style-src ${scriptAndStyle}`,
    // blob: the staff inbox shows the contact image it fetched with the bearer token; data: the
    // favicon, written into the page (app/lib/browser-fetched-links.ts).
    "img-src 'self' blob: data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    // The contact map loads only when a visitor asks for it; 'self': the page editor's live pane.
    "frame-src 'self' https://www.openstreetmap.org",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers for answers Fastify writes before any hook runs (a URL it cannot decode, a request
 * it cannot parse): the policy without a nonce and helmet's essentials, set by hand. */
export const BASELINE_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': contentSecurityPolicy("'self'", "'self'"),
  'permissions-policy': PERMISSIONS_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** The analytics beacon's answers (a 202 without a body, or a short JSON refusal) get a few short
 * headers instead of the full set: nothing in them can run, be framed or be sniffed, and at
 * thousands of beacons a second the full set (~700 bytes, helmet's middleware) was a tenth of the
 * server's work (decision 057). `default-src 'none'` is the strictest policy there is. HSTS is
 * left to the pages, which every beacon's sender has loaded first. */
export const BEACON_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'permissions-policy': 'browsing-topics=()',
};

const isBeacon = (method: string, url: string) =>
  method === 'POST' &&
  url.startsWith(EVENTS_PATH) &&
  (url.length === EVENTS_PATH.length || url[EVENTS_PATH.length] === '?');

/** Requests that render a page, and so may run scripts that need the nonce. */
const isPageRequest = (url: string) => !url.startsWith('/api/') && !url.startsWith('/assets/');

/** helmet's hardening headers (every answer but the beacon's), its CSP left to this module. */
const hardening = () =>
  helmet({
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });

/** Every header an API answer gets from the hook below (helmet's set, the permissions policy, the
 * policy without a nonce), as one fixed list: for the beacon listener's answers to anything but
 * the beacon (decision 061), which are written without Fastify. helmet's middleware is run once
 * on a stand-in answer that only records what it sets. */
export function apiSecurityHeaders(): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => void headers.set(name, value),
    removeHeader: (name: string) => void headers.delete(name),
  };
  hardening()({} as never, recorder as never, () => {});
  headers.set('permissions-policy', PERMISSIONS_POLICY);
  headers.set('content-security-policy', contentSecurityPolicy("'self'", "'self'"));
  return [...headers];
}

export default fp(
  async function securityHeaders(app: FastifyInstance, options: { dev: boolean }) {
    const hardeningHeaders = hardening();
    // helmet's middleware is synchronous and never fails: it only sets headers, then calls this.
    const noop = () => {};
    app.decorateRequest('cspNonce', undefined);

    // Vite's dev server injects inline scripts and styles and talks over a websocket.
    const devPolicy = contentSecurityPolicy("'self' 'unsafe-inline'", "'self' ws:");
    const policyWithoutNonce = contentSecurityPolicy("'self'", "'self'");

    app.addHook('onRequest', async (request, reply) => {
      if (isBeacon(request.method, request.url)) {
        reply.headers(BEACON_SECURITY_HEADERS);
        return;
      }
      hardeningHeaders(request.raw, reply.raw, noop);
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (options.dev) {
        reply.header('content-security-policy', devPolicy);
      } else if (isPageRequest(request.url)) {
        const nonce = randomToken(16, 'base64');
        request.cspNonce = nonce;
        // 'wasm-unsafe-eval' lets the site search (Pagefind, on the page and in its worker under
        // /pagefind/) compile its WebAssembly; it allows no eval of JavaScript.
        reply.header(
          'content-security-policy',
          contentSecurityPolicy(`'self' 'nonce-${nonce}'`, "'self'", " 'wasm-unsafe-eval'"),
        );
      } else {
        reply.header('content-security-policy', policyWithoutNonce);
      }
    });
  },
  { name: 'security-headers' },
);
