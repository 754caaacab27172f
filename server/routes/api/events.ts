// POST /api/events: the analytics beacon (issue 30, decision 047). Answers 202 with no body and
// no cookie. No CSRF header (sendBeacon cannot send one; an event changes nothing a visitor or
// the staff own), but only from the site's own Origin, at most 2 KB, ANALYTICS_EVENTS_PER_MINUTE
// per address. Bad input is a 400 naming the field; bots and staff pages are dropped silently
// (202). The address and user agent only go into the daily visitor id and are then forgotten.
// The rules themselves are services/analytics/beacon.ts, shared with the beacon listener's own
// server (decision 061); this is the app's transport for them.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANALYTICS_LIMITS } from '../../../common/analytics.ts';
import { errorInfoObjectSchema } from '../../../common/api.ts';
import { PublicError } from '../../errors.ts';
import { createBeaconHandler } from '../../services/analytics/beacon.ts';

const accepted = (reply: FastifyReply) => reply.code(202).header('cache-control', 'no-store').send();

const eventsRoutes: FastifyPluginAsyncZod<{ eventsPerMinute: number; exemptAddresses: string[] }> = async (
  app,
  options,
) => {
  const handleBeacon = createBeaconHandler({
    ingest: app.analytics.ingest,
    siteHost: app.analytics.siteHost,
    eventsPerMinute: options.eventsPerMinute,
    exempt: new Set(options.exemptAddresses),
  });
  // The beacon sends text/plain (a simple request); JSON is taken too. Both are read as text
  // and parsed by the handler, so a broken body is this route's 400, not a generic one.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['text/plain', 'application/json'],
    { parseAs: 'string', bodyLimit: ANALYTICS_LIMITS.body },
    (_request, body, done) => done(null, body),
  );

  app.post('/events', {
    bodyLimit: ANALYTICS_LIMITS.body,
    // Counted by its own limit (beacon.ts), not the page reads' (a reader's beacons are not reads).
    config: { errorShape: 'errorInfo', rateLimit: false },
    schema: {
      summary: 'Count a page view or an event (the site’s own beacon)',
      description:
        'Sent by the site’s pages with navigator.sendBeacon as text/plain JSON: {"type":"pageview","path":"/fleet?utm_source=…","referrer":"https://…"}, ' +
        'or type search (query, results), demo_modal_opened, form_submitted (form), demo_booked. No CSRF header; the Origin must be the site. ' +
        'No cookie is read or set; the address and user agent are not stored.',
      tags: ['Analytics'],
      body: z.unknown(),
      response: { 202: z.null().describe('Accepted (or dropped: a bot, a staff page)'), '4xx': errorInfoObjectSchema },
    },
    handler: async (request, reply) => {
      const answer = await handleBeacon({
        origin: request.headers.origin,
        host: request.host,
        address: request.ip,
        userAgent: request.headers['user-agent'],
        body: typeof request.body === 'string' ? request.body : undefined,
      });
      if (answer.status !== 202) throw new PublicError(answer.status, answer.errorInfo);
      return accepted(reply);
    },
  });
};
export default eventsRoutes;
