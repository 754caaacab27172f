// The permanent redirects a slug change wrote (issue 31, server/services/page-slugs.ts): a GET or
// HEAD of an old path answers 308 to the new one, its query kept, before any page or 404 is
// rendered. The paths come from each instance's copy (PageCopy), forgotten on every content change.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async function redirects(app: FastifyInstance) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const [path = '/', query] = request.url.split(/\?(.*)/s, 2);
      if (path.startsWith('/api/') || path.startsWith('/assets/')) return;
      let to: string | null;
      try {
        to = await app.services.pageCopy.redirectFor(path);
      } catch (error) {
        // The database is away: the page is still served (or its 404), as without redirects.
        request.log.warn({ err: error }, 'redirects not read');
        return;
      }
      if (!to) return;
      reply.header('cache-control', 'public, max-age=300');
      return reply.redirect(query ? `${to}?${query}` : to, 308);
    });
  },
  { name: 'redirects', dependencies: ['services'] },
);
