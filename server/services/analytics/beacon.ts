// What POST /api/events decides, whichever server carries it (decision 061): the app's Fastify
// route (routes/api/events.ts) and the beacon listener's plain node:http server
// (beacon-listener-worker.ts) both hand the same few facts of a request to one handler made here,
// so the Origin rule, the per-address limit, the JSON and schema checks, the silent drops (bots,
// staff pages) and the hand-over to ingestion cannot drift apart. The transport's own part (the
// content type, the 2 KB body, headers, request ids) stays with each server; the content-type
// rule is here too, for the listener, written as Fastify applies it to the route.
import { isbot } from 'isbot';
import { EVENT_MESSAGES, eventSchema, isStaffPath } from '../../../common/analytics.ts';
import { MESSAGES } from '../../../common/messages.ts';
import type { Ingest } from './ingest.ts';

/** The request as the beacon's rules see it. `host` is the Host the client named (the proxy's
 * X-Forwarded-Host when it is trusted), `address` the client's (the trust-proxy rule applied). */
export type BeaconInput = {
  origin: string | undefined;
  host: string;
  address: string;
  userAgent: string | undefined;
  /** The body as text; undefined when the request had none. */
  body: string | undefined;
};

/** 202 (taken, or dropped without telling the sender), else a refusal in the route's shape. */
export type BeaconAnswer = { status: 202 } | { status: 400 | 403 | 429; errorInfo: string };

export type BeaconOptions = {
  ingest: Pick<Ingest, 'take'>;
  /** SITE_URL's host; null: each request's own Host is the site. */
  siteHost: string | null;
  eventsPerMinute: number;
  /** Addresses never limited (RATE_LIMIT_EXEMPT_ADDRESSES). */
  exempt: ReadonlySet<string>;
  /** The clock of the per-address windows. */
  now?: () => number;
};

/** Addresses one instance keeps counting; past this the counts start afresh (a flood of
 * forged addresses cannot grow the map without bound). */
const MAX_ADDRESSES = 20_000;

/** Events per address in fixed one-minute windows, in memory: a database counter per beacon
 * would cost more than the event itself. With several instances (or threads) each counts its own share. */
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
function fromOwnSite(origin: string | undefined, host: string, siteHost: string | null): boolean {
  if (!origin) return false;
  const start = origin.startsWith('https://') ? 8 : origin.startsWith('http://') ? 7 : -1;
  if (start > 0) {
    const named = origin.slice(start);
    if (named === host || named === siteHost) return true;
  }
  if (!URL.canParse(origin)) return false;
  const named = new URL(origin).host;
  return named === host || named === siteHost;
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

const ACCEPTED: BeaconAnswer = { status: 202 };
const refused = (status: 400 | 403 | 429, errorInfo: string): BeaconAnswer => ({ status, errorInfo });
const WRONG_ORIGIN = refused(403, EVENT_MESSAGES.origin);
const TOO_MANY = refused(429, MESSAGES.rateLimited);
const UNREADABLE = refused(400, EVENT_MESSAGES.body);

/** The beacon's rules, in the order the route has always applied them: Origin (403), the
 * per-address limit (429), JSON (400), the schema (400, its first message), then bots, a missing
 * user agent and staff pages dropped (202), else the event queued (202). Resolves once queued:
 * the write itself is never waited for. */
export function createBeaconHandler(options: BeaconOptions) {
  const { ingest, siteHost } = options;
  const now = options.now ?? Date.now;
  const allowed = perAddressLimit(options.eventsPerMinute, options.exempt);
  return async function handleBeacon(input: BeaconInput): Promise<BeaconAnswer> {
    if (!fromOwnSite(input.origin, input.host, siteHost)) return WRONG_ORIGIN;
    if (!allowed(input.address, now())) return TOO_MANY;
    let json: unknown;
    try {
      json = JSON.parse(input.body ?? '');
    } catch {
      return UNREADABLE;
    }
    const parsed = eventSchema.safeParse(json);
    if (!parsed.success) return refused(400, parsed.error.issues[0]?.message ?? MESSAGES.badRequest);
    const userAgent = input.userAgent ?? '';
    // Bots and the staff area's pages are not counted; the sender is not told.
    if (!userAgent || isBot(userAgent) || isStaffPath(parsed.data.path)) return ACCEPTED;
    await ingest.take(parsed.data, { address: input.address, userAgent, site: siteHost ?? input.host });
    return ACCEPTED;
  };
}
export type BeaconHandler = ReturnType<typeof createBeaconHandler>;

/** Media types the beacon is read from: sendBeacon sends text/plain (a simple request, no
 * preflight); JSON is taken too. */
const BEACON_MEDIA_TYPES = new Set(['text/plain', 'application/json']);
const TOKEN = /^[\w!#$%&'*+.^`|~-]+$/;
const SUBTYPE = /^[\w!#$%&'*+.^`|~-]+\s*$/;
/** Verdicts per Content-Type value: a browser sends the same few. Bounded. */
const mediaTypeVerdicts = new Map<string, boolean>();

/** Whether a Content-Type header names one of the beacon's media types, by the rule Fastify
 * applies to the route (its ContentType parse: `type/subtype` of token characters, case-insensitive,
 * any parameters, the charset not looked at). */
export function isBeaconContentType(header: string): boolean {
  let verdict = mediaTypeVerdicts.get(header);
  if (verdict === undefined) {
    const cut = header.indexOf(';');
    const mediaType = (cut === -1 ? header : header.slice(0, cut)).toLowerCase();
    const slash = mediaType.indexOf('/');
    const type = mediaType.slice(0, slash).trimStart();
    const subtype = mediaType.slice(slash + 1).trimEnd();
    verdict = slash !== -1 && TOKEN.test(type) && SUBTYPE.test(subtype) && BEACON_MEDIA_TYPES.has(`${type}/${subtype}`);
    if (mediaTypeVerdicts.size >= 100) mediaTypeVerdicts.clear();
    mediaTypeVerdicts.set(header, verdict);
  }
  return verdict;
}
