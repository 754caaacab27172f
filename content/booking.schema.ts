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
});
export type BookingCopy = z.infer<typeof schema>;
