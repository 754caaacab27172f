// GET /calendar/<secret>.ics: a staff member's private calendar feed of their upcoming demos
// (issue 29), for Google Calendar or Outlook to subscribe to. No sign-in: the secret in the URL
// is the key (only its hash is stored); a malformed, unknown or renewed secret is a plain 404,
// the same for every guess. Never kept by a cache, never indexed.
import type { FastifyInstance } from 'fastify';

const NOT_FOUND = 'Not found\n';

export default async function calendarFeedRoutes(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>('/calendar/:file', { schema: { hide: true } }, async (request, reply) => {
    reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer');
    const match = /^([^.]+)\.ics$/.exec(request.params.file);
    const feed = match ? await app.services.staffDemos.feed(match[1]!) : null;
    if (feed === null) return reply.code(404).type('text/plain; charset=utf-8').send(NOT_FOUND);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="haulora-demos.ics"')
      .send(feed);
  });
}
