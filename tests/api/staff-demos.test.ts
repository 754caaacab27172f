// A staff member's booked demos (issue 29), over real HTTP on SQLite and PostgreSQL: staff move
// and cancel a demo request's meeting from the inbox with the visitor link's very change (same
// UID, SEQUENCE + 1, invites and CANCEL to both through the outbox, history "by <staff>"); My
// demos lists theirs in their zone with the visitor's beside it; the private calendar feed is a
// text/calendar VCALENDAR at a secret URL (only its hash stored) that "Renew" replaces at once.
// Bad input is a 4xx in the inbox's {errorInfo} shape with nothing changed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BOOKING_MESSAGES } from '../../common/booking.ts';
import { MESSAGES } from '../../common/messages.ts';
import { STAFF_DEMO_MESSAGES } from '../../server/services/booking/staff-demos.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { type StaffClient, signInAs } from '../helpers/staff.ts';

const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));
let sequence = 0;
const demo = (extra: Record<string, unknown> = {}) => ({
  name: 'Dana Whitfield',
  job_title: 'Operations Manager',
  company: 'Whitfield Haulage',
  country: '+61',
  number: '+61 412345678',
  email: `dana${++sequence}@whitfield.com.au`,
  text: 'We run 40 trucks.',
  ...extra,
});
/** An .ics text's lines, continuation lines joined back (RFC 5545 3.1). */
const unfold = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

const cluster = await startPostgres();
after(async () => cluster?.close());
const engines = [
  { name: 'SQLite', env: async () => ({}) },
  ...(cluster ? [{ name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await cluster.createDatabase() }) }] : []),
];

