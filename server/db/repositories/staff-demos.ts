// SQL for a staff member's own demos (issue 29): the booking a demo request holds (for staff to
// move or cancel it), the booked demos one owner has in a time range (My demos, the calendar
// feed), and the calendar feed's stored secret hash (migration 016). Both engines.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export type OwnedDemo = {
  uid: string;
  sequence: number;
  start: string;
  end: string;
  /** The visitor's zone. */
  time_zone: string;
  request_id: number | null;
  name: string | null;
  company: string | null;
};

export type CalendarFeedRow = { userId: number; generation: number; renewedAt: string };

export function createStaffDemosRepository(db: Kysely<DB>) {
  return {
    /** The newest booking of demo request `id` (its uid and status), or null when it booked none. */
    bookingOfRequest: async (id: number): Promise<{ uid: string; status: 'booked' | 'cancelled' } | null> =>
      (await db
        .selectFrom('bookings')
        .select(['uid', 'status'])
        .where('demo_request_id', '=', id)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()) ?? null,

    /** The booked demos of `userId` that end after `from` and start before `to`, soonest first. */
    async ownedBetween(userId: number, from: string, to: string, limit = 500): Promise<OwnedDemo[]> {
      const rows = await db
        .selectFrom('bookings')
        .leftJoin('demo_requests', 'demo_requests.id', 'bookings.demo_request_id')
        .select([
          'bookings.uid',
          'bookings.sequence',
          'bookings.start_at as start',
          'bookings.end_at as end',
          'bookings.time_zone',
          'bookings.demo_request_id as request_id',
          'demo_requests.name',
          'demo_requests.company',
        ])
        .where('bookings.owner_id', '=', userId)
        .where('bookings.status', '=', 'booked')
        .where('bookings.end_at', '>', from)
        .where('bookings.start_at', '<', to)
        .orderBy('bookings.start_at')
        .limit(limit)
        .execute();
      // Plain objects: the embedded engine's rows have no prototype.
      return rows.map((row) => ({ ...row, sequence: Number(row.sequence) }));
    },

    /** The zone and meeting link a staff member saved with their availability, or null. */
    availabilityOf: async (userId: number): Promise<{ time_zone: string; meeting_url: string | null } | null> =>
      (await db
        .selectFrom('staff_availability')
        .select(['time_zone', 'meeting_url'])
        .where('user_id', '=', userId)
        .executeTakeFirst()) ?? null,

    /** The feed a secret's hash opens, or null (never made, or renewed since). */
    feedByHash: async (secretHash: string): Promise<CalendarFeedRow | null> => {
      const row = await db
        .selectFrom('staff_calendar_feeds')
        .select(['user_id', 'generation', 'renewed_at'])
        .where('secret_hash', '=', secretHash)
        .executeTakeFirst();
      return row ? { userId: row.user_id, generation: Number(row.generation), renewedAt: row.renewed_at } : null;
    },

    feedOf: async (userId: number): Promise<CalendarFeedRow | null> => {
      const row = await db
        .selectFrom('staff_calendar_feeds')
        .select(['user_id', 'generation', 'renewed_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? { userId: row.user_id, generation: Number(row.generation), renewedAt: row.renewed_at } : null;
    },

    /** Stores the feed's hash for `generation`, replacing the one before (whose URL then opens
     * nothing). Only moves forward: a generation not above the stored one changes nothing, so two
     * renewals at once make one new URL, not two that disagree. */
    async saveFeed(userId: number, secretHash: string, generation: number, at: string): Promise<void> {
      await db
        .insertInto('staff_calendar_feeds')
        .values({ user_id: userId, secret_hash: secretHash, generation, renewed_at: at })
        .onConflict((conflict) =>
          conflict
            .column('user_id')
            .doUpdateSet({ secret_hash: secretHash, generation, renewed_at: at })
            .where('staff_calendar_feeds.generation', '<', generation),
        )
        .execute();
    },
  };
}
export type StaffDemosRepository = ReturnType<typeof createStaffDemosRepository>;
