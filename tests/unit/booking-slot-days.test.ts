// The picker's days and times (app/booking/slot-days.ts) and the answer's words (formatSlot):
// grouped by the visitor's calendar day in their zone, across Sydney's change back from daylight
// saving (first Sunday of April), in Adelaide's half-hour offset, and in Manila.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatSlot } from '../../common/booking-time.ts';
import { meetingMinutes, slotDays } from '../../app/booking/slot-days.ts';

const slot = (start: string) => ({
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
});

test('grouped by the day in the visitor’s zone, labelled in plain text', () => {
  // 2026-04-05 is the first Sunday of April: Sydney goes from UTC+11 to UTC+10 at 03:00.
  const slots = [
    slot('2026-04-04T12:30:00.000Z'), // Saturday 23:30 in Sydney (UTC+11)
    slot('2026-04-04T13:00:00.000Z'), // Sunday 00:00 (UTC+11)
    slot('2026-04-05T00:00:00.000Z'), // Sunday 10:00 (UTC+10)
  ];
  assert.deepEqual(slotDays(slots, 'Australia/Sydney'), [
    { date: '2026-04-04', label: 'Saturday 4 April', times: [{ start: slots[0]!.start, label: '11:30 pm' }] },
    {
      date: '2026-04-05',
      label: 'Sunday 5 April',
      times: [
        { start: slots[1]!.start, label: '12:00 am' },
        { start: slots[2]!.start, label: '10:00 am' },
      ],
    },
  ]);
  // Adelaide is half an hour behind Sydney; Manila (UTC+8, no daylight saving) puts all on the 4th.
  assert.deepEqual(
    slotDays(slots, 'Australia/Adelaide').map((day) => day.times.map((time) => time.label)),
    [['11:00 pm', '11:30 pm'], ['9:30 am']],
  );
  assert.deepEqual(
    slotDays(slots, 'Asia/Manila').map((day) => [day.label, day.times.length]),
    [
      ['Saturday 4 April', 2],
      ['Sunday 5 April', 1],
    ],
  );
  // At most `limit` days.
  assert.equal(slotDays(slots, 'Australia/Sydney', 1).length, 1);
  assert.equal(meetingMinutes(slots), 30);
  assert.equal(meetingMinutes([]), 0);
});

test('the answer names the time in the visitor’s zone, with plain spaces', () => {
  assert.equal(formatSlot('2026-04-05T00:00:00.000Z', 'Australia/Sydney'), 'Sunday 5 April 2026 at 10:00 am');
  assert.equal(formatSlot('2026-10-04T16:00:00.000Z', 'Australia/Sydney'), 'Monday 5 October 2026 at 3:00 am');
  assert.equal(formatSlot('2026-12-01T01:30:00.000Z', 'Asia/Manila'), 'Tuesday 1 December 2026 at 9:30 am');
  assert.doesNotMatch(formatSlot('2026-12-01T13:30:00.000Z', 'UTC'), /[\u00a0\u202f]/);
});
