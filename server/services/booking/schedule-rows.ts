// Stored booking rows as the slot computation wants them: ISO text of instants, staff schedules, busy times per owner.
import type { AvailabilityRecord } from '../../db/repositories/booking.ts';
import type { BusyByUser, StaffSchedule } from './slots.ts';
import { minutesOf } from './zoned-time.ts';

/** ISO text of an instant; remembered, as each list of slots writes the same few hundred again. */
export function iso(ms: number): string {
  let text = isoTexts.get(ms);
  if (text === undefined) {
    if (isoTexts.size >= 20_000) isoTexts.clear();
    isoTexts.set(ms, (text = new Date(ms).toISOString()));
  }
  return text;
}
const isoTexts = new Map<number, string>();

/** A stored availability as the slot computation wants it. */
export function scheduleOf(record: AvailabilityRecord & { username: string }): StaffSchedule {
  return {
    userId: record.userId,
    username: record.username,
    timeZone: record.timeZone,
    weekly: record.weekly.map((range) => ({
      day: range.day,
      start: minutesOf(range.start) ?? 0,
      end: minutesOf(range.end) ?? 0,
    })),
    daysOff: new Set(record.daysOff),
  };
}

export function busyByUser(rows: { ownerId: number; start: string; end: string }[]): BusyByUser {
  const busy = new Map<number, { start: number; end: number }[]>();
  for (const row of rows) {
    const list = busy.get(row.ownerId) ?? [];
    list.push({ start: Date.parse(row.start), end: Date.parse(row.end) });
    busy.set(row.ownerId, list);
  }
  return busy;
}
