// Security headers on every answer: a strict CSP whose script and style nonce is made per
// response (reply.cspNonce, passed on to the React render), plus the usual hardening headers.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()';

export default fp(
  async function securityHeaders(app: FastifyInstance, options: { dev: boolean }) {
    await app.register(helmet, {
      // Vite's dev server injects inline scripts and styles; production never does.
      enableCSPNonces: !options.dev,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
          'style-src': options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
          'img-src': ["'self'"],
          'font-src': ["'self'"],
          'connect-src': options.dev ? ["'self'", 'ws:'] : ["'self'"],
          // The contact map loads only when a visitor asks for it.
          'frame-src': ['https://www.openstreetmap.org'],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    });
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    });
  },
  { name: 'security-headers' },
);
