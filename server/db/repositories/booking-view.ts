// The booking of a demo request as the staff inbox shows it (issue 29): its time, the visitor's
// zone, its owner with their zone and meeting link, its status and why it went to them.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export type BookingView = {
  start: string;
  end: string;
  /** The visitor's zone. */
  time_zone: string;
  owner: string;
  /** The owner's zone (null: they never saved their availability). */
  owner_time_zone: string | null;
  meeting_url: string | null;
  status: 'booked' | 'cancelled';
  routing_reason: string;
  /** Oldest first; `by` null: the visitor. */
  history: {
    action: 'booked' | 'rescheduled' | 'cancelled';
    start: string;
    owner: string;
    by: string | null;
    at: string;
  }[];
};

/** The newest booking of demo request `id`, or null when it booked none. */
export async function bookingOfRequest(db: Kysely<DB>, id: number): Promise<BookingView | null> {
  const row = await db
    .selectFrom('bookings')
    .innerJoin('users', 'users.id', 'bookings.owner_id')
    .leftJoin('staff_availability', 'staff_availability.user_id', 'bookings.owner_id')
    .select([
      'bookings.id',
      'bookings.start_at as start',
      'bookings.end_at as end',
      'bookings.time_zone',
      'users.username as owner',
      'staff_availability.time_zone as owner_time_zone',
      'staff_availability.meeting_url',
      'bookings.status',
      'bookings.routing_reason',
    ])
    .where('bookings.demo_request_id', '=', id)
    .orderBy('bookings.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const history = await db
    .selectFrom('booking_events')
    .innerJoin('users', 'users.id', 'booking_events.owner_id')
    .select([
      'booking_events.action',
      'booking_events.start_at as start',
      'users.username as owner',
      'booking_events.username as by',
      'booking_events.created_at as at',
    ])
    .where('booking_events.booking_id', '=', row.id)
    .orderBy('booking_events.id')
    .execute();
  const { id: _id, ...view } = row;
  // Plain objects: the embedded engine's rows have no prototype.
  return { ...view, history: history.map((entry) => ({ ...entry })) };
}
