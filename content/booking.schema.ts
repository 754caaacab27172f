// Schema of content/booking.yaml: the words of the demo form's time picker (issue 29).
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);

export const schema = z.strictObject({
  /** The picker's legend, after the form's fields. */
  legend: text(80),
  /** One or two sentences under the legend. */
  intro: text(240),
  /** The first choice: send the request without a time. */
  noTime: text(80),
  /** The time zone select's label. */
  zoneLabel: text(40),
  /** The button that shows the times in the chosen zone without JavaScript. */
  zoneButton: text(40),
  /** While the free times load. */
  loading: text(80),
  /** When nobody is free in the days shown. */
  none: text(240),
  /** When the free times could not be loaded. */
  failed: text(160),
  /** The button that shows the next days. */
  moreDays: text(40),
  /** Under the legend: what the meeting is; {minutes} is its length. */
  duration: text(80),
  /** The visitor's own booking page: {when} and {zone} are the booked time in their zone. */
  manage: z.strictObject({
    title: text(60),
    eyebrow: text(40),
    bookedFor: text(120),
    cancelledNote: text(160),
    meetingVideo: text(80),
    meetingPhone: text(160),
    cancelHeading: text(60),
    cancelNote: text(200),
    cancelButton: text(40),
    moveHeading: text(80),
    moveNote: text(200),
    moveButton: text(40),
    noTimes: text(200),
    /** The status after a move or a cancellation. */
    moved: text(160),
    cancelled: text(160),
    /** A refused link's heading, and the way back. */
    refusedTitle: text(60),
    bookAgain: text(40),
  }),
});
export type BookingCopy = z.infer<typeof schema>;
