// POST /api/events: the analytics beacon (issue 30, decision 047). Answers 202 with no body and
// no cookie. No CSRF header (sendBeacon cannot send one; an event changes nothing a visitor or
// the staff own), but only from the site's own Origin, at most 2 KB, ANALYTICS_EVENTS_PER_MINUTE
// per address. Bad input is a 400 naming the field; bots and staff pages are dropped silently
// (202). The address and user agent only go into the daily visitor id and are then forgotten.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isbot } from 'isbot';
import { z } from 'zod';
import { ANALYTICS_LIMITS, EVENT_MESSAGES, eventSchema, isStaffPath } from '../../../common/analytics.ts';
import { errorInfoObjectSchema } from '../../../common/api.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { PublicError } from '../../errors.ts';

/** Addresses one instance keeps counting; past this the counts start afresh (a flood of
 * forged addresses cannot grow the map without bound). */
const MAX_ADDRESSES = 20_000;

/** Events per address in fixed one-minute windows, in memory: a database counter per beacon
 * would cost more than the event itself. With several instances each counts its own share. */
function perAddressLimit(perMinute: number, exempt: ReadonlySet<string>) {
  let windowStart = 0;
  const counts = new Map<string, number>();
  return (address: string, now: number) => {
    if (exempt.has(address)) return true;
    if (now - windowStart >= 60_000 || counts.size >= MAX_ADDRESSES) {
      windowStart = now - (now % 60_000);
      counts.clear();
    }
    const hits = (counts.get(address) ?? 0) + 1;
    counts.set(address, hits);
    return hits <= perMinute;
  };
}

/** The Origin header names the site. Compared as text first (a browser sends exactly
 * `scheme://host`), parsed only when that does not match (one URL parse per beacon was a cost). */
function fromOwnSite(request: FastifyRequest, siteHost: string | null): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  const start = origin.startsWith('https://') ? 8 : origin.startsWith('http://') ? 7 : -1;
  if (start > 0) {
    const host = origin.slice(start);
    if (host === request.host || host === siteHost) return true;
  }
  if (!URL.canParse(origin)) return false;
  const host = new URL(origin).host;
  return host === request.host || host === siteHost;
}

/** isbot's verdict per user agent: a visitor sends the same one with every event. Bounded. */
const botVerdicts = new Map<string, boolean>();
function isBot(userAgent: string): boolean {
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = isbot(userAgent);
    if (botVerdicts.size >= 5_000) botVerdicts.clear();
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}

const accepted = (reply: FastifyReply) => reply.code(202).header('cache-control', 'no-store').send();

const eventsRoutes: FastifyPluginAsyncZod<{ eventsPerMinute: number; exemptAddresses: string[] }> = async (
  app,
  options,
) => {
  const allowed = perAddressLimit(options.eventsPerMinute, new Set(options.exemptAddresses));
  // The beacon sends text/plain (a simple request); JSON is taken too. Both are read as text
  // and parsed here, so a broken body is this route's 400, not a generic one.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['text/plain', 'application/json'],
    { parseAs: 'string', bodyLimit: ANALYTICS_LIMITS.body },
    (_request, body, done) => done(null, body),
  );

  app.post('/events', {
    bodyLimit: ANALYTICS_LIMITS.body,
    // Counted by its own limit below, not the page reads' (a reader's beacons are not reads).
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
      if (!fromOwnSite(request, app.analytics.siteHost)) throw new PublicError(403, EVENT_MESSAGES.origin);
      if (!allowed(request.ip, Date.now())) throw new PublicError(429, MESSAGES.rateLimited);
      let json: unknown;
      try {
        json = JSON.parse(typeof request.body === 'string' ? request.body : '');
      } catch {
        throw new PublicError(400, EVENT_MESSAGES.body);
      }
      const parsed = eventSchema.safeParse(json);
      if (!parsed.success) throw new PublicError(400, parsed.error.issues[0]?.message ?? MESSAGES.badRequest);
      const userAgent = request.headers['user-agent'] ?? '';
      // Bots and the staff area's pages are not counted; the sender is not told.
      if (!userAgent || isBot(userAgent) || isStaffPath(parsed.data.path)) return accepted(reply);
      await app.analytics.ingest.take(parsed.data, {
        address: request.ip,
        userAgent,
        site: app.analytics.siteHost ?? request.host,
      });
      return accepted(reply);
    },
  });
};
export default eventsRoutes;
