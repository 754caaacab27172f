// The schedule field of a Content item's draft form (decision 052): a local date and time
// (<input type="datetime-local">) and the browser's offset from UTC in minutes, which the page
// fills in once hydrated; without JavaScript the offset stays 0 and the time is read as UTC, as
// the field's hint says. Turned into the ISO instant the service checks.

/** The instant the form asks for: undefined to keep the schedule, null to take it away, else an
 * ISO string (a malformed one is passed on for the schema to refuse in words). */
export function publishAtFrom(values: Record<string, string>): string | null | undefined {
  if (values.unschedule === 'on') return null;
  const local = (values.publishAt ?? '').trim();
  if (!local) return undefined;
  const offset = Number(values.zoneOffset || '0');
  const parsed = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local) ||
    Number.isNaN(parsed) ||
    !Number.isInteger(offset) ||
    Math.abs(offset) > 14 * 60
  )
    return local;
  // getTimezoneOffset() is UTC minus local time, in minutes.
  return new Date(parsed + offset * 60_000).toISOString();
}
