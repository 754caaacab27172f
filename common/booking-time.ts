// The browser-safe part of demo booking's shapes (issue 29): the messages, the checks of a zone
// and an instant, and a start as a visitor reads it. No zod here: the demo form's first script
// imports this module, and the schemas (booking.ts) load only with the form's check.
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** Longest look ahead a visitor may ask for, whatever the horizon. */
export const MAX_SLOT_DAYS = 90;
export const MAX_WEEKLY_RANGES = 70;
export const MAX_DAYS_OFF = 400;

export const BOOKING_MESSAGES = {
  taken: 'That time has just been taken. Please choose another.',
  /** The demo request's answer when it booked a time, naming it in the visitor's zone. */
  booked: (when: string, zone: string) =>
    `Thank you! Your demo is booked for ${when} (${zone} time). Our team looks forward to meeting you.`,
  notOffered: 'That time is not offered. Please choose another.',
  /** A personal booking link (/demo/booking/<token>) refused. */
  linkInvalid: 'This booking link is not valid. Please use the link in your latest email from us.',
  linkExpired: 'This booking link has expired: the meeting is over.',
  alreadyCancelled: 'This demo has been cancelled.',
  chooseTime: 'Choose a time to move your demo to.',
  zone: 'Choose a time zone by its IANA name, such as Australia/Sydney.',
  days: `The number of days must be a whole number from 1 to ${MAX_SLOT_DAYS}.`,
  day: 'Each weekly range needs a day from 1 (Monday) to 7 (Sunday).',
  time: 'Times must be written HH:MM, from 00:00 to 24:00.',
  inverted: 'Each range must end after it starts.',
  overlap: (day: number) => `The ranges on ${WEEKDAYS[day - 1]} overlap. Join them or move one.`,
  tooManyRanges: `At most ${MAX_WEEKLY_RANGES} weekly ranges.`,
  dayOff: 'Days off must be real dates written YYYY-MM-DD.',
  tooManyDaysOff: `At most ${MAX_DAYS_OFF} days off.`,
  meetingUrl: 'The meeting link must be an https:// address, or null for a phone call.',
  forbidden: "Only an admin can change someone else's availability or the rotation.",
  unknownStaff: 'There is no staff member of that name.',
  settingsForbidden: 'Only an admin can change the booking settings.',
  meetingMinutes: 'The meeting length must be a whole number of minutes from 5 to 480, or null for the configured one.',
  bufferMinutes: 'The buffer must be a whole number of minutes from 0 to 240, or null for the configured one.',
  noticeMinutes:
    'The minimum notice must be a whole number of minutes from 0 to 20160 (14 days), or null for the configured one.',
  horizonDays: 'How far ahead must be a whole number of days from 1 to 90, or null for the configured one.',
} as const;

/** A start as the slots list gives it: an ISO 8601 instant with its offset or Z. */
export const INSTANT_PATTERN = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/;

/** A slot's start as a visitor reads it in their zone: 'Tuesday 1 December 2026 at 10:00 am'
 * (the platform's Intl, in the site's English). Joined from Intl's parts, so the server's and a
 * browser's ICU, which differ in the spaces they put around "am", write the same text. */
export function formatSlot(start: string, zone: string): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-AU', {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  });
  for (const part of format.formatToParts(new Date(start))) parts[part.type] = part.value;
  const period = (parts.dayPeriod ?? '').toLowerCase();
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute}${period ? ` ${period}` : ''}`;
}

const knownZones = new Map<string, boolean>();
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** True for a name shaped like an IANA zone ('Australia/Sydney'), not a fixed offset ('+10:00'),
 * which is not a person's zone. Enough for the zone the browser reports as its own: its Intl
 * knows it. */
export const isZoneName = (zone: string) => ZONE_NAME.test(zone);

/** True for an IANA zone name the platform knows (fixed offsets are not a person's zone). */
export function isTimeZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    known = isZoneName(zone) && acceptedByIntl(zone);
    // Remembered (a bounded number): the slots call checks the visitor's zone on every request.
    if (knownZones.size < 2000) knownZones.set(zone, known);
  }
  return known;
}

/** The locale is the one the times are shown in (formatSlot, app/booking/slot-days.ts): a browser
 * that checks a zone then loads no second locale's data. */
function acceptedByIntl(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
