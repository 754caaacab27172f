// GET /social/card.png?title=…&summary=…&sig=…: the card of a page edited since the build
// (server/services/social-card/live-cards.ts). Public, like the build's cards; the address names
// the text, so the answer never changes and may be cached for good. Anything not signed here is a
// plain 404, as an unknown asset is.
import type { FastifyInstance } from 'fastify';
import { LIVE_CARD_PATH } from '../services/social-card/live-cards.ts';

const YEAR = 365 * 24 * 60 * 60;

export default async function socialCardRoutes(app: FastifyInstance) {
  app.get(LIVE_CARD_PATH, { schema: { hide: true } }, async (request, reply) => {
    const png = await app.services.liveCards.png(request.query as Record<string, unknown>);
    if (!png)
      return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found\n');
    return reply
      .type('image/png')
      .header('cache-control', `public, max-age=${YEAR}, immutable`)
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(png);
  });
}
