// Free times (server/services/booking/slots.ts): wall-clock ranges expanded in each staff
// member's own zone land at the right instants across daylight saving; bookings plus the buffer,
// the notice, the horizon and days off take times away; the visitor sees the union.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  availableSlots,
  type BookingSettings,
  bookingWindow,
  type Busy,
  type StaffSchedule,
  staffFreeAt,
  staffSlotStarts,
} from '../../server/services/booking/slots.ts';

const HOUR = 3_600_000;
const MIN = 60_000;
const settings = (changes: Partial<BookingSettings> = {}): BookingSettings => ({
  meetingMinutes: 30,
  bufferMinutes: 0,
  noticeMinutes: 0,
  horizonDays: 14,
  ...changes,
});
const hm = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3));
let nextId = 1;
function staff(timeZone: string, ranges: [number, string, string][], daysOff: string[] = []): StaffSchedule {
  const id = nextId++;
  return {
    userId: id,
    username: `rep${id}`,
    timeZone,
    weekly: ranges.map(([day, start, end]) => ({ day, start: hm(start), end: hm(end) })),
    daysOff: new Set(daysOff),
  };
}
const iso = (ms: number) => new Date(ms).toISOString();
const isoList = (starts: number[]) => starts.map(iso);
const T = (text: string) => Date.parse(text);
const weekdays = (start: string, end: string): [number, string, string][] =>
  [1, 2, 3, 4, 5].map((day) => [day, start, end]);

describe('slots across daylight saving', () => {
  test('Sydney 09:00-10:00 on weekdays: 22:00Z before the first Sunday of April, 23:00Z after', () => {
    const rep = staff('Australia/Sydney', weekdays('09:00', '10:00'));
    const starts = isoList(staffSlotStarts(rep, [], settings(), T('2026-04-02T12:00:00Z'), T('2026-04-07T12:00:00Z')));
    assert.deepEqual(starts, [
      '2026-04-02T22:00:00.000Z',
      '2026-04-02T22:30:00.000Z', // Friday 3 April, AEDT (+11)
      '2026-04-05T23:00:00.000Z',
      '2026-04-05T23:30:00.000Z', // Monday 6 April, AEST (+10)
      '2026-04-06T23:00:00.000Z',
      '2026-04-06T23:30:00.000Z',
    ]);
  });

  test('Sydney after the first Sunday of October, Adelaide half an hour later, Brisbane unchanged', () => {
    const window = [T('2026-10-01T12:00:00Z'), T('2026-10-05T12:00:00Z')] as const;
    const sydney = staff('Australia/Sydney', weekdays('09:00', '09:30'));
    const adelaide = staff('Australia/Adelaide', weekdays('09:00', '09:30'));
    const brisbane = staff('Australia/Brisbane', weekdays('09:00', '09:30'));
    const manila = staff('Asia/Manila', weekdays('09:00', '09:30'));
    assert.deepEqual(isoList(staffSlotStarts(sydney, [], settings(), ...window)), [
      '2026-10-01T23:00:00.000Z',
      '2026-10-04T22:00:00.000Z',
    ]);
    assert.deepEqual(isoList(staffSlotStarts(adelaide, [], settings(), ...window)), [
      '2026-10-01T23:30:00.000Z',
      '2026-10-04T22:30:00.000Z',
    ]);
    assert.deepEqual(isoList(staffSlotStarts(brisbane, [], settings(), ...window)), [
      '2026-10-01T23:00:00.000Z',
      '2026-10-04T23:00:00.000Z',
    ]);
    assert.deepEqual(isoList(staffSlotStarts(manila, [], settings(), ...window)), [
      '2026-10-02T01:00:00.000Z',
      '2026-10-05T01:00:00.000Z',
    ]);
  });

  test('a range over the change itself holds the real hours between its wall-clock ends', () => {
    // Sunday 01:00-04:00: four real hours on 5 April (02:00-03:00 twice), two on 4 October.
    const april = staff('Australia/Sydney', [[7, '01:00', '04:00']]);
    const aprilStarts = staffSlotStarts(
      april,
      [],
      settings({ meetingMinutes: 60 }),
      T('2026-04-04T00:00:00Z'),
      T('2026-04-06T00:00:00Z'),
    );
    assert.deepEqual(isoList(aprilStarts), [
      '2026-04-04T14:00:00.000Z',
      '2026-04-04T15:00:00.000Z',
      '2026-04-04T16:00:00.000Z',
      '2026-04-04T17:00:00.000Z',
    ]);
    const october = staff('Australia/Sydney', [[7, '01:00', '04:00']]);
    const octoberStarts = staffSlotStarts(
      october,
      [],
      settings({ meetingMinutes: 60 }),
      T('2026-10-03T00:00:00Z'),
      T('2026-10-05T00:00:00Z'),
    );
    assert.deepEqual(isoList(octoberStarts), ['2026-10-03T15:00:00.000Z', '2026-10-03T16:00:00.000Z']);
  });
});

