// The date helper behind the showcase's date picker: weeks from Monday, weekends on Saturday and
// Sunday (spec 9), month arithmetic that never spills into the next month.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addMonths, isWeekend, monthWeeks, parseIsoDate, toIsoDate, weekDays } from '../../app/lib/calendar.ts';

test('Saturday and Sunday are the weekend, and only they', () => {
  const week = weekDays();
  assert.equal(toIsoDate(week[0]!), '2024-01-01');
  assert.deepEqual(week.map(isWeekend), [false, false, false, false, false, true, true]);
});

test('a month is laid out in weeks from Monday, with blanks around it', () => {
  const weeks = monthWeeks(parseIsoDate('2025-11-21')!);
  // 1 November 2025 is a Saturday.
  assert.deepEqual(
    weeks[0]!.map((day) => (day ? day.getUTCDate() : null)),
    [null, null, null, null, null, 1, 2],
  );
  assert.equal(weeks.flat().filter(Boolean).length, 30);
  assert.ok(weeks.every((week) => week.length === 7));
  assert.equal(toIsoDate(weeks.at(-1)!.filter(Boolean).at(-1)!), '2025-11-30');
});

test('month steps stay inside the target month', () => {
  assert.equal(toIsoDate(addMonths(parseIsoDate('2024-01-31')!, 1)), '2024-02-29');
  assert.equal(toIsoDate(addMonths(parseIsoDate('2025-03-31')!, -1)), '2025-02-28');
  assert.equal(toIsoDate(addMonths(parseIsoDate('2025-12-15')!, 1)), '2026-01-15');
});

test('only real dates parse', () => {
  assert.equal(parseIsoDate('2025-02-30'), null);
  assert.equal(parseIsoDate('21/11/2025'), null);
  assert.equal(toIsoDate(parseIsoDate('2025-02-28')!), '2025-02-28');
});
