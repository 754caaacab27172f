// The visitor's own booking page (issue 29), /demo/booking/<token>, against the production build
// on each engine: it shows the booked time in the visitor's zone and the meeting, never cached
// nor indexed; Cancel and Move post natively (no JavaScript) and each does everything in one
// transaction: the booking (same UID, SEQUENCE + 1), its event, its pending reminders dropped,
// and the METHOD:CANCEL or METHOD:REQUEST emails to both sides through the outbox. A tampered,
// expired or other-purpose token is a clear 4xx page with nothing changed; a time taken
// meanwhile answers 409 in the words with fresh times.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BOOKING_MESSAGES, formatSlot } from '../../common/booking.ts';
import { createBookingLinks } from '../../server/services/booking/links.ts';
import { createTokenService } from '../../server/services/tokens.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { startServer, TEST_TOKEN_SECRET, type TestServer } from '../helpers/server.ts';

const ALL_DAY = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));
const ZONE = 'Asia/Manila';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
let sequence = 0;

const cluster = await startPostgres();
after(async () => {
  await cluster?.close();
});
const engines: { engine: string; env: () => Promise<Record<string, string>> }[] = [
  { engine: 'sqlite', env: async () => ({}) },
  ...(cluster ? [{ engine: 'postgres', env: async () => ({ DATABASE_URL: await cluster.createDatabase() }) }] : []),
];

