// Wall-clock time in an IANA zone <-> UTC instants, with the platform's Intl and its time zone
// database (no offsets written by hand). A civil date is plain calendar arithmetic (Date.UTC);
// only the offset of a zone at an instant is asked of Intl, and cached, as slots ask the same
// instants again and again.
import { isTimeZone } from '../../../common/booking.ts';

/** A calendar date with no zone: year, month 1-12, day 1-31. */
export type CivilDate = { year: number; month: number; day: number };

const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Per zone: offset by instant (whole seconds), and instant by wall clock; numeric keys, as
 * these are asked thousands of times per list of slots. */
const offsets = new Map<string, Map<number, number>>();
const instants = new Map<string, Map<number, number>>();
const MAX_CACHED_PER_ZONE = 50_000;

function cacheFor(caches: Map<string, Map<number, number>>, zone: string): Map<number, number> {
  let cache = caches.get(zone);
  if (!cache) caches.set(zone, (cache = new Map()));
  else if (cache.size >= MAX_CACHED_PER_ZONE) cache.clear();
  return cache;
}

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's name as the platform spells it, or null when it is not an IANA zone it knows.
 * Fixed offsets ("+10:00") are refused: a person's zone has daylight-saving rules. */
export function canonicalZone(zone: string): string | null {
  if (!isTimeZone(zone)) return null;
  let name = canonicalNames.get(zone);
  if (name === undefined) canonicalNames.set(zone, (name = formatterFor(zone).resolvedOptions().timeZone));
  return name;
}
const canonicalNames = new Map<string, string>();

/** The wall clock of `zone` at `instant`, as if it were UTC milliseconds. */
function wallAt(zone: string, instant: number): number {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(instant))) parts[part.type] = part.value;
  const year = parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year);
  return Date.UTC(
    year,
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
export function offsetAt(zone: string, instant: number): number {
  // Offsets change on whole seconds; the sub-second part does not matter.
  const second = Math.floor(instant / 1000) * 1000;
  const cache = cacheFor(offsets, zone);
  let offset = cache.get(second);
  if (offset === undefined) {
    offset = wallAt(zone, second) - second;
    cache.set(second, offset);
  }
  return offset;
}

/** The instant at which `zone`'s wall clock shows `minutes` after midnight of `date`.
 * Like Temporal's "compatible" disambiguation: a time skipped by a clock going forward moves on
 * by the size of the jump (02:30 on a night 02:00 becomes 03:00 reads 03:30); a time that
 * happens twice, as a clock goes back, is the earlier one. */
export function instantOf(zone: string, date: CivilDate, minutes: number): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE;
  const cache = cacheFor(instants, zone);
  let instant = cache.get(wall);
  if (instant === undefined) {
    instant = resolveWall(zone, wall);
    cache.set(wall, instant);
  }
  return instant;
}

function resolveWall(zone: string, wall: number): number {
  // Zones change offset at most once in two days: the offsets a day either side are the two
  // candidates.
  const before = offsetAt(zone, wall - DAY);
  const after = offsetAt(zone, wall + DAY);
  const candidates = [wall - before, wall - after].filter((instant) => instant + offsetAt(zone, instant) === wall);
  if (candidates.length > 0) return Math.min(...candidates);
  return wall - before;
}

/** The calendar date in `zone` at `instant`. */
export function civilDateAt(zone: string, instant: number): CivilDate {
  return civilDateOf(instant + offsetAt(zone, instant));
}

/** The date of a UTC-milliseconds value (a wall clock, or an instant read in UTC). */
export function civilDateOf(ms: number): CivilDate {
  const date = new Date(ms);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function addDays(date: CivilDate, days: number): CivilDate {
  return civilDateOf(Date.UTC(date.year, date.month - 1, date.day) + days * DAY);
}

/** 1 = Monday … 7 = Sunday (ISO 8601). */
export function isoWeekday(date: CivilDate): number {
  return ((new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7) + 1;
}

/** YYYY-MM-DD. */
export function formatCivilDate(date: CivilDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** A real date written YYYY-MM-DD, or null. */
export function parseCivilDate(text: string): CivilDate | null {
  const match = /^(\d{4})-(\d\d)-(\d\d)$/.exec(text);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return formatCivilDate(addDays(date, 0)) === text ? date : null;
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: CivilDate, b: CivilDate): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY);
}

/** Minutes after midnight of HH:MM (00:00 … 24:00), or null. */
export function minutesOf(time: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** `instant` (ISO) as `zone`'s wall clock with its offset, e.g. 2026-04-05T14:30+10:00: sortable,
 * unambiguous, and what a spreadsheet reads as the visitor's time. */
export function localIsoAt(instant: string, zone: string): string {
  const ms = Date.parse(instant);
  const offset = offsetAt(zone, ms);
  const wall = new Date(ms + offset).toISOString().slice(0, 16);
  const minutes = Math.abs(offset) / MINUTE;
  const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
  return `${wall}${offset < 0 ? '-' : '+'}${pad(minutes / 60)}:${pad(minutes % 60)}`;
}
