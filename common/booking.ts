// The shapes of demo booking (issue 29, decision 045): a staff member's availability as they
// write it, the free times a visitor is offered, and the messages of both. Imported by the
// server routes; the browser may import the types and the messages.
import { z } from 'zod';

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

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DATE = /^\d{4}-\d\d-\d\d$/;

const isRealDate = (text: string) => DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

const knownZones = new Map<string, boolean>();

/** True for an IANA zone name the platform knows (fixed offsets are not a person's zone). */
export function isTimeZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    known = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone) && acceptedByIntl(zone);
    // Remembered (a bounded number): the slots call checks the visitor's zone on every request.
    if (knownZones.size < 2000) knownZones.set(zone, known);
  }
  return known;
}

function acceptedByIntl(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: BOOKING_MESSAGES.zone })
  .max(64, { error: BOOKING_MESSAGES.zone })
  .refine(isTimeZone, { error: BOOKING_MESSAGES.zone });

export const weeklyRangeSchema = z.object({
  day: z
    .number({ error: BOOKING_MESSAGES.day })
    .int({ error: BOOKING_MESSAGES.day })
    .min(1, { error: BOOKING_MESSAGES.day })
    .max(7, { error: BOOKING_MESSAGES.day }),
  start: z.string({ error: BOOKING_MESSAGES.time }).regex(TIME, { error: BOOKING_MESSAGES.time }),
  end: z.string({ error: BOOKING_MESSAGES.time }).regex(TIME, { error: BOOKING_MESSAGES.time }),
});
export type WeeklyRange = z.infer<typeof weeklyRangeSchema>;

/** PUT /api/inbox/availability(/:username): the whole availability, replacing what was there. */
export const availabilityBodySchema = z
  .object({
    time_zone: timeZoneSchema,
    weekly: z
      .array(weeklyRangeSchema, { error: BOOKING_MESSAGES.day })
      .max(MAX_WEEKLY_RANGES, { error: BOOKING_MESSAGES.tooManyRanges }),
    days_off: z
      .array(z.string({ error: BOOKING_MESSAGES.dayOff }).refine(isRealDate, { error: BOOKING_MESSAGES.dayOff }), {
        error: BOOKING_MESSAGES.dayOff,
      })
      .max(MAX_DAYS_OFF, { error: BOOKING_MESSAGES.tooManyDaysOff })
      .default([]),
    /** The video room, or null (or "") for a phone call. */
    meeting_url: z
      .union(
        [
          z
            .url({ protocol: /^https$/, error: BOOKING_MESSAGES.meetingUrl })
            .max(2000, { error: BOOKING_MESSAGES.meetingUrl }),
          z.literal(''),
          z.null(),
        ],
        {
          error: BOOKING_MESSAGES.meetingUrl,
        },
      )
      .transform((value) => value || null),
    /** Admins only: false takes the staff member out of the rotation. */
    in_rotation: z.boolean().optional(),
  })
  .superRefine((body, context) => {
    const byDay = new Map<number, WeeklyRange[]>();
    for (const [index, range] of body.weekly.entries()) {
      if (range.start >= range.end) {
        context.addIssue({ code: 'custom', path: ['weekly', index], message: BOOKING_MESSAGES.inverted });
        return;
      }
      byDay.set(range.day, [...(byDay.get(range.day) ?? []), range]);
    }
    for (const [day, ranges] of byDay) {
      const sorted = ranges.toSorted((a, b) => a.start.localeCompare(b.start));
      // HH:MM compares as text in time order; touching ranges (12:00-13:00, 13:00-17:00) are fine.
      if (sorted.some((range, index) => index > 0 && range.start < sorted[index - 1]!.end)) {
        context.addIssue({ code: 'custom', path: ['weekly'], message: BOOKING_MESSAGES.overlap(day) });
      }
    }
  });
export type AvailabilityBody = z.output<typeof availabilityBodySchema>;

export const availabilitySchema = z.object({
  username: z.string(),
  time_zone: z.string(),
  weekly: z.array(weeklyRangeSchema),
  days_off: z.array(z.string()),
  meeting_url: z.string().nullable(),
  in_rotation: z.boolean(),
  /** False until the staff member (or an admin) first saves it. */
  configured: z.boolean(),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** GET /api/demo/slots?tz=<IANA zone>&days=<n> */
export const slotsQuerySchema = z.object({
  tz: timeZoneSchema,
  days: z.coerce
    .number({ error: BOOKING_MESSAGES.days })
    .int({ error: BOOKING_MESSAGES.days })
    .min(1, { error: BOOKING_MESSAGES.days })
    .max(MAX_SLOT_DAYS, { error: BOOKING_MESSAGES.days })
    .optional(),
});

export const slotSchema = z.object({ start: z.string(), end: z.string() });
export type Slot = z.infer<typeof slotSchema>;
export const slotsAnswerSchema = z.object({ time_zone: z.string(), slots: z.array(slotSchema) });
export type SlotsAnswer = z.infer<typeof slotsAnswerSchema>;

const setting = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .nullable();

/** PUT /api/inbox/booking-settings (admins): every setting; null = the configured value. */
export const bookingSettingsBodySchema = z.object({
  meeting_minutes: setting(5, 480, BOOKING_MESSAGES.meetingMinutes),
  buffer_minutes: setting(0, 240, BOOKING_MESSAGES.bufferMinutes),
  notice_minutes: setting(0, 20_160, BOOKING_MESSAGES.noticeMinutes),
  horizon_days: setting(1, 90, BOOKING_MESSAGES.horizonDays),
});
export type BookingSettingsBody = z.infer<typeof bookingSettingsBodySchema>;

const settingsValues = z.object({
  meeting_minutes: z.number(),
  buffer_minutes: z.number(),
  notice_minutes: z.number(),
  horizon_days: z.number(),
});
/** What is in force, and what staff stored (null: the configured value applies). */
export const bookingSettingsSchema = z.object({ effective: settingsValues, stored: bookingSettingsBodySchema });
export type BookingSettingsAnswer = z.infer<typeof bookingSettingsSchema>;
