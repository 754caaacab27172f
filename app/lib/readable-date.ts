// A YYYY-MM-DD date as people read it: '18 November 2026', the same on the server and in the
// browser. Written out rather than asked of Intl.DateTimeFormat: the first formatter a page builds
// loads the locale's data, 20-25 ms of the feature pages' hydration on a slow phone (issue 32).
// Its own list, not the booking picker's (app/booking/slot-days.ts): sharing it put this module
// in the forms' file, which every feature page then fetched (+14 KB, decision 042's chunks).
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

export function readableDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
}
