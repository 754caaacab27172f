// Serves the client build: hashed files under /assets/ are immutable for a year, the rest
// (favicon, robots.txt) for an hour. Brotli and gzip copies made at build time are sent to
// clients that accept them.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async function staticAssets(app: FastifyInstance, options: { root: string }) {
    await app.register(fastifyStatic, {
      root: options.root,
      prefix: '/',
      // One route per file found at start, so unknown paths fall through to the pages.
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      index: false,
      setHeaders(reply, path) {
        const immutable = path.includes('/assets/');
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  },
  { name: 'static-assets' },
);
