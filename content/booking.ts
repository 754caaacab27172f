// The time picker's words (content/booking.yaml), typed; validated at build by the schema.
import data from './booking.yaml';
import type { BookingCopy } from './booking.schema.ts';

export const bookingCopy = data as BookingCopy;
