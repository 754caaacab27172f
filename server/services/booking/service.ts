// Demo booking (issue 29, decisions 045 and 046): the free times a visitor is offered, staff
// availability, and booking a time in one transaction. The database refuses an overlap per owner
// on both engines; when it does (two requests chose the same owner at once), the whole
// transaction is tried again with what is now booked, so a second free rep still gets the next
// request, and a time with nobody left answers 'taken'.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import {
  type Availability,
  type AvailabilityBody,
  BOOKING_MESSAGES,
  type BookingSettingsAnswer,
  INSTANT_PATTERN,
  type BookingSettingsBody,
  type SlotsAnswer,
} from '../../../common/booking.ts';
import type { Database } from '../../db/driver.ts';
import { createBookingRepository, isRetryableBookingConflict } from '../../db/repositories/booking.ts';
import { createUsersRepository } from '../../db/repositories/users.ts';
import type { DB } from '../../db/schema.ts';
import {
  AvailabilityError,
  type BookingOutcome,
  type Booked,
  type BookingChange,
  type BookingRequest,
  type ChangeOutcome,
  type ChosenBooking,
  type WithBooking,
  type WithChange,
} from './booking-types.ts';
import type { BookingConfig } from './config.ts';
import { chooseOwner } from './routing.ts';
import { busyByUser, iso, scheduleOf } from './schedule-rows.ts';
import { availableSlots, type BookingSettings, bookingWindow, staffFreeAt } from './slots.ts';
import { addDays, canonicalZone, civilDateAt, civilDateOf, formatCivilDate, instantOf } from './zoned-time.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
/** The first key of the advisory locks bookings of one start take (queueForStart): 'bk'. */
const BOOKING_LOCK_CLASS = 0x626b;
/** Round robin's weighted share counts the bookings of this many days. */
const RECENT_DAYS = 30;
/** How long an instance may answer from its computed free times (see slots()). */
const SLOTS_TTL_MS = 30_000;
/** Told on every instance when bookings, availability or settings change. */
export const BOOKING_CHANNEL = 'booking_changed';
/** Tries of a booking refused by the database for an overlap or a deadlock (each try sees the
 * newer bookings). */
const MAX_TRIES = 8;

type SlotList = { startMs: number; start: string; end: string }[];