for (const engine of engines) {
  describe(`staff demos on ${engine.name}`, () => {
    let server: TestServer;
    let boss: StaffClient;
    let amy: StaffClient;
    let starts: string[] = [];
    const db = () => server.app.database.kysely;
    const bookingOf = (requestId: number) =>
      db()
        .selectFrom('bookings')
        .select(['uid', 'sequence', 'start_at', 'status'])
        .where('demo_request_id', '=', requestId)
        .executeTakeFirstOrThrow();
    const mailOf = (uid: string) =>
      db()
        .selectFrom('outbox')
        .select(['kind', 'recipient', 'calendar'])
        .where('booking_uid', '=', uid)
        .orderBy('id')
        .execute();
    /** Books `start` through the demo form; the request's id. */
    async function book(start: string, zone = 'Europe/London'): Promise<number> {
      const answer = await server.client().post('/api/RequestDemo', demo({ slot_start: start, time_zone: zone }));
      assert.equal(answer.status, 200, answer.text);
      const row = await db().selectFrom('demo_requests').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
      return Number(row.id);
    }

    before(async () => {
      server = await startServer(await engine.env());
      boss = await signInAs(server, 'boss');
      amy = await signInAs(server, 'amy', { role: 'sales', email: 'amy@haulora.example' });
      await server.app.services.booking.saveAvailability(
        'amy',
        { time_zone: 'Australia/Sydney', weekly: ALL_WEEK, days_off: [], meeting_url: 'https://meet.example/amy' },
        { username: 'boss', role: 'admin' },
      );
      const slots = (await server.client().get('/api/demo/slots?tz=UTC&days=5')).body.slots as { start: string }[];
      starts = slots.map((slot) => slot.start);
      assert.ok(starts.length > 20);
    });
    after(() => server.close());

    test('staff move a meeting: same UID, SEQUENCE 1, invites to both, history "by boss"', async () => {
      // More than a day ahead: the booking writes the visitor three emails (invite, two reminders).
      const id = await book(starts.find((start) => Date.parse(start) > Date.now() + 26 * 3_600_000)!);
      const before = await bookingOf(id);
      const target = starts[starts.length - 1]!;
      const moved = await boss.call('POST', `/api/inbox/demo-requests/${id}/booking/move`, { start: target });
      assert.equal(moved.status, 200, moved.text);
      assert.equal(moved.body.booking.start, target);
      assert.deepEqual(
        moved.body.booking.history.map(({ action, by }: { action: string; by: string | null }) => [action, by]),
        [
          ['booked', null],
          ['rescheduled', 'boss'],
        ],
      );
      const after = await bookingOf(id);
      assert.deepEqual({ ...after }, { uid: before.uid, sequence: 1, start_at: target, status: 'booked' });
      const invites = (await mailOf(before.uid)).filter((mail) => mail.kind.startsWith('booking-invite'));
      assert.equal(invites.length, 4, 'two when booked, two when moved');
      for (const invite of invites.slice(2)) {
        const lines = unfold(invite.calendar!);
        for (const line of ['METHOD:REQUEST', `UID:${before.uid}@localhost`, 'SEQUENCE:1'])
          assert.ok(lines.includes(line));
      }
      // Change emails are not capped (decision 050): the visitor's four (old invite, new invite,
      // two new reminders) go past the per-address cap of three a day.
      const visitor = (await mailOf(before.uid)).filter((mail) => !mail.kind.endsWith('-staff'));
      assert.deepEqual(
        visitor.map((mail) => mail.kind),
        ['booking-invite', 'booking-invite', 'booking-reminder', 'booking-reminder'],
      );
    });

    test('a move to a taken time is a 409; not offered, past or unreadable a 400; nothing changes', async () => {
      const id = await book(starts[6]!);
      await book(starts[8]!);
      const before = await bookingOf(id);
      const mailBefore = await mailOf(before.uid);
      const move = (body: unknown) => boss.call('POST', `/api/inbox/demo-requests/${id}/booking/move`, body);
      const taken = await move({ start: starts[8]! });
      assert.equal(taken.status, 409, taken.text);
      assert.deepEqual(taken.body, { errorInfo: BOOKING_MESSAGES.taken });
      const past = new Date(Date.now() - 86_400_000).toISOString().slice(0, 14) + '00:00.000Z';
      const offGrid = new Date(Date.parse(starts[9]!) + 7 * 60_000).toISOString();
      for (const start of [past, offGrid, 'tomorrow', '', 'x'.repeat(41)]) {
        const answer = await move({ start });
        assert.equal(answer.status, 400, `${start}: ${answer.text}`);
        assert.equal(typeof answer.body.errorInfo, 'string');
      }
      const missing = await move({});
      assert.equal(missing.status, 400);
      assert.deepEqual(missing.body, { errorInfo: BOOKING_MESSAGES.chooseTime });
      assert.deepEqual({ ...(await bookingOf(id)) }, { ...before });
      assert.deepEqual(await mailOf(before.uid), mailBefore);
    });

    test('unknown requests, requests without a meeting, no token and no CSRF header are refused', async () => {
      const plain = await server.client().post('/api/RequestDemo', demo());
      assert.equal(plain.status, 200);
      const noMeeting = Number(
        (await db().selectFrom('demo_requests').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id,
      );
      const cancel = (id: number | string) => boss.call('POST', `/api/inbox/demo-requests/${id}/booking/cancel`);
      assert.deepEqual((await cancel(noMeeting)).body, { errorInfo: STAFF_DEMO_MESSAGES.noBooking });
      assert.equal((await cancel(noMeeting)).status, 404);
      assert.equal((await cancel(999_999)).status, 404);
      assert.equal((await cancel('abc')).status, 404);
      const id = await book(starts[10]!);
      const anonymous = await boss.call('POST', `/api/inbox/demo-requests/${id}/booking/cancel`, undefined, {
        token: null,
      });
      assert.equal(anonymous.status, 401);
      assert.deepEqual(anonymous.body, { errorInfo: MESSAGES.tokenInvalid });
      const noCsrf = await boss.client.request('POST', `/api/inbox/demo-requests/${id}/booking/cancel`, {
        headers: { authorization: `Bearer ${boss.token}` },
      });
      assert.equal(noCsrf.status, 403);
      assert.equal((await bookingOf(id)).status, 'booked');
    });

    test('My demos: mine only, in my zone, by period, with the visitor’s zone', async () => {
      const id = await book(starts[12]!, 'Asia/Manila');
      const mine = await amy.get('/api/inbox/my-demos');
      assert.equal(mine.status, 200, mine.text);
      assert.equal(mine.body.time_zone, 'Australia/Sydney');
      assert.match(mine.body.today, /^\d{4}-\d\d-\d\d$/);
      const entry = mine.body.demos.find((item: { request_id: number }) => item.request_id === id);
      assert.ok(entry, 'the booked demo is listed');
      assert.equal(entry.start, starts[12]);
      assert.equal(entry.visitor_time_zone, 'Asia/Manila');
      assert.equal(entry.name, 'Dana Whitfield');
      assert.ok(['today', 'this-week', 'next-week'].includes(entry.period));
      const sorted = [...mine.body.demos].sort((a, b) => a.start.localeCompare(b.start));
      assert.deepEqual(mine.body.demos, sorted, 'soonest first');
      // The boss books no demos: an empty list in the site's zone.
      const theirs = await boss.get('/api/inbox/my-demos');
      assert.equal(theirs.status, 200);
      assert.deepEqual(theirs.body.demos, []);
      assert.equal((await server.client().get('/api/inbox/my-demos')).status, 401);
    });

    test('the calendar feed: a secret URL (hash stored), text/calendar, renewed at once', async () => {
      const id = await book(starts[14]!);
      const { uid } = await bookingOf(id);
      const first = await amy.get('/api/inbox/calendar-feed');
      assert.equal(first.status, 200);
      const url = new URL(first.body.url);
      assert.match(url.pathname, /^\/calendar\/[\w-]{43}\.ics$/);
      assert.equal((await amy.get('/api/inbox/calendar-feed')).body.url, first.body.url, 'the same URL until renewed');
      const feed = await server.client().get(url.pathname);
      assert.equal(feed.status, 200);
      assert.match(feed.headers.get('content-type') ?? '', /^text\/calendar/);
      assert.match(feed.headers.get('cache-control') ?? '', /no-store/);
      const lines = unfold(feed.text);
      assert.equal(lines[0], 'BEGIN:VCALENDAR');
      assert.ok(lines.includes(`UID:${uid}@localhost`));
      assert.ok(lines.includes('LOCATION:https://meet.example/amy'));
      assert.ok(feed.text.endsWith('END:VCALENDAR\r\n'));
      assert.ok(
        feed.text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75),
        'folded at 75 octets',
      );
      const secret = url.pathname.slice('/calendar/'.length, -'.ics'.length);
      const stored = await db().selectFrom('staff_calendar_feeds').selectAll().execute();
      assert.ok(!JSON.stringify(stored).includes(secret), 'only a hash of the secret is stored');
      // Another staff member's feed has none of amy's demos.
      const bossFeed = new URL((await boss.get('/api/inbox/calendar-feed')).body.url);
      assert.ok(!(await server.client().get(bossFeed.pathname)).text.includes(uid));

      const renewed = await amy.call('POST', '/api/inbox/calendar-feed/renew');
      assert.equal(renewed.status, 200);
      assert.notEqual(renewed.body.url, first.body.url);
      assert.equal((await server.client().get(url.pathname)).status, 404, 'the old URL is gone at once');
      assert.equal((await server.client().get(new URL(renewed.body.url).pathname)).status, 200);
      for (const guess of ['/calendar/x.ics', `/calendar/${secret}.ics.bak`, `/calendar/${'A'.repeat(43)}.ics`])
        assert.equal((await server.client().get(guess)).status, 404, guess);
    });

    test('staff cancel: METHOD:CANCEL to both, reminders dropped, out of My demos and the feed', async () => {
      const id = await book(starts[16]!);
      const { uid } = await bookingOf(id);
      const cancelled = await boss.call('POST', `/api/inbox/demo-requests/${id}/booking/cancel`);
      assert.equal(cancelled.status, 200, cancelled.text);
      assert.equal(cancelled.body.booking.status, 'cancelled');
      assert.deepEqual(cancelled.body.booking.history.at(-1).action, 'cancelled');
      assert.equal(cancelled.body.booking.history.at(-1).by, 'boss');
      const mail = await mailOf(uid);
      assert.ok(!mail.some((message) => message.kind.startsWith('booking-reminder')), 'reminders dropped');
      const cancels = mail.filter((message) => unfold(message.calendar ?? '').includes('METHOD:CANCEL'));
      assert.equal(cancels.length, 2, 'the visitor and amy');
      const again = await boss.call('POST', `/api/inbox/demo-requests/${id}/booking/cancel`);
      assert.equal(again.status, 409);
      assert.deepEqual(again.body, { errorInfo: BOOKING_MESSAGES.alreadyCancelled });
      const mine = await amy.get('/api/inbox/my-demos');
      assert.ok(!mine.body.demos.some((item: { request_id: number }) => item.request_id === id));
      const feed = new URL((await amy.get('/api/inbox/calendar-feed')).body.url);
      assert.ok(!(await server.client().get(feed.pathname)).text.includes(uid));
    });
  });
}
