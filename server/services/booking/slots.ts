// Free times, computed (decision 046): each staff member's weekly wall-clock ranges are expanded
// day by day in their own zone (so a range keeps its wall-clock hours across daylight saving),
// cut into meetings on a grid from each range's start, and a start is kept when no booking of
// theirs, widened by the buffer, overlaps the meeting, and it respects the notice and the
// horizon. The visitor sees the union over the staff in the rotation, without names. Pure: the
// caller reads the database and passes the clock.
import {
  addDays,
  type CivilDate,
  civilDateOf,
  daysBetween,
  formatCivilDate,
  instantOf,
  isoWeekday,
} from './zoned-time.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** One staff member's availability, ready to expand (minutes after their local midnight). */
export type StaffSchedule = {
  userId: number;
  username: string;
  timeZone: string;
  weekly: { day: number; start: number; end: number }[];
  /** YYYY-MM-DD in their zone. */
  daysOff: ReadonlySet<string>;
};

/** The settings in force (stored ones over configured ones). */
export type BookingSettings = {
  meetingMinutes: number;
  bufferMinutes: number;
  noticeMinutes: number;
  horizonDays: number;
};

/** A staff member's booked meetings, as epoch milliseconds, sorted by start, never overlapping. */
export type Busy = readonly { start: number; end: number }[];
export type BusyByUser = ReadonlyMap<number, Busy>;

const NO_BUSY: Busy = [];

/** The earliest and latest start a visitor may book now. `until` (epoch ms) narrows the horizon. */
export function bookingWindow(settings: BookingSettings, now: number, until = Infinity): { from: number; to: number } {
  return { from: now + settings.noticeMinutes * MINUTE, to: Math.min(until, now + settings.horizonDays * DAY) };
}

/** The index of the first busy interval that ends after `instant` (ends are sorted as starts are). */
function firstEndingAfter(busy: Busy, instant: number): number {
  let low = 0;
  let high = busy.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (busy[middle]!.end <= instant) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** True when [start, end) comes within `buffer` ms of a busy interval. */
function clashes(busy: Busy, start: number, end: number, buffer: number): boolean {
  const next = busy[firstEndingAfter(busy, start - buffer)];
  return next !== undefined && next.start - buffer < end;
}

/** The starts (epoch ms) at which `staff` can take a meeting, from `from` (inclusive) to `to`
 * (exclusive), in time order. */
export function staffSlotStarts(
  staff: StaffSchedule,
  busy: Busy,
  settings: BookingSettings,
  from: number,
  to: number,
): number[] {
  const starts: number[] = [];
  if (from >= to || staff.weekly.length === 0) return starts;
  const length = settings.meetingMinutes * MINUTE;
  const buffer = settings.bufferMinutes * MINUTE;
  // Every zone's date is within a day of the UTC date (offsets are under 15 hours): the dates
  // from the day before `from`'s to the day after `to`'s cover the window in any zone, and the
  // instants outside it are dropped below. (No Intl call per request: expansions are cached.)
  const first: CivilDate = addDays(civilDateOf(from), -1);
  const days = daysBetween(first, civilDateOf(to)) + 1;
  for (let offset = 0; offset <= days; offset++) {
    const date = addDays(first, offset);
    if (staff.daysOff.has(formatCivilDate(date))) continue;
    const weekday = isoWeekday(date);
    for (const range of staff.weekly) {
      if (range.day !== weekday) continue;
      const rangeStart = instantOf(staff.timeZone, date, range.start);
      const rangeEnd = instantOf(staff.timeZone, date, range.end);
      for (let start = rangeStart; start + length <= rangeEnd; start += length) {
        if (start < from || start >= to) continue;
        if (!clashes(busy, start, start + length, buffer)) starts.push(start);
      }
    }
  }
  return starts.sort((a, b) => a - b);
}

/** Every start at which at least one of `staff` is free, in time order, each with its end. */
export function availableSlots(
  staff: readonly StaffSchedule[],
  busyByUser: BusyByUser,
  settings: BookingSettings,
  window: { from: number; to: number },
): { start: number; end: number }[] {
  const starts = new Set<number>();
  for (const member of staff) {
    for (const start of staffSlotStarts(
      member,
      busyByUser.get(member.userId) ?? NO_BUSY,
      settings,
      window.from,
      window.to,
    ))
      starts.add(start);
  }
  const length = settings.meetingMinutes * MINUTE;
  return [...starts].sort((a, b) => a - b).map((start) => ({ start, end: start + length }));
}

/** The staff members who offer a meeting starting exactly at `start` within `window`. */
export function staffFreeAt(
  staff: readonly StaffSchedule[],
  busyByUser: BusyByUser,
  settings: BookingSettings,
  window: { from: number; to: number },
  start: number,
): StaffSchedule[] {
  if (start < window.from || start >= window.to) return [];
  return staff.filter((member) =>
    staffSlotStarts(member, busyByUser.get(member.userId) ?? NO_BUSY, settings, start, start + 1).includes(start),
  );
}
