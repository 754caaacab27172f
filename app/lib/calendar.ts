// Date helpers for the date picker, on calendar dates (UTC midnight, so no time zone can shift a
// day). Weeks start on Monday, as in Australia, and the weekend is Saturday and Sunday (spec 9).

/** Saturday and Sunday, as getUTCDay() numbers. */
export const WEEKEND_DAYS: readonly number[] = [6, 0];

export const isWeekend = (date: Date) => WEEKEND_DAYS.includes(date.getUTCDay());

/** '2025-11-21' to a Date at UTC midnight; null when the text is not a real date. */
export function parseIsoDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return toIsoDate(date) === text ? date : null;
}

export const toIsoDate = (date: Date) => date.toISOString().slice(0, 10);

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/** The same day of another month, kept inside that month (31 January + 1 month = 28 or 29 February). */
export function addMonths(date: Date, months: number): Date {
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(date.getUTCDate(), lastDay)));
}

/** Monday 0 … Sunday 6. */
const weekdayIndex = (date: Date) => (date.getUTCDay() + 6) % 7;

/** The weeks of the month holding `date`, Monday first; days outside the month are null. */
export function monthWeeks(date: Date): Array<Array<Date | null>> {
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const cells: Array<Date | null> = [
    ...Array.from({ length: weekdayIndex(first) }, () => null),
    ...Array.from({ length: days }, (_, index) => addDays(first, index)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** Monday to Sunday of one week, for the column headings. */
export const weekDays = () => Array.from({ length: 7 }, (_, index) => new Date(Date.UTC(2024, 0, 1 + index)));
