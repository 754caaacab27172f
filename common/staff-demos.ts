// The shapes of a staff member's booked demos (issue 29): moving or cancelling a demo request's
// booking from the inbox, "My demos", and the private calendar feed's URL. Imported by the server
// routes; the browser imports only the types.
import { z } from 'zod';
import { BOOKING_MESSAGES } from './booking-time.ts';

/** Where a demo falls in My demos, in the staff member's zone (Monday to Sunday weeks). */
export const DEMO_PERIODS = ['today', 'this-week', 'next-week'] as const;
export type DemoPeriod = (typeof DEMO_PERIODS)[number];

export const moveBodySchema = z.object({
  /** The new start: an instant from GET /api/demo/slots. */
  start: z.string({ error: BOOKING_MESSAGES.chooseTime }).min(1, { error: BOOKING_MESSAGES.chooseTime }).max(40, {
    error: BOOKING_MESSAGES.notOffered,
  }),
});

export const myDemoSchema = z.object({
  /** ISO instants, UTC. */
  start: z.string(),
  end: z.string(),
  visitor_time_zone: z.string(),
  /** The demo request in the inbox (null: booked without one). */
  request_id: z.number().nullable(),
  name: z.string().nullable(),
  company: z.string().nullable(),
  period: z.enum(DEMO_PERIODS),
});
export type MyDemo = z.infer<typeof myDemoSchema>;

export const myDemosSchema = z.object({
  /** The staff member's zone (their availability's, else the site's): the periods are its days. */
  time_zone: z.string(),
  /** Today in that zone, YYYY-MM-DD. */
  today: z.string(),
  /** Soonest first: today's (those over included), the rest of this week, next week. */
  demos: z.array(myDemoSchema),
});
export type MyDemos = z.infer<typeof myDemosSchema>;

export const calendarFeedSchema = z.object({
  /** The private feed URL (/calendar/<secret>.ics): anyone with it sees the demos. */
  url: z.string(),
});
