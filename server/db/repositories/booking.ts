// SQL for demo booking (migration 011, decision 045): staff availability, the stored booking
// settings, and bookings with their history. Written once for both engines; the database itself
// refuses two overlapping bookings of one owner (PostgreSQL's exclusion constraint, SQLite's
// trigger), and isOverlapRefusal() recognises that refusal from either.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export type AvailabilityRecord = {
  userId: number;
  timeZone: string;
  meetingUrl: string | null;
  inRotation: boolean;
  updatedAt: string;
  updatedBy: string;
  weekly: { day: number; start: string; end: string }[];
  daysOff: string[];
};

export type StoredBookingSettings = {
  meetingMinutes: number | null;
  bufferMinutes: number | null;
  noticeMinutes: number | null;
  horizonDays: number | null;
};

export type BookingRecord = {
  id: number;
  uid: string;
  sequence: number;
  ownerId: number;
  start: string;
  end: string;
  status: 'booked' | 'cancelled';
  routingReason: string;
  timeZone: string;
  demoRequestId: number | null;
  createdAt: string;
};

export type NewBooking = {
  uid: string;
  ownerId: number;
  start: string;
  end: string;
  routingReason: string;
  timeZone: string;
  demoRequestId: number | null;
  at: string;
  /** The staff member who booked it; null: the visitor. */
  username: string | null;
};

/** The refusal of an overlapping booking: PostgreSQL's exclusion violation (23P01) on
 * bookings_no_overlap, or the SQLite trigger's RAISE(ABORT, 'bookings_no_overlap'). */
export function isOverlapRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, constraint } = error as Error & { code?: string; constraint?: string };
  if (code === '23P01') return constraint === undefined || constraint === 'bookings_no_overlap';
  return error.message.includes('bookings_no_overlap');
}

/** Two PostgreSQL transactions checking the exclusion constraint on the same rows can deadlock
 * (40P01; one of them is aborted) or fail to serialize (40001). Nothing was stored by the
 * aborted one, so the booking is simply tried again, like after an overlap. */
