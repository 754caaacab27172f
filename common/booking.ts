// The shapes of demo booking (issue 29, decision 045): a staff member's availability as they
// write it, the free times a visitor is offered, and the messages of both. Imported by the
// server routes; the browser may import the types and the messages.
import { z } from 'zod';

export * from './booking-time.ts';
import { BOOKING_MESSAGES, isTimeZone, MAX_DAYS_OFF, MAX_SLOT_DAYS, MAX_WEEKLY_RANGES } from './booking-time.ts';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DATE = /^\d{4}-\d\d-\d\d$/;
const isRealDate = (text: string) => DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

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