export function createBookingService(
  database: Database,
  config: BookingConfig,
  options: { now?: () => number; slotsTtlMs?: number } = {},
) {
  const now = options.now ?? Date.now;
  const slotsTtlMs = options.slotsTtlMs ?? SLOTS_TTL_MS;
  // Free times are the same for every visitor until something changes, so each instance keeps
  // the last computed list (every start from the notice to the horizon) for at most slotsTtlMs.
  // Any change forgets it, here and, through the database's notify, on every instance; a
  // computation that overlapped a change is not kept. The booking transaction checks again,
  // so a time gone meanwhile answers 409 with fresh times.
  let computed: { at: number; settings: BookingSettings; slots: SlotList } | null = null;
  let generation = 0;
  const forget = () => {
    computed = null;
    generation++;
  };
  async function changed() {
    forget();
    await database.notify(BOOKING_CHANNEL, 'changed');
  }

  async function freeTimes(at: number) {
    if (computed && at >= computed.at && at - computed.at < slotsTtlMs) return computed;
    const started = generation;
    const settings = await settingsFrom(database.kysely);
    const window = bookingWindow(settings, at);
    const { staff, busy } = await load(database.kysely, at, window.from, window.to + slotsTtlMs);
    const slots = availableSlots(staff, busy, settings, { from: window.from, to: window.to + slotsTtlMs }).map(
      (slot) => ({
        startMs: slot.start,
        start: iso(slot.start),
        end: iso(slot.end),
      }),
    );
    const fresh = { at, settings, slots };
    if (started === generation) computed = fresh;
    return fresh;
  }

  async function settingsFrom(db: Kysely<DB>): Promise<BookingSettings> {
    const stored = await createBookingRepository(db).settings();
    const configured = config.settings;
    return {
      meetingMinutes: stored.meetingMinutes ?? configured.meetingMinutes,
      bufferMinutes: stored.bufferMinutes ?? configured.bufferMinutes,
      noticeMinutes: stored.noticeMinutes ?? configured.noticeMinutes,
      horizonDays: stored.horizonDays ?? configured.horizonDays,
    };
  }

  /** Everything the slot computation needs, read from `db` (a transaction when booking). */
  async function load(db: Kysely<DB>, at: number, from: number, to: number) {
    const repo = createBookingRepository(db);
    const settings = await settingsFrom(db);
    // A day either side: every zone's local date of the window, whatever its offset.
    const staff = (await repo.rotation(formatCivilDate(civilDateOf(at - DAY)))).map(scheduleOf);
    const buffer = settings.bufferMinutes * MINUTE;
    const busy = busyByUser(await repo.busy(iso(from - buffer), iso(to + buffer + settings.meetingMinutes * MINUTE)));
    return { repo, settings, staff, busy };
  }

  /** Bookings of one start time wait for each other, each until the one before has committed or
   * rolled back (PostgreSQL; SQLite runs one write transaction at a time already). Without it,
   * twenty requests for one time inserted together, each exclusion check waiting on the others'
   * uncommitted rows, then refused and tried again (14-20 times per twenty): a test's insert once
   * waited past the 15 s statement timeout. Each next one reads what the one before stored. */
  async function queueForStart(trx: Kysely<DB>, start: number) {
    if (database.engine !== 'postgres') return;
    const minute = Math.floor(start / MINUTE) % 2 ** 31;
    await sql`SELECT pg_advisory_xact_lock(${BOOKING_LOCK_CLASS}::int, ${minute}::int)`.execute(trx);
  }

  async function tryBooking(request: BookingRequest, start: number, within?: WithBooking): Promise<BookingOutcome> {
    return database.transaction(async (trx): Promise<BookingOutcome> => {
      await queueForStart(trx, start);
      const at = now();
      const { repo, settings, staff, busy } = await load(trx, at, start - DAY, start + DAY);
      const window = bookingWindow(settings, at);
      if (start < window.from) return { ok: false, reason: 'not-offered', message: BOOKING_MESSAGES.notOffered };
      if (start >= window.to) return { ok: false, reason: 'not-offered', message: BOOKING_MESSAGES.notOffered };
      if (staffFreeAt(staff, new Map(), settings, window, start).length === 0) {
        return { ok: false, reason: 'not-offered', message: BOOKING_MESSAGES.notOffered };
      }
      const free = staffFreeAt(staff, busy, settings, window, start);
      if (free.length === 0) return { ok: false, reason: 'taken', message: BOOKING_MESSAGES.taken };
      const history = await repo.bookingHistory(
        free.map((member) => member.userId),
        iso(at - RECENT_DAYS * DAY),
      );
      const choice = chooseOwner(
        free.map((member) => ({ userId: member.userId, username: member.username, ...history.get(member.userId)! })),
        config.routingRules,
        request.country,
      );
      const end = start + settings.meetingMinutes * MINUTE;
      const availability = await repo.availability(choice.userId);
      const owner = await createUsersRepository(trx).findById(choice.userId);
      const chosen: ChosenBooking = {
        uid: randomUUID(),
        ownerId: choice.userId,
        owner: choice.username,
        start: iso(start),
        end: iso(end),
        reason: choice.reason,
        meetingUrl: availability?.meetingUrl ?? null,
        ownerEmail: owner?.email ?? null,
        ownerTimeZone: availability?.timeZone ?? config.siteTimeZone,
        timeZone: request.timeZone,
      };
      const linked = await within?.(trx, chosen);
      const id = await repo.insert({
        uid: chosen.uid,
        ownerId: chosen.ownerId,
        start: chosen.start,
        end: chosen.end,
        routingReason: choice.reason,
        timeZone: request.timeZone,
        demoRequestId: (linked && linked.demoRequestId) ?? request.demoRequestId ?? null,
        at: iso(at),
        username: request.bookedBy ?? null,
      });
      return { ok: true, booking: { id, ...chosen } };
    });
  }

  /** The booking `uid` as it stands, with its owner's details; null when there is none. */
  async function bookedOf(db: Kysely<DB>, uid: string) {
    const record = await createBookingRepository(db).findByUid(uid);
    if (!record) return null;
    return { record, booking: await describe(db, record.id, record) };
  }

  async function describe(
    db: Kysely<DB>,
    id: number,
    row: { uid: string; ownerId: number; start: string; end: string; routingReason: string; timeZone: string },
  ): Promise<Booked> {
    const availability = await createBookingRepository(db).availability(row.ownerId);
    const owner = await createUsersRepository(db).findById(row.ownerId);
    return {
      id,
      uid: row.uid,
      ownerId: row.ownerId,
      owner: owner?.username ?? '',
      start: row.start,
      end: row.end,
      reason: row.routingReason,
      meetingUrl: availability?.meetingUrl ?? null,
      ownerEmail: owner?.email ?? null,
      ownerTimeZone: availability?.timeZone ?? config.siteTimeZone,
      timeZone: row.timeZone,
    };
  }

  /** One try of a change (see change()): the booking read, checked and written in one transaction. */
  async function tryChange(uid: string, change: BookingChange, by: string | null, within?: WithChange) {
    return database.transaction(async (trx): Promise<ChangeOutcome> => {
      const at = now();
      const found = await bookedOf(trx, uid);
      if (!found) return { ok: false, reason: 'not-found', message: BOOKING_MESSAGES.linkInvalid };
      const { record, booking: before } = found;
      if (record.status === 'cancelled')
        return { ok: false, reason: 'cancelled', message: BOOKING_MESSAGES.alreadyCancelled };
      const repo = createBookingRepository(trx);
      let after: Booked = before;
      if (change.kind === 'move') {
        const start = Date.parse(change.start);
        await queueForStart(trx, start);
        const loaded = await load(trx, at, start - DAY, start + DAY);
        const { settings, staff } = loaded;
        // The booking's own time does not stand in its way (a move by half an hour).
        const busy = new Map(loaded.busy);
        const own = busy.get(before.ownerId);
        if (own)
          busy.set(
            before.ownerId,
            own.filter((slot) => slot.start !== Date.parse(before.start)),
          );
        const window = bookingWindow(settings, at);
        if (staffFreeAt(staff, new Map(), settings, window, start).length === 0)
          return { ok: false, reason: 'not-offered', message: BOOKING_MESSAGES.notOffered };
        const free = staffFreeAt(staff, busy, settings, window, start);
        if (free.length === 0) return { ok: false, reason: 'taken', message: BOOKING_MESSAGES.taken };
        // The same owner when they are free; else the routing, as for a new booking.
        let owner: { userId: number; reason: string } | undefined = free.some((m) => m.userId === before.ownerId)
          ? { userId: before.ownerId, reason: record.routingReason }
          : undefined;
        if (!owner) {
          const history = await repo.bookingHistory(
            free.map((member) => member.userId),
            iso(at - RECENT_DAYS * DAY),
          );
          owner = chooseOwner(
            free.map((member) => ({
              userId: member.userId,
              username: member.username,
              ...history.get(member.userId)!,
            })),
            config.routingRules,
            null,
          );
        }
        const moved = {
          uid,
          ownerId: owner.userId,
          start: iso(start),
          end: iso(start + settings.meetingMinutes * MINUTE),
          routingReason: owner.reason,
          timeZone: record.timeZone,
        };
        await repo.change(record.id, { action: 'rescheduled', ...moved, username: by, at: iso(at) });
        after = await describe(trx, record.id, moved);
      } else {
        await repo.change(record.id, {
          action: 'cancelled',
          ownerId: record.ownerId,
          start: record.start,
          end: record.end,
          routingReason: record.routingReason,
          username: by,
          at: iso(at),
        });
      }
      const changed: ChangeOutcome = {
        ok: true,
        change: {
          before,
          after,
          sequence: record.sequence + 1,
          demoRequestId: record.demoRequestId,
          status: change.kind === 'cancel' ? 'cancelled' : 'booked',
        },
      };
      if (changed.ok) await within?.(trx, changed.change);
      return changed;
    });
  }

  async function settingsAnswer(): Promise<BookingSettingsAnswer> {
    const stored = await createBookingRepository(database.kysely).settings();
    const effective = await settingsFrom(database.kysely);
    return {
      effective: {
        meeting_minutes: effective.meetingMinutes,
        buffer_minutes: effective.bufferMinutes,
        notice_minutes: effective.noticeMinutes,
        horizon_days: effective.horizonDays,
      },
      stored: {
        meeting_minutes: stored.meetingMinutes,
        buffer_minutes: stored.bufferMinutes,
        notice_minutes: stored.noticeMinutes,
        horizon_days: stored.horizonDays,
      },
    };
  }

  return {
    settings: () => settingsFrom(database.kysely),
    settingsAnswer,

    /** Stores the booking settings (admins; null = the configured value). */
    async saveSettings(
      body: BookingSettingsBody,
      actor: { username: string; role: string },
    ): Promise<BookingSettingsAnswer> {
      if (actor.role !== 'admin') throw new AvailabilityError('forbidden', BOOKING_MESSAGES.settingsForbidden);
      const values = {
        meetingMinutes: body.meeting_minutes,
        bufferMinutes: body.buffer_minutes,
        noticeMinutes: body.notice_minutes,
        horizonDays: body.horizon_days,
      };
      await createBookingRepository(database.kysely).saveSettings(values, actor.username, iso(now()));
      await changed();
      return settingsAnswer();
    },

    /** GET /api/demo/slots: the free starts of the next `days` calendar days in `timeZone`
     * (today included), within the notice and the horizon. */
    async slots(timeZone: string, days?: number): Promise<SlotsAnswer> {
      const zone = canonicalZone(timeZone);
      if (!zone) throw new RangeError(BOOKING_MESSAGES.zone);
      const at = now();
      const { settings, slots } = await freeTimes(at);
      const until = instantOf(zone, addDays(civilDateAt(zone, at), days ?? settings.horizonDays), 0);
      const window = bookingWindow(settings, at, until);
      return {
        time_zone: zone,
        slots: slots
          .filter((slot) => slot.startMs >= window.from && slot.startMs < window.to)
          .map((slot) => ({ start: slot.start, end: slot.end })),
      };
    },

    /** Forgets this instance's free times (another instance changed something). */
    forget,
    /** Call after any change to bookings, availability or settings: every instance forgets. */
    changed,

    /** Books `request.start` for a free staff member, in one transaction with `within` (which
     * stores what belongs with it: the demo request, its emails; see WithBooking). */
    async book(request: BookingRequest, within?: WithBooking): Promise<BookingOutcome> {
      const start = Date.parse(request.start);
      if (!INSTANT_PATTERN.test(request.start) || Number.isNaN(start)) {
        return { ok: false, reason: 'invalid', message: BOOKING_MESSAGES.notOffered };
      }
      const zone = canonicalZone(request.timeZone);
      if (!zone) return { ok: false, reason: 'invalid', message: BOOKING_MESSAGES.zone };
      for (let attempt = 1; ; attempt++) {
        try {
          const outcome = await tryBooking({ ...request, timeZone: zone }, start, within);
          if (outcome.ok) await changed();
          return outcome;
        } catch (error) {
          if (!isRetryableBookingConflict(error)) throw error;
          if (attempt >= MAX_TRIES) return { ok: false, reason: 'taken', message: BOOKING_MESSAGES.taken };
        }
      }
    },

    /** The booking `uid` as it stands (for its personal page), or null. */
    async find(uid: string) {
      const found = await bookedOf(database.kysely, uid);
      return found
        ? {
            ...found.booking,
            status: found.record.status,
            sequence: found.record.sequence,
            createdAt: found.record.createdAt,
          }
        : null;
    },

    /** Cancels booking `uid` or moves it to another free time (its owner when free, else the
     * routing), in one transaction with `within` (its emails). `by`: the staff member; null: the
     * visitor. A move the database refuses (overlap, deadlock) is tried again like a booking. */
    async change(uid: string, change: BookingChange, by: string | null, within?: WithChange): Promise<ChangeOutcome> {
      if (change.kind === 'move' && (!INSTANT_PATTERN.test(change.start) || Number.isNaN(Date.parse(change.start))))
        return { ok: false, reason: 'invalid', message: BOOKING_MESSAGES.notOffered };
      for (let attempt = 1; ; attempt++) {
        try {
          const outcome = await tryChange(uid, change, by, within);
          if (outcome.ok) await changed();
          return outcome;
        } catch (error) {
          if (!isRetryableBookingConflict(error)) throw error;
          if (attempt >= MAX_TRIES) return { ok: false, reason: 'taken', message: BOOKING_MESSAGES.taken };
        }
      }
    },

    /** A staff member's availability, or null when there is no such user. */
    async availability(username: string): Promise<Availability | null> {
      const user = await createUsersRepository(database.kysely).findByUsername(username);
      if (!user) return null;
      const record = await createBookingRepository(database.kysely).availability(user.id);
      return {
        username: user.username,
        time_zone: record?.timeZone ?? config.siteTimeZone,
        weekly: record?.weekly ?? [],
        days_off: record?.daysOff ?? [],
        meeting_url: record?.meetingUrl ?? null,
        in_rotation: record?.inRotation ?? false,
        configured: record !== null,
      };
    },

    /** Replaces `username`'s availability with `body` (already validated by its schema). */
    async saveAvailability(
      username: string,
      body: AvailabilityBody,
      actor: { username: string; role: string },
    ): Promise<Availability> {
      const self = username.toLowerCase() === actor.username.toLowerCase();
      if (actor.role !== 'admin' && (!self || body.in_rotation !== undefined))
        throw new AvailabilityError('forbidden', BOOKING_MESSAGES.forbidden);
      const user = await createUsersRepository(database.kysely).findByUsername(username);
      if (!user) throw new AvailabilityError('not-found', BOOKING_MESSAGES.unknownStaff);
      const weekly = body.weekly.toSorted((a, b) => a.day - b.day || a.start.localeCompare(b.start));
      await database.transaction((trx) =>
        createBookingRepository(trx).saveAvailability(
          user.id,
          {
            timeZone: canonicalZone(body.time_zone) ?? body.time_zone,
            meetingUrl: body.meeting_url,
            inRotation: body.in_rotation,
            weekly,
            daysOff: body.days_off.toSorted(),
          },
          actor.username,
          iso(now()),
        ),
      );
      await changed();
      return (await this.availability(user.username))!;
    },
  };
}
export type BookingService = ReturnType<typeof createBookingService>;
