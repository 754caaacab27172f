// Wall clock <-> instant in IANA zones (server/services/booking/zoned-time.ts), across the
// daylight-saving changes of Australia/Sydney and Australia/Adelaide (first Sunday of April and
// of October), and in zones without any (Australia/Brisbane, Asia/Manila).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  addDays,
  canonicalZone,
  civilDateAt,
  instantOf,
  isoWeekday,
  offsetAt,
  parseCivilDate,
} from '../../server/services/booking/zoned-time.ts';

const at = (zone: string, date: string, time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(instantOf(zone, parseCivilDate(date)!, hours! * 60 + minutes!)).toISOString();
};
const HOUR = 3_600_000;

describe('wall-clock times in a zone', () => {
  test('Sydney: 09:00 is 22:00Z the day before in daylight time, 23:00Z after the first Sunday of April', () => {
    assert.equal(at('Australia/Sydney', '2026-04-03', '09:00'), '2026-04-02T22:00:00.000Z');
    assert.equal(at('Australia/Sydney', '2026-04-06', '09:00'), '2026-04-05T23:00:00.000Z');
  });

  test('Sydney: and back to 22:00Z after the first Sunday of October', () => {
    assert.equal(at('Australia/Sydney', '2026-10-02', '09:00'), '2026-10-01T23:00:00.000Z');
    assert.equal(at('Australia/Sydney', '2026-10-05', '09:00'), '2026-10-04T22:00:00.000Z');
  });

  test('Sydney: a time skipped when clocks go forward moves on by the jump; one that happens twice is the first', () => {
    // 4 October 2026: 02:00 AEST becomes 03:00 AEDT, so 02:30 never shows; 03:30 AEDT is meant.
    assert.equal(at('Australia/Sydney', '2026-10-04', '02:30'), '2026-10-03T16:30:00.000Z');
    assert.equal(at('Australia/Sydney', '2026-10-04', '03:30'), '2026-10-03T16:30:00.000Z');
    // 5 April 2026: 03:00 AEDT becomes 02:00 AEST, so 02:30 shows twice; the first is +11.
    assert.equal(at('Australia/Sydney', '2026-04-05', '02:30'), '2026-04-04T15:30:00.000Z');
    assert.equal(at('Australia/Sydney', '2026-04-05', '03:30'), '2026-04-04T17:30:00.000Z');
  });

  test('Adelaide: half-hour offsets, +10:30 in daylight time and +9:30 outside it', () => {
    assert.equal(at('Australia/Adelaide', '2026-04-03', '09:00'), '2026-04-02T22:30:00.000Z');
    assert.equal(at('Australia/Adelaide', '2026-04-06', '09:00'), '2026-04-05T23:30:00.000Z');
    assert.equal(at('Australia/Adelaide', '2026-10-02', '09:00'), '2026-10-01T23:30:00.000Z');
    assert.equal(at('Australia/Adelaide', '2026-10-05', '09:00'), '2026-10-04T22:30:00.000Z');
    assert.equal(offsetAt('Australia/Adelaide', Date.parse('2026-01-15T00:00:00Z')), 10.5 * HOUR);
  });

  test('Brisbane and Manila keep one offset all year', () => {
    for (const date of ['2026-04-03', '2026-04-06', '2026-10-02', '2026-10-05']) {
      assert.equal(at('Australia/Brisbane', date, '09:00'), `${addDaysText(date, -1)}T23:00:00.000Z`);
      assert.equal(at('Asia/Manila', date, '09:00'), `${date}T01:00:00.000Z`);
    }
  });

  test('the local date and weekday of an instant', () => {
    const instant = Date.parse('2026-04-05T14:30:00Z');
    assert.deepEqual(civilDateAt('Australia/Sydney', instant), { year: 2026, month: 4, day: 6 });
    assert.deepEqual(civilDateAt('Asia/Manila', instant), { year: 2026, month: 4, day: 5 });
    assert.equal(isoWeekday(parseCivilDate('2026-04-05')!), 7);
    assert.equal(isoWeekday(parseCivilDate('2026-04-06')!), 1);
  });

  test('zones: IANA names only; dates: real ones only', () => {
    assert.equal(canonicalZone('Australia/Brisbane'), 'Australia/Brisbane');
    assert.equal(canonicalZone('UTC'), 'UTC');
    for (const bad of ['Mars/Olympus', '+10:00', '', 'Australia/Sydney; DROP', '../etc'])
      assert.equal(canonicalZone(bad), null, bad);
    assert.equal(parseCivilDate('2026-02-29'), null);
    assert.equal(parseCivilDate('2026-13-01'), null);
    assert.deepEqual(parseCivilDate('2028-02-29'), { year: 2028, month: 2, day: 29 });
  });
});

function addDaysText(date: string, days: number) {
  const next = addDays(parseCivilDate(date)!, days);
  return `${next.year}-${String(next.month).padStart(2, '0')}-${String(next.day).padStart(2, '0')}`;
}