export function isRetryableBookingConflict(error: unknown): boolean {
  if (isOverlapRefusal(error)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

export function createBookingRepository(db: Kysely<DB>) {
  const selectBookings = () =>
    db
      .selectFrom('bookings')
      .select([
        'id',
        'uid',
        'sequence',
        'owner_id as ownerId',
        'start_at as start',
        'end_at as end',
        'status',
        'routing_reason as routingReason',
        'time_zone as timeZone',
        'demo_request_id as demoRequestId',
        'created_at as createdAt',
      ]);

  /** Weekly ranges and days off (from `daysOffFrom`, when given) of some users. */
  async function details(userIds: number[], daysOffFrom?: string) {
    if (userIds.length === 0) return { weekly: [], daysOff: [] };
    let daysOff = db.selectFrom('staff_days_off').select(['user_id', 'day']).where('user_id', 'in', userIds);
    if (daysOffFrom) daysOff = daysOff.where('day', '>=', daysOffFrom);
    const [weekly, off] = await Promise.all([
      db
        .selectFrom('staff_weekly_hours')
        .select(['user_id', 'day', 'start_time', 'end_time'])
        .where('user_id', 'in', userIds)
        .orderBy('day')
        .orderBy('start_time')
        .execute(),
      daysOff.orderBy('day').execute(),
    ]);
    return { weekly, daysOff: off };
  }

  async function withDetails(
    rows: {
      user_id: number;
      time_zone: string;
      meeting_url: string | null;
      in_rotation: number;
      updated_at: string;
      updated_by: string;
    }[],
    daysOffFrom?: string,
  ) {
    const { weekly, daysOff } = await details(
      rows.map((row) => row.user_id),
      daysOffFrom,
    );
    const weeklyOf = Map.groupBy(weekly, (range) => range.user_id);
    const daysOffOf = Map.groupBy(daysOff, (day) => day.user_id);
    return rows.map((row): AvailabilityRecord => ({
      userId: row.user_id,
      timeZone: row.time_zone,
      meetingUrl: row.meeting_url,
      inRotation: row.in_rotation === 1,
      updatedAt: row.updated_at,
      updatedBy: row.updated_by,
      weekly: (weeklyOf.get(row.user_id) ?? []).map((range) => ({
        day: range.day,
        start: range.start_time,
        end: range.end_time,
      })),
      daysOff: (daysOffOf.get(row.user_id) ?? []).map((day) => day.day),
    }));
  }

  const availabilityRows = () =>
    db
      .selectFrom('staff_availability')
      .select(['user_id', 'time_zone', 'meeting_url', 'in_rotation', 'updated_at', 'updated_by']);

  return {
    async availability(userId: number): Promise<AvailabilityRecord | null> {
      const row = await availabilityRows().where('user_id', '=', userId).executeTakeFirst();
      return row ? ((await withDetails([row]))[0] ?? null) : null;
    },

    /** The staff in the rotation whose accounts are enabled, with days off from `daysOffFrom`. */
    async rotation(daysOffFrom: string): Promise<(AvailabilityRecord & { username: string })[]> {
      const rows = await db
        .selectFrom('staff_availability')
        .innerJoin('users', 'users.id', 'staff_availability.user_id')
        .select(['user_id', 'time_zone', 'meeting_url', 'in_rotation', 'updated_at', 'updated_by', 'users.username'])
        .where('in_rotation', '=', 1)
        .where('users.disabled_at', 'is', null)
        .orderBy('user_id')
        .execute();
      const records = await withDetails(rows, daysOffFrom);
      return records.map((record, index) => ({ ...record, username: rows[index]!.username }));
    },

    /** Replaces a staff member's availability. Call inside a transaction. `inRotation` undefined
     * keeps what was stored (in the rotation, for a first save). */
    async saveAvailability(
      userId: number,
      value: {
        timeZone: string;
        meetingUrl: string | null;
        inRotation?: boolean;
        weekly: AvailabilityRecord['weekly'];
        daysOff: string[];
      },
      by: string,
      at: string,
    ) {
      const row = { time_zone: value.timeZone, meeting_url: value.meetingUrl, updated_at: at, updated_by: by };
      const rotation = value.inRotation === undefined ? {} : { in_rotation: value.inRotation ? 1 : 0 };
      await db
        .insertInto('staff_availability')
        .values({ user_id: userId, ...row, in_rotation: value.inRotation === false ? 0 : 1 })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...row, ...rotation }))
        .execute();
      await db.deleteFrom('staff_weekly_hours').where('user_id', '=', userId).execute();
      await db.deleteFrom('staff_days_off').where('user_id', '=', userId).execute();
      if (value.weekly.length > 0) {
        await db
          .insertInto('staff_weekly_hours')
          .values(
            value.weekly.map((range) => ({
              user_id: userId,
              day: range.day,
              start_time: range.start,
              end_time: range.end,
            })),
          )
          .execute();
      }
      const days = [...new Set(value.daysOff)];
      if (days.length > 0)
        await db
          .insertInto('staff_days_off')
          .values(days.map((day) => ({ user_id: userId, day })))
          .execute();
    },

    async settings(): Promise<StoredBookingSettings> {
      const row = await db.selectFrom('booking_settings').selectAll().where('id', '=', 1).executeTakeFirst();
      return {
        meetingMinutes: row?.meeting_minutes ?? null,
        bufferMinutes: row?.buffer_minutes ?? null,
        noticeMinutes: row?.notice_minutes ?? null,
        horizonDays: row?.horizon_days ?? null,
      };
    },

    async saveSettings(settings: StoredBookingSettings, by: string, at: string) {
      const row = {
        meeting_minutes: settings.meetingMinutes,
        buffer_minutes: settings.bufferMinutes,
        notice_minutes: settings.noticeMinutes,
        horizon_days: settings.horizonDays,
        updated_at: at,
        updated_by: by,
      };
      await db
        .insertInto('booking_settings')
        .values({ id: 1, ...row })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
        .execute();
    },

    /** The booked meetings that overlap [from, to), by owner, in start order. */
    async busy(from: string, to: string): Promise<{ ownerId: number; start: string; end: string }[]> {
      return db
        .selectFrom('bookings')
        .select(['owner_id as ownerId', 'start_at as start', 'end_at as end'])
        .where('status', '=', 'booked')
        .where('start_at', '<', to)
        .where('end_at', '>', from)
        .orderBy('start_at')
        .execute();
    },

    /** For round robin: when each of `ownerIds` was last given a booking, and how many since `since`. */
    async bookingHistory(
      ownerIds: number[],
      since: string,
    ): Promise<Map<number, { lastBookedAt: string | null; recentBookings: number }>> {
      const history = new Map(ownerIds.map((id) => [id, { lastBookedAt: null as string | null, recentBookings: 0 }]));
      if (ownerIds.length === 0) return history;
      const rows = await db
        .selectFrom('booking_events')
        .select((eb) => ['owner_id', eb.fn.max('created_at').as('last'), eb.fn.countAll<number>().as('total')])
        .where('action', '=', 'booked')
        .where('owner_id', 'in', ownerIds)
        .groupBy('owner_id')
        .execute();
      const recent = await db
        .selectFrom('booking_events')
        .select((eb) => ['owner_id', eb.fn.countAll<number>().as('total')])
        .where('action', '=', 'booked')
        .where('owner_id', 'in', ownerIds)
        .where('created_at', '>=', since)
        .groupBy('owner_id')
        .execute();
      for (const row of rows) history.set(row.owner_id, { lastBookedAt: row.last, recentBookings: 0 });
      for (const row of recent) {
        const entry = history.get(row.owner_id);
        if (entry) entry.recentBookings = Number(row.total);
      }
      return history;
    },

    /** Stores a booking and its 'booked' event; the database refuses an overlap (isOverlapRefusal). */
    async insert(booking: NewBooking): Promise<number> {
      const { id } = await db
        .insertInto('bookings')
        .values({
          uid: booking.uid,
          owner_id: booking.ownerId,
          start_at: booking.start,
          end_at: booking.end,
          routing_reason: booking.routingReason,
          time_zone: booking.timeZone,
          demo_request_id: booking.demoRequestId,
          created_at: booking.at,
          updated_at: booking.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('booking_events')
        .values({
          booking_id: id,
          action: 'booked',
          owner_id: booking.ownerId,
          start_at: booking.start,
          end_at: booking.end,
          username: booking.username,
          created_at: booking.at,
        })
        .execute();
      return id;
    },

    /** Moves a booking (or cancels it) and records the event; the SEQUENCE grows by one. The
     * database refuses an overlap (isOverlapRefusal). Call inside a transaction. */
    async change(
      id: number,
      change: {
        action: 'rescheduled' | 'cancelled';
        ownerId: number;
        start: string;
        end: string;
        routingReason: string;
        username: string | null;
        at: string;
      },
    ): Promise<void> {
      await db
        .updateTable('bookings')
        .set((eb) => ({
          sequence: eb('sequence', '+', 1),
          status: change.action === 'cancelled' ? 'cancelled' : 'booked',
          owner_id: change.ownerId,
          start_at: change.start,
          end_at: change.end,
          routing_reason: change.routingReason,
          updated_at: change.at,
        }))
        .where('id', '=', id)
        .execute();
      await db
        .insertInto('booking_events')
        .values({
          booking_id: id,
          action: change.action,
          owner_id: change.ownerId,
          start_at: change.start,
          end_at: change.end,
          username: change.username,
          created_at: change.at,
        })
        .execute();
    },

    /** What a booking's emails say about its demo request, or null. */
    request: async (demoRequestId: number) =>
      (await db
        .selectFrom('demo_requests')
        .select(['id', 'name', 'company', 'email', 'created_at as createdAt'])
        .where('id', '=', demoRequestId)
        .executeTakeFirst()) ?? null,

    find: async (id: number): Promise<BookingRecord | null> =>
      (await selectBookings().where('id', '=', id).executeTakeFirst()) ?? null,
    findByUid: async (uid: string): Promise<BookingRecord | null> =>
      (await selectBookings().where('uid', '=', uid).executeTakeFirst()) ?? null,
    events: (bookingId: number) =>
      db.selectFrom('booking_events').selectAll().where('booking_id', '=', bookingId).orderBy('id').execute(),
    countBooked: async (): Promise<number> =>
      Number(
        (
          await db
            .selectFrom('bookings')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'booked')
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
export type BookingRepository = ReturnType<typeof createBookingRepository>;
