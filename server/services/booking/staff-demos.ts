// A staff member's side of booked demos (issue 29): moving or cancelling a demo request's
// booking from the inbox (the very change the visitor's link makes, manage.ts: same UID,
// SEQUENCE + 1, invites and CANCEL through the outbox, the history naming them), "My demos"
// (today, the rest of this week and next week, in their zone with the visitor's beside it), and
// their private calendar feed (calendar-feed.ts). Every refusal is a Result (server/refusal.ts).
import type { MyDemos, MyDemo } from '../../../common/staff-demos.ts';
import type { Database } from '../../db/driver.ts';
import { bookingOfRequest, type BookingView } from '../../db/repositories/booking-view.ts';
import { createBookingRepository } from '../../db/repositories/booking.ts';
import { createStaffDemosRepository } from '../../db/repositories/staff-demos.ts';
import { createUsersRepository } from '../../db/repositories/users.ts';
import { ok, refusal, type RefusalKind, type Result } from '../../refusal.ts';
import type { BookingChange, ChangeOutcome } from './booking-types.ts';
import { buildFeed, FEED_SECRET_PATTERN, feedPath, feedSecret, feedSecretHash } from './calendar-feed.ts';
import type { BookingManager } from './manage.ts';
import { addDays, civilDateAt, formatCivilDate, instantOf, isoWeekday } from './zoned-time.ts';

export const STAFF_DEMO_MESSAGES = {
  noBooking: 'This demo request has no booked meeting.',
  unknownStaff: 'There is no staff member with that username',
} as const;

/** How each refusal of a change reads as a refusal kind (400, 404, 409). */
const CHANGE_REFUSALS: Record<Extract<ChangeOutcome, { ok: false }>['reason'], RefusalKind> = {
  'not-found': 'not-found',
  cancelled: 'conflict',
  invalid: 'invalid',
  'not-offered': 'invalid',
  taken: 'conflict',
};

const DAY_MS = 86_400_000;
/** The feed reaches this far ahead (and My demos never further than next week). */
const FEED_DAYS = 366;

