// The free times as the picker shows them (issue 29): grouped by the visitor's calendar day in
// their zone, each day and time labelled in the site's English. Labels are joined from Intl's
// parts, not Intl's whole format, so the server's and the browser's ICU (which differ in the
// spaces around "am") render the same text and hydration matches.
import type { Slot } from '../../common/booking.ts';

export type SlotDay = {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** 'Tuesday 1 December' */
  label: string;
  times: { start: string; label: string }[];
};

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone: zone,
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
    });
    formats.set(zone, format);
  }
  return format;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The parts of an instant on the zone's wall clock. */
function wallClock(start: string, zone: string) {
  const parts: Record<string, string> = {};
  for (const part of formatIn(zone).formatToParts(new Date(start))) parts[part.type] = part.value;
  const month = MONTHS.indexOf(parts.month ?? '') + 1;
  return {
    date: `${parts.year}-${String(month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`,
    day: `${parts.weekday} ${parts.day} ${parts.month}`,
    time: `${parts.hour}:${parts.minute} ${(parts.dayPeriod ?? '').toLowerCase()}`.trim(),
  };
}

/** The first `limit` days that have free times, in `zone`, each with its times in order. */
export function slotDays(slots: readonly Slot[], zone: string, limit = Number.POSITIVE_INFINITY): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const clock = wallClock(slot.start, zone);
    let day = days.at(-1);
    if (day?.date !== clock.date) {
      if (days.length >= limit) break;
      day = { date: clock.date, label: clock.day, times: [] };
      days.push(day);
    }
    day.times.push({ start: slot.start, label: clock.time });
  }
  return days;
}

/** The meeting's length in minutes, from the first slot (all are the same length). */
export const meetingMinutes = (slots: readonly Slot[]) =>
  slots[0] ? Math.round((Date.parse(slots[0].end) - Date.parse(slots[0].start)) / 60_000) : 0;
