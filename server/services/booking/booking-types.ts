// What a demo booking is asked and answers: the request, the booking made, the outcome, the availability error and the hook stored with it.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type BookingRequest = {
  /** The chosen start, an ISO 8601 instant from the offered slots. */
  start: string;
  /** The visitor's zone (IANA), kept to name the time in their words. */
  timeZone: string;
  /** ISO 3166-1 alpha-2, for the routing rules. */
  country?: string | null;
  demoRequestId?: number | null;
  /** The staff member booking on someone's behalf; null or absent: the visitor. */
  bookedBy?: string | null;
};

export type Booked = {
  id: number;
  uid: string;
  ownerId: number;
  owner: string;
  start: string;
  end: string;
  reason: string;
  meetingUrl: string | null;
  /** The owner's address for the invite, or null when they have none. */
  ownerEmail: string | null;
  /** The owner's zone (IANA), in which their emails name the time. */
  ownerTimeZone: string;
  /** The visitor's zone (IANA). */
  timeZone: string;
};

export type BookingOutcome =
  { ok: true; booking: Booked } | { ok: false; reason: 'invalid' | 'not-offered' | 'taken'; message: string };

export class AvailabilityError extends Error {
  readonly reason: 'not-found' | 'forbidden';
  constructor(reason: 'not-found' | 'forbidden', message: string) {
    super(message);
    this.reason = reason;
  }
}

/** The booking as chosen, before its row is stored (no id yet). */
export type ChosenBooking = Omit<Booked, 'id'>;
/** What is stored with a booking, in its transaction: called once the time and owner are
 * chosen and before the booking's row, so the demo request can take the owner and the booking
 * can point at it (return its id). Throwing stores nothing. On PostgreSQL it may run more than
 * once (a retried transaction); only the last run is kept. */
export type WithBooking = (
  trx: Kysely<DB>,
  booking: ChosenBooking,
) => Promise<{ demoRequestId?: number | null } | void>;

/** A booking's change by its personal link or by staff (cancel, or move to `start`). */
export type BookingChange = { kind: 'cancel' } | { kind: 'move'; start: string };

/** A booking before and after a change; `sequence` is the invite's new SEQUENCE. */
export type ChangedBooking = {
  before: Booked;
  after: Booked;
  sequence: number;
  demoRequestId: number | null;
  status: 'booked' | 'cancelled';
};

export type ChangeOutcome =
  | { ok: true; change: ChangedBooking }
  | { ok: false; reason: 'not-found' | 'cancelled' | 'invalid' | 'not-offered' | 'taken'; message: string };

/** What is stored with a change, in its transaction (the emails): see WithBooking. */
export type WithChange = (trx: Kysely<DB>, change: ChangedBooking) => Promise<void>;