for (const { engine, env } of engines) {
  describe(`/demo/booking/<token> (${engine})`, () => {
    let server: TestServer;
    const db = () => server.app.database.kysely;

    before(async () => {
      server = await startServer({ BOOKING_TIME_ZONE: 'Australia/Sydney', ...(await env()) }, { pages: true });
      const now = new Date().toISOString();
      await server.app.repos.users.create('boss', 'x', now, null, 'admin');
      await server.app.repos.users.create('amy', 'x', now, 'amy@haulora.example', 'sales');
      await server.app.services.booking.saveAvailability(
        'amy',
        { time_zone: ZONE, weekly: ALL_DAY, days_off: [], meeting_url: 'https://meet.example/amy' },
        { username: 'boss', role: 'admin' },
      );
    });
    after(() => server.close());

    /** Free starts more than a day ahead (both reminders still to come). */
    const freeStarts = async () =>
      ((await server.client().get(`/api/demo/slots?tz=${ZONE}&days=5`)).body.slots as { start: string }[])
        .map((slot) => slot.start)
        .filter((start) => Date.parse(start) > Date.now() + 26 * 3_600_000);

    /** Books `start` through the API; the booking's uid and the token of the visitor's link. */
    async function book(start: string) {
      const email = `dana${++sequence}@whitfield.com.au`;
      const response = await server.client().post('/api/RequestDemo', {
        name: 'Dana Whitfield',
        job_title: 'Operations Manager',
        company: 'Whitfield Haulage',
        country: '+61',
        number: '+61 412345678',
        email,
        text: 'Linehaul dispatch.',
        slot_start: start,
        time_zone: ZONE,
      });
      assert.equal(response.status, 200, response.text);
      const invite = await db()
        .selectFrom('outbox')
        .select(['body_text', 'booking_uid'])
        .where('kind', '=', 'booking-invite')
        .where('recipient', '=', email)
        .executeTakeFirstOrThrow();
      const token = /\/demo\/booking\/(v1\.[\w-]+\.[\w-]+)/.exec(invite.body_text)![1]!;
      return { uid: invite.booking_uid!, token, email };
    }
    const bookingRow = (uid: string) =>
      db()
        .selectFrom('bookings')
        .select(['id', 'sequence', 'status', 'start_at', 'end_at'])
        .where('uid', '=', uid)
        .executeTakeFirstOrThrow();
    const mailOf = (uid: string) =>
      db()
        .selectFrom('outbox')
        .select(['kind', 'recipient', 'calendar', 'next_attempt_at', 'sent_at', 'subject'])
        .where('booking_uid', '=', uid)
        .orderBy('id')
        .execute();
    // The delivery worker may try the invites meanwhile (their next attempt moves, or they are
    // sent); what a change of the booking alters is the messages and the reminders' times.
    const changeable = (mail: Awaited<ReturnType<typeof mailOf>>) =>
      mail.map(({ next_attempt_at, sent_at: _sent, ...message }) =>
        message.kind.includes('reminder') ? { ...message, next_attempt_at } : message,
      );
    async function open(token: string) {
      const client = new ApiClient(server.url);
      const page = await client.get(`/demo/booking/${token}`);
      const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
      return { client, page, csrf };
    }
    const post = (client: ApiClient, token: string, fields: Record<string, string>) =>
      client.request('POST', `/demo/booking/${token}`, {
        headers: FORM,
        body: new URLSearchParams(fields).toString(),
      });
    const radios = (html: string) => [...html.matchAll(/name="slot_start" value="([^"]+)"/g)].map((m) => m[1]!);
    const unfold = (ics: string | null) => (ics ?? '').replace(/\r\n /g, '').split('\r\n');

    test('shows the booked time in the visitor’s zone and the meeting; noindex, no-store', async () => {
      const [start] = await freeStarts();
      const { token } = await book(start!);
      const { page, csrf } = await open(token);
      assert.equal(page.status, 200);
      assert.equal(page.headers.get('cache-control'), 'no-store');
      assert.match(page.text, /<meta name="robots" content="noindex"/);
      assert.ok(page.text.includes(`${formatSlot(start!, ZONE)} (${ZONE} time)`));
      assert.ok(page.text.includes('href="https://meet.example/amy"'));
      assert.ok(csrf);
      assert.ok(radios(page.text).length > 0 && !radios(page.text).includes(start!));
      assert.match(page.text, /<button type="submit"[^>]*value="cancel"/);
    });

    test('a tampered, expired or other-purpose token: a clear 4xx page, and nothing changes', async () => {
      const [, start] = await freeStarts();
      const { uid, token } = await book(start!);
      const before = { booking: await bookingRow(uid), mail: changeable(await mailOf(uid)) };
      const last = token.at(-1) === 'A' ? 'B' : 'A';
      const tampered = token.slice(0, -1) + last;
      const expired = createBookingLinks(TEST_TOKEN_SECRET).sign(uid, new Date(Date.now() - 60_000));
      // A sign-in token of the same site is not a booking link.
      const otherPurpose = await createTokenService(TEST_TOKEN_SECRET, 60).signAccessToken({
        userId: 1,
        username: 'amy',
        sessionId: uid,
      });
      const cases: [string, number, string][] = [
        [tampered, 404, BOOKING_MESSAGES.linkInvalid],
        [
          createBookingLinks('another-secret-that-is-long-enough-1234').sign(uid, new Date(Date.now() + 3_600_000)),
          404,
          BOOKING_MESSAGES.linkInvalid,
        ],
        [expired, 410, BOOKING_MESSAGES.linkExpired],
        [otherPurpose, 404, BOOKING_MESSAGES.linkInvalid],
      ];
      for (const [bad, status, words] of cases) {
        const { page } = await open(bad);
        assert.equal(page.status, status, bad);
        assert.ok(page.text.includes(words.replace(/'/g, '&#x27;')) || page.text.includes(words), bad);
        assert.equal(page.headers.get('cache-control'), 'no-store');
        // A post with this visitor's own valid CSRF token still changes nothing.
        const { client, csrf } = await open(token);
        const posted = await post(client, bad, { _csrf: csrf, intent: 'cancel' });
        assert.equal(posted.status, status, bad);
      }
      assert.deepEqual(await bookingRow(uid), before.booking);
      assert.deepEqual(changeable(await mailOf(uid)), before.mail);
    });

    test('Move: same UID, SEQUENCE 1, METHOD:REQUEST to both, reminders moved, a new link', async () => {
      const starts = await freeStarts();
      const { uid, token, email } = await book(starts[2]!);
      const target = starts[starts.length - 1]!;
      const { client, csrf } = await open(token);
      const moved = await post(client, token, { _csrf: csrf, intent: 'move', slot_start: target });
      assert.equal(moved.status, 303);
      const location = moved.headers.get('location')!;
      assert.match(location, /^\/demo\/booking\/v1\.[\w-]+\.[\w-]+\?done=moved$/);
      assert.notEqual(location.split('?')[0], `/demo/booking/${token}`);
      const row = await bookingRow(uid);
      assert.equal(row.sequence, 1);
      assert.equal(row.status, 'booked');
      assert.equal(row.start_at, target);
      const events = await db()
        .selectFrom('booking_events')
        .select('action')
        .where('booking_id', '=', row.id)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        events.map((event) => event.action),
        ['booked', 'rescheduled'],
      );
      const mail = await mailOf(uid);
      // The first four reminders (for the old time) are gone; the two new invites and four new
      // reminders follow the first two invites.
      assert.deepEqual(
        mail.map((message) => [message.kind, message.recipient]),
        [
          ['booking-invite', email],
          ['booking-invite-staff', 'amy@haulora.example'],
          ['booking-invite', email],
          ['booking-invite-staff', 'amy@haulora.example'],
          ['booking-reminder', email],
          ['booking-reminder-staff', 'amy@haulora.example'],
          ['booking-reminder', email],
          ['booking-reminder-staff', 'amy@haulora.example'],
        ],
      );
      const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
      for (const message of mail.slice(2, 4)) {
        const lines = unfold(message.calendar);
        for (const line of ['METHOD:REQUEST', `UID:${uid}@localhost`, 'SEQUENCE:1', `DTSTART:${stamp(target)}`])
          assert.ok(lines.includes(line), line);
      }
      assert.deepEqual(
        mail.slice(4).map((message) => Date.parse(target) - Date.parse(message.next_attempt_at)),
        [86_400_000, 86_400_000, 3_600_000, 3_600_000],
      );
      // The inbox's panel shows the history: booked by the visitor, moved by the visitor.
      const request = await db()
        .selectFrom('demo_requests')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const detail = await server.app.services.inbox.detail('demo-requests', request.id);
      assert.ok(detail.ok);
      assert.deepEqual(
        detail.value.booking!.history.map(({ action, start, owner, by }) => ({ action, start, owner, by })),
        [
          { action: 'booked', start: starts[2]!, owner: 'amy', by: null },
          { action: 'rescheduled', start: target, owner: 'amy', by: null },
        ],
      );
      // The new page shows the new time and says it moved.
      const after = await client.get(location);
      assert.equal(after.status, 200);
      assert.ok(after.text.includes(formatSlot(target, ZONE)));
    });

    test('a time taken meanwhile: 409 in the issue’s words with fresh times, nothing changed', async () => {
      const starts = await freeStarts();
      const mine = await book(starts[3]!);
      const taken = starts[4]!;
      await book(taken);
      const before = { booking: await bookingRow(mine.uid), mail: changeable(await mailOf(mine.uid)) };
      const { client, csrf } = await open(mine.token);
      const answer = await post(client, mine.token, { _csrf: csrf, intent: 'move', slot_start: taken });
      assert.equal(answer.status, 409);
      assert.ok(answer.text.includes(BOOKING_MESSAGES.taken));
      assert.ok(radios(answer.text).length > 0 && !radios(answer.text).includes(taken));
      assert.deepEqual(await bookingRow(mine.uid), before.booking);
      assert.deepEqual(changeable(await mailOf(mine.uid)), before.mail);
    });

    test('Cancel: cancelled, SEQUENCE+1, pending reminders dropped, METHOD:CANCEL to both; the time is free again', async () => {
      const starts = await freeStarts();
      const start = starts[5]!;
      const { uid, token, email } = await book(start);
      const { client, csrf } = await open(token);
      // Without the CSRF token: refused, nothing changed.
      assert.equal((await post(client, token, { intent: 'cancel' })).status, 403);
      assert.equal((await bookingRow(uid)).status, 'booked');
      const answer = await post(client, token, { _csrf: csrf, intent: 'cancel' });
      assert.equal(answer.status, 303);
      assert.equal(answer.headers.get('location'), `/demo/booking/${token}?done=cancelled`);
      const row = await bookingRow(uid);
      assert.deepEqual([row.status, row.sequence], ['cancelled', 1]);
      const mail = await mailOf(uid);
      assert.deepEqual(
        mail.map((message) => [message.kind, message.recipient]),
        [
          ['booking-invite', email],
          ['booking-invite-staff', 'amy@haulora.example'],
          ['booking-invite', email],
          ['booking-invite-staff', 'amy@haulora.example'],
        ],
      );
      for (const message of mail.slice(2)) {
        const lines = unfold(message.calendar);
        for (const line of ['METHOD:CANCEL', `UID:${uid}@localhost`, 'SEQUENCE:1', 'STATUS:CANCELLED'])
          assert.ok(lines.includes(line), line);
      }
      assert.ok((await freeStarts()).includes(start));
      const request = await db()
        .selectFrom('demo_requests')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const detail = await server.app.services.inbox.detail('demo-requests', request.id);
      assert.ok(detail.ok);
      assert.equal(detail.value.booking!.status, 'cancelled');
      assert.deepEqual(
        detail.value.booking!.history.map((entry) => entry.action),
        ['booked', 'cancelled'],
      );
      const page = await client.get(`/demo/booking/${token}?done=cancelled`);
      assert.equal(page.status, 200);
      assert.ok(page.text.includes('cancelled'));
      assert.ok(!page.text.includes('value="cancel"'));
      // Twice: 409, nothing more.
      const twice = await post(client, token, { _csrf: csrf, intent: 'cancel' });
      assert.equal(twice.status, 409);
      assert.ok(twice.text.includes(BOOKING_MESSAGES.alreadyCancelled));
      assert.equal((await mailOf(uid)).length, 4);
    });
  });
}