describe('what takes times away', () => {
  const monday = '2026-03-02'; // Brisbane, +10: 09:00 = 23:00Z the day before
  const rep = () => staff('Australia/Brisbane', [[1, '09:00', '12:00']]);
  const day = [T('2026-03-01T00:00:00Z'), T('2026-03-03T00:00:00Z')] as const;

  test('a booking, widened by the buffer on both sides', () => {
    const busy: Busy = [{ start: T('2026-03-02T00:00:00Z'), end: T('2026-03-02T00:30:00Z') }]; // 10:00-10:30
    const local = (starts: number[]) => starts.map((start) => new Date(start + 10 * HOUR).toISOString().slice(11, 16));
    assert.deepEqual(local(staffSlotStarts(rep(), busy, settings(), ...day)), [
      '09:00',
      '09:30',
      '10:30',
      '11:00',
      '11:30',
    ]);
    assert.deepEqual(local(staffSlotStarts(rep(), busy, settings({ bufferMinutes: 15 }), ...day)), [
      '09:00',
      '11:00',
      '11:30',
    ]);
  });

  test('the minimum notice and the horizon', () => {
    const member = staff(
      'Asia/Manila',
      [1, 2, 3, 4, 5, 6, 7].map((weekday) => [weekday, '08:00', '18:00'] as [number, string, string]),
    );
    const now = T('2026-03-02T00:00:00Z'); // 08:00 in Manila
    const window = bookingWindow(settings({ noticeMinutes: 240, horizonDays: 2 }), now);
    const starts = staffSlotStarts(member, [], settings(), window.from, window.to);
    assert.equal(iso(starts[0]!), '2026-03-02T04:00:00.000Z'); // 12:00, four hours on
    assert.ok(starts.every((start) => start < now + 48 * HOUR));
    assert.equal(iso(starts.at(-1)!), '2026-03-03T09:30:00.000Z'); // 17:30 the next day
    assert.equal(starts.length, 12 + 20);
  });

  test('days off, in the staff member’s own calendar', () => {
    const member = staff('Australia/Brisbane', [[1, '09:00', '10:00']], [monday]);
    assert.deepEqual(staffSlotStarts(member, [], settings(), ...day), []);
  });

  test('the visitor sees the union, once per start, in time order, without names', () => {
    const a = staff('Australia/Brisbane', [[1, '09:00', '10:00']]);
    const b = staff('Australia/Sydney', [[1, '10:00', '11:00']]); // AEDT in March: 10:00 = 23:00Z, as Brisbane's 09:00
    const slots = availableSlots([a, b], new Map(), settings(), { from: day[0], to: day[1] });
    assert.deepEqual(
      slots.map((slot) => iso(slot.start)),
      ['2026-03-01T23:00:00.000Z', '2026-03-01T23:30:00.000Z'],
    );
    assert.deepEqual(Object.keys(slots[0]!).sort(), ['end', 'start']);
    assert.equal(slots[0]!.end - slots[0]!.start, 30 * MIN);
  });

  test('who is free at one start', () => {
    const a = staff('Australia/Brisbane', [[1, '09:00', '10:00']]);
    const b = staff('Australia/Brisbane', [[1, '09:00', '10:00']]);
    const start = T('2026-03-01T23:00:00Z');
    const window = { from: day[0], to: day[1] };
    assert.deepEqual(
      staffFreeAt([a, b], new Map(), settings(), window, start).map((m) => m.userId),
      [a.userId, b.userId],
    );
    const busy = new Map([[a.userId, [{ start, end: start + 30 * MIN }]]]);
    assert.deepEqual(
      staffFreeAt([a, b], busy, settings(), window, start).map((m) => m.userId),
      [b.userId],
    );
    assert.deepEqual(staffFreeAt([a, b], new Map(), settings(), window, start + 15 * MIN), [], 'off the grid');
    assert.deepEqual(
      staffFreeAt([a, b], new Map(), settings(), { from: start + 1, to: day[1] }, start),
      [],
      'before the notice',
    );
  });
});
