// The configured side of demo booking: environment variables with the issue's defaults. Staff
// may store other values (booking_settings); a stored value wins over the configured one.
import { z } from 'zod';
import { isTimeZone } from '../../../common/booking.ts';
import { routingRulesSchema } from './routing.ts';

const minutes = (max: number) => z.coerce.number().int().min(0).max(max);

export const bookingEnvSchema = z.object({
  /** Length of a demo, in minutes. */
  BOOKING_MEETING_MINUTES: minutes(480).min(5).default(30),
  /** Free time kept before and after every meeting, in minutes. */
  BOOKING_BUFFER_MINUTES: minutes(240).default(0),
  /** How long before a meeting it may be booked at the latest, in minutes. */
  BOOKING_NOTICE_MINUTES: minutes(20_160).default(240),
  /** How many days ahead a visitor may book. */
  BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /** The zone times are shown in when the visitor's is unknown (the page without JavaScript). */
  BOOKING_TIME_ZONE: z
    .string()
    .refine(isTimeZone, { error: 'must be an IANA time zone such as Australia/Sydney' })
    .default('Australia/Sydney'),
  /** Routing by the visitor's country, as JSON: [{"countries":["AU","NZ"],"staff":[{"username":"mia","weight":2}]}]. */
  BOOKING_ROUTING_RULES: z
    .string()
    .default('[]')
    .transform((text, context) => {
      try {
        const parsed = routingRulesSchema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // not JSON: the issue below says so
      }
      context.addIssue({
        code: 'custom',
        message: 'must be JSON: [{"countries":["AU"],"staff":[{"username":"…","weight":1}]}]',
      });
      return z.NEVER;
    }),
});

export function bookingSettingsOf(vars: z.output<typeof bookingEnvSchema>) {
  return {
    settings: {
      meetingMinutes: vars.BOOKING_MEETING_MINUTES,
      bufferMinutes: vars.BOOKING_BUFFER_MINUTES,
      noticeMinutes: vars.BOOKING_NOTICE_MINUTES,
      horizonDays: vars.BOOKING_HORIZON_DAYS,
    },
    siteTimeZone: vars.BOOKING_TIME_ZONE,
    routingRules: vars.BOOKING_ROUTING_RULES,
  };
}
export type BookingConfig = ReturnType<typeof bookingSettingsOf>;