export function createStaffDemos(deps: {
  database: Database;
  manager: Pick<BookingManager, 'staffChange'>;
  /** The server's key: the feed secrets are HMACs under it. */
  key: string;
  siteUrl: string;
  siteTimeZone: string;
  brand: string;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const repo = createStaffDemosRepository(deps.database.kysely);
  const users = createUsersRepository(deps.database.kysely);
  const host = (() => {
    try {
      return new URL(deps.siteUrl).hostname || 'localhost';
    } catch {
      return 'localhost';
    }
  })();
  const requestUrl = (id: number | null) =>
    id === null ? null : new URL(`/inbox/demo-requests/${id}`, deps.siteUrl).href;

  async function staffId(username: string): Promise<Result<number>> {
    const user = await users.findByUsername(username);
    return user && !user.disabledAt ? ok(user.id) : refusal('not-found', STAFF_DEMO_MESSAGES.unknownStaff);
  }

  /** The feed's URL for its stored generation (the first is made on first ask). */
  async function feedUrl(userId: number, renew: boolean): Promise<string> {
    const current = await repo.feedOf(userId);
    const generation = !current ? 1 : renew ? current.generation + 1 : current.generation;
    if (!current || renew) {
      const secret = feedSecret(deps.key, userId, generation);
      await repo.saveFeed(userId, feedSecretHash(secret), generation, new Date(now()).toISOString());
    }
    // Read back: of two renewals at once, both answer the one generation stored.
    const stored = (await repo.feedOf(userId))!;
    return new URL(feedPath(feedSecret(deps.key, userId, stored.generation)), deps.siteUrl).href;
  }

  return {
    /** Demo request `id`'s name and newest booking as the inbox shows it, and the zone `username`
     * reads times in; null when there is no such request. */
    async requestMeeting(
      id: number,
      username: string,
    ): Promise<{ name: string; company: string; booking: BookingView | null; staffTimeZone: string } | null> {
      const request = await createBookingRepository(deps.database.kysely).request(id);
      if (!request) return null;
      const user = await users.findByUsername(username);
      const zone = (user && (await repo.availabilityOf(user.id))?.time_zone) || deps.siteTimeZone;
      return {
        name: request.name,
        company: request.company,
        booking: await bookingOfRequest(deps.database.kysely, id),
        staffTimeZone: zone,
      };
    },

    /** Moves or cancels demo request `requestId`'s booking as `username`. */
    async changeRequestBooking(requestId: number, change: BookingChange, username: string): Promise<Result<true>> {
      const booking = await repo.bookingOfRequest(requestId);
      if (!booking) return refusal('not-found', STAFF_DEMO_MESSAGES.noBooking);
      const outcome = await deps.manager.staffChange(booking.uid, change, username);
      if (!outcome.ok) return refusal(CHANGE_REFUSALS[outcome.reason], outcome.message);
      return ok(true);
    },

    /** `username`'s booked demos from the start of their today to the end of next week (Monday
     * to Sunday weeks in their zone: the availability's, else the site's). */
    async myDemos(username: string): Promise<Result<MyDemos>> {
      const id = await staffId(username);
      if (!id.ok) return id;
      const zone = (await repo.availabilityOf(id.value))?.time_zone ?? deps.siteTimeZone;
      const at = now();
      const today = civilDateAt(zone, at);
      const weekStart = addDays(today, 1 - isoWeekday(today));
      const [nextWeek, after] = [addDays(weekStart, 7), addDays(weekStart, 14)];
      const from = new Date(instantOf(zone, today, 0)).toISOString();
      const to = new Date(instantOf(zone, after, 0)).toISOString();
      const [todayText, nextWeekText] = [formatCivilDate(today), formatCivilDate(nextWeek)];
      const demos: MyDemo[] = (await repo.ownedBetween(id.value, from, to)).map((demo) => {
        const day = formatCivilDate(civilDateAt(zone, Date.parse(demo.start)));
        return {
          start: demo.start,
          end: demo.end,
          visitor_time_zone: demo.time_zone,
          request_id: demo.request_id,
          name: demo.name,
          company: demo.company,
          period: day <= todayText ? 'today' : day < nextWeekText ? 'this-week' : 'next-week',
        };
      });
      return ok({ time_zone: zone, today: todayText, demos });
    },

    /** The URL of `username`'s private calendar feed. */
    async calendarFeed(username: string): Promise<Result<{ url: string }>> {
      const id = await staffId(username);
      return id.ok ? ok({ url: await feedUrl(id.value, false) }) : id;
    },

    /** A new URL for the feed; the old one opens nothing from now on. */
    async renewCalendarFeed(username: string): Promise<Result<{ url: string }>> {
      const id = await staffId(username);
      return id.ok ? ok({ url: await feedUrl(id.value, true) }) : id;
    },

    /** The feed's text for the secret in its URL, or null (malformed, renewed, or a disabled
     * account): the route answers 404 alike, so a guess learns nothing. */
    async feed(secret: string): Promise<string | null> {
      if (!FEED_SECRET_PATTERN.test(secret)) return null;
      const found = await repo.feedByHash(feedSecretHash(secret));
      if (!found) return null;
      const user = await users.findById(found.userId);
      if (!user || user.disabledAt) return null;
      const at = now();
      const link = (await repo.availabilityOf(user.id))?.meeting_url ?? null;
      const demos = await repo.ownedBetween(
        user.id,
        new Date(at).toISOString(),
        new Date(at + FEED_DAYS * DAY_MS).toISOString(),
      );
      return buildFeed({
        name: `${deps.brand} demos (${user.username})`,
        domain: host,
        productId: `-//${deps.brand}//Demo calendar feed//EN`,
        stamp: new Date(at).toISOString(),
        events: demos.map((demo) => {
          const who = [demo.name, demo.company].filter(Boolean).join(', ') || 'a visitor';
          const url = requestUrl(demo.request_id);
          return {
            uid: demo.uid,
            sequence: demo.sequence,
            start: demo.start,
            end: demo.end,
            summary: `${deps.brand} demo: ${who}`,
            description: [`Visitor's time zone: ${demo.time_zone}.`, ...(url ? [`Demo request: ${url}`] : [])].join(
              '\n',
            ),
            location: link ?? 'Phone call',
            url,
          };
        }),
      });
    },
  };
}
export type StaffDemos = ReturnType<typeof createStaffDemos>;
