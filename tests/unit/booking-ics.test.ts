// Calendar invites (server/services/booking/ics.ts, RFC 5545): METHOD:REQUEST and CANCEL with
// one stable UID and a growing SEQUENCE, DTSTART/DTEND in UTC at the right instants across
// daylight saving, organizer, attendee, location; CRLF lines folded at 75 octets; text escaped.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildInvite, escapeText, foldLine, type Invite, utcStamp } from '../../server/services/booking/ics.ts';
import { instantOf, parseCivilDate } from '../../server/services/booking/zoned-time.ts';

const local = (zone: string, date: string, hours: number) =>
  new Date(instantOf(zone, parseCivilDate(date)!, hours * 60)).toISOString();

const base: Invite = {
  method: 'REQUEST',
  uid: '6f1c1f7e-2d2b-4c1e-9d55-5d0e0f1a2b3c',
  domain: 'haulora.com',
  sequence: 0,
  start: local('Australia/Sydney', '2026-10-05', 9),
  end: local('Australia/Sydney', '2026-10-05', 9.5),
  stamp: '2026-09-30T01:02:03.456Z',
  summary: 'Haulora demo, Whitfield Haulage',
  description: 'Dispatch and driver run sheets.\nWe run 40 trucks; mostly linehaul, some metro.',
  location: 'https://meet.example/amy',
  organizer: { name: 'Amy Tran', email: 'amy@haulora.com' },
  attendees: [{ name: 'Dana Whitfield', email: 'dana@whitfield.com.au' }],
  productId: '-//Haulora//Website demo booking//EN',
};

/** Unfolded content lines. */
const lines = (text: string) =>
  text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
const value = (text: string, name: string) =>
  lines(text).find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

describe('invites', () => {
  test('a request: the properties a calendar needs, in UTC, CRLF everywhere', () => {
    const text = buildInvite(base);
    assert.ok(text.endsWith('\r\n'));
    assert.doesNotMatch(text.replaceAll('\r\n', ''), /[\r\n]/, 'no bare line breaks');
    const all = lines(text);
    assert.deepEqual(all.slice(0, 6), [
      'BEGIN:VCALENDAR',
      'PRODID:-//Haulora//Website demo booking//EN',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
    ]);
    assert.deepEqual(all.slice(-3), ['TRANSP:OPAQUE', 'END:VEVENT', 'END:VCALENDAR'].slice(-3));
    assert.equal(value(text, 'UID'), 'UID:6f1c1f7e-2d2b-4c1e-9d55-5d0e0f1a2b3c@haulora.com');
    assert.equal(value(text, 'SEQUENCE'), 'SEQUENCE:0');
    assert.equal(value(text, 'DTSTAMP'), 'DTSTAMP:20260930T010203Z');
    // Monday 5 October 2026, 09:00 in Sydney, the day after clocks went forward: +11.
    assert.equal(value(text, 'DTSTART'), 'DTSTART:20261004T220000Z');
    assert.equal(value(text, 'DTEND'), 'DTEND:20261004T223000Z');
    assert.equal(value(text, 'LOCATION'), 'LOCATION:https://meet.example/amy');
    assert.equal(value(text, 'URL'), 'URL:https://meet.example/amy');
    assert.equal(value(text, 'ORGANIZER'), 'ORGANIZER;CN=Amy Tran:mailto:amy@haulora.com');
    assert.equal(
      value(text, 'ATTENDEE'),
      'ATTENDEE;CN=Dana Whitfield;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:dana@whitfield.com.au',
    );
    assert.equal(value(text, 'STATUS'), 'STATUS:CONFIRMED');
    assert.equal(
      value(text, 'DESCRIPTION'),
      'DESCRIPTION:Dispatch and driver run sheets.\\nWe run 40 trucks\\; mostly linehaul\\, some metro.',
    );
  });

  test('the right instants in every zone the issue names', () => {
    assert.equal(utcStamp(local('Australia/Sydney', '2026-04-03', 9)), '20260402T220000Z');
    assert.equal(utcStamp(local('Australia/Sydney', '2026-04-06', 9)), '20260405T230000Z');
    assert.equal(utcStamp(local('Australia/Adelaide', '2026-04-06', 9)), '20260405T233000Z');
    assert.equal(utcStamp(local('Australia/Brisbane', '2026-10-05', 9)), '20261004T230000Z');
    assert.equal(utcStamp(local('Asia/Manila', '2026-10-05', 9)), '20261005T010000Z');
    assert.throws(() => utcStamp('not a time'));
  });

  test('a reschedule keeps the UID with SEQUENCE + 1; a cancellation says CANCEL and CANCELLED', () => {
    const moved = buildInvite({
      ...base,
      sequence: 1,
      start: '2026-10-06T22:00:00.000Z',
      end: '2026-10-06T22:30:00.000Z',
    });
    const cancelled = buildInvite({ ...base, method: 'CANCEL', sequence: 2 });
    for (const text of [moved, cancelled]) assert.equal(value(text, 'UID'), value(buildInvite(base), 'UID'));
    assert.equal(value(moved, 'SEQUENCE'), 'SEQUENCE:1');
    assert.equal(value(moved, 'DTSTART'), 'DTSTART:20261006T220000Z');
    assert.equal(value(cancelled, 'METHOD'), 'METHOD:CANCEL');
    assert.equal(value(cancelled, 'STATUS'), 'STATUS:CANCELLED');
    assert.equal(value(cancelled, 'SEQUENCE'), 'SEQUENCE:2');
  });

  test('a phone call has words for a location and no URL', () => {
    const text = buildInvite({ ...base, location: 'Phone call: Amy calls +61 412 345 678' });
    assert.equal(value(text, 'LOCATION'), 'LOCATION:Phone call: Amy calls +61 412 345 678');
    assert.equal(value(text, 'URL'), undefined);
  });

  test('long lines fold at 75 octets without splitting a character; unfolding gives them back', () => {
    const summary = `Démo für Ōtautahi Freight — ${'ü'.repeat(60)} ${'x'.repeat(80)}`;
    const text = buildInvite({ ...base, summary });
    for (const line of text.split('\r\n'))
      assert.ok(Buffer.byteLength(line) <= 75, `${Buffer.byteLength(line)} octets: ${line}`);
    assert.equal(value(text, 'SUMMARY'), `SUMMARY:${summary}`);
    assert.equal(foldLine('short'), 'short');
    assert.doesNotMatch(text, /\uFFFD/);
  });

  test('what a visitor typed cannot add properties or break a line', () => {
    const text = buildInvite({
      ...base,
      summary: 'Demo\r\nATTENDEE:mailto:evil@example.com',
      attendees: [{ name: 'Dana "the boss": Whitfield;\r\nX', email: 'dana@whitfield.com.au' }],
    });
    assert.equal(lines(text).filter((line) => line.startsWith('ATTENDEE')).length, 1);
    assert.equal(value(text, 'SUMMARY'), 'SUMMARY:Demo\\nATTENDEE:mailto:evil@example.com');
    assert.match(value(text, 'ATTENDEE')!, /^ATTENDEE;CN="Dana the boss: Whitfield;X";ROLE=/);
    assert.throws(() => buildInvite({ ...base, attendees: [{ name: 'x', email: 'a@b.c\r\nATTENDEE:mailto:x@y.z' }] }));
    assert.equal(escapeText('a\\b'), 'a\\\\b');
  });
});
