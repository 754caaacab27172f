// The time zones the picker offers (issue 29): where Haulora's customers and staff are, then the
// world's main business zones. The visitor's own zone, detected in the browser, is added when it
// is not among them, so nobody has to look for theirs.
export const PICKER_ZONES = [
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Brisbane',
  'Australia/Adelaide',
  'Australia/Darwin',
  'Australia/Perth',
  'Australia/Hobart',
  'Pacific/Auckland',
  'Asia/Manila',
  'Asia/Singapore',
  'Asia/Kuala_Lumpur',
  'Asia/Jakarta',
  'Asia/Bangkok',
  'Asia/Ho_Chi_Minh',
  'Asia/Hong_Kong',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Paris',
  'Europe/Berlin',
  'Africa/Johannesburg',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Toronto',
  'America/Vancouver',
  'America/Sao_Paulo',
  'UTC',
] as const;

/** 'Australia/Ho_Chi_Minh' as 'Ho Chi Minh (Asia)'; 'UTC' as it is. */
export function zoneLabel(zone: string): string {
  const [region, ...rest] = zone.split('/');
  if (rest.length === 0) return zone;
  return `${rest.join(' / ').replace(/_/g, ' ')} (${region})`;
}

/** The offered zones, with `extra` (the visitor's or the one posted) first when it is not one. */
export function zoneOptions(extra: string | undefined): readonly string[] {
  return extra && !(PICKER_ZONES as readonly string[]).includes(extra) ? [extra, ...PICKER_ZONES] : PICKER_ZONES;
}
