// readableDate writes a date out by hand (no Intl formatter at hydration): it must read exactly as
// en-AU's long date does, for every day of a span of years.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readableDate } from '../../app/lib/readable-date.ts';

test('reads as en-AU’s long date for every day from 2024 to 2028', () => {
  const intl = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2029, 0, 1); time += 86_400_000) {
    const date = new Date(time).toISOString().slice(0, 10);
    assert.equal(readableDate(date), intl.format(new Date(time)), date);
  }
  assert.equal(readableDate('2026-11-18'), '18 November 2026');
});
