// The inbox's SQL for a demo request's booked meeting (issue 29): the column a row is read with
// (its start, the visitor's zone and the booking's owner), the clauses of the `booking` filter
// (upcoming, past, none) and the key the list sorts by meeting time. Each looks up the request's
// newest booking that is still booked (indexed by bookings_demo_request), as correlated
// subqueries that run the same on both engines. "Now" is a parameter, never the database's
// clock, so a test's clock and the server's agree.
import { type RawBuilder, sql } from 'kysely';
import type { BookingFilter } from '../../../common/inbox-vocabulary.ts';

/** The outer table is always the demo requests' (only they book). */
const bookedOf = sql`FROM bookings b WHERE b.demo_request_id = demo_requests.id AND b.status = 'booked'`;

/** `start zone owner` of the newest booked meeting, or NULL. None of the three holds a space: the
 * start is ISO text, the zone an IANA name, the owner a username (USERNAME_PATTERN). */
export const MEETING_COLUMN = sql`(SELECT b.start_at || ' ' || b.time_zone || ' ' || u.username
  FROM bookings b JOIN users u ON u.id = b.owner_id
  WHERE b.demo_request_id = demo_requests.id AND b.status = 'booked' ORDER BY b.id DESC LIMIT 1) AS meeting`;

export type RowMeeting = { start: string; time_zone: string; owner: string };

/** The meeting column read back (null: none booked). */
export function rowMeeting(value: unknown): RowMeeting | null {
  if (typeof value !== 'string') return null;
  const [start, time_zone, owner] = value.split(' ');
  return start && time_zone && owner ? { start, time_zone, owner } : null;
}

/** The clause of the booking filter at `now` (ISO): upcoming = a booked meeting not over yet
 * (one under way counts), past = a booked meeting that is over, none = no booked meeting. */
export function bookingClause(booking: BookingFilter, now: string): RawBuilder<unknown> {
  if (booking === 'none') return sql`NOT EXISTS (SELECT 1 ${bookedOf})`;
  const cmp = sql.raw(booking === 'upcoming' ? '>' : '<=');
  return sql`EXISTS (SELECT 1 ${bookedOf} AND b.end_at ${cmp} ${now})`;
}

/** The meeting sort's key at `now`: '0' + start for a meeting not over yet, '1' + start for one
 * that is over, '2' for none, so ascending reads upcoming soonest first, then past, then none.
 * Text on both engines (ISO instants sort as text), never NULL, so the neighbours' keyset works. */
export function meetingKey(now: string): RawBuilder<unknown> {
  return sql`coalesce((SELECT CASE WHEN b.end_at > ${now} THEN '0' ELSE '1' END || b.start_at ${bookedOf}
    ORDER BY b.id DESC LIMIT 1), '2')`;
}
