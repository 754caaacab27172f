/** A YYYY-MM-DD date as people read it: '18 November 2026' (fixed to UTC, so server and browser agree). */
export const readableDate = (date: string) =>
  new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
