// A demo request that books a time (issue 29), over real HTTP on each engine: POST /api/RequestDemo
// with `slot_start` and `time_zone` stores the request, its booking and its owner in one
// transaction and names the time in the visitor's zone; a time taken meanwhile answers 409 with
// nothing stored; the Idempotency-Key holds (a retry answers the first answer and books once);
// bad input is a 400 in the route's ['ERROR', …] shape with nothing stored; without a time the
// request works as before.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BOOKING_MESSAGES, formatSlot } from '../../common/booking.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { DB } from '../../server/db/schema.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));
const ADMIN = { username: 'boss', role: 'admin' };
let sequence = 0;

const demo = (extra: Record<string, unknown> = {}) => ({
  name: 'Dana Whitfield',
  job_title: 'Operations Manager',
  company: 'Whitfield Haulage',
  country: '+61',
  number: '+61 412345678',
  email: `dana${++sequence}@whitfield.com.au`,
  text: 'We run 40 trucks and want to see linehaul dispatch.',
  ...extra,
});

const cluster = await startPostgres();
after(async () => {
  await cluster?.close();
});
const engines: { engine: string; env: () => Promise<Record<string, string>> }[] = [
  { engine: 'sqlite', env: async () => ({}) },
  ...(cluster ? [{ engine: 'postgres', env: async () => ({ DATABASE_URL: await cluster.createDatabase() }) }] : []),
];

for (const { engine, env } of engines) {
  describe(`POST /api/RequestDemo with a time (${engine})`, () => {
    let server: TestServer;
    const count = async (table: keyof DB) =>
      Number(
        (
          await server.app.database.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const counts = async () => ({
      requests: await count('demo_requests'),
      bookings: await count('bookings'),
      outbox: await count('outbox'),
      keys: await count('idempotency_keys'),
    });
    const slots = async (zone = 'Asia/Manila') =>
      (await server.client().get(`/api/demo/slots?tz=${encodeURIComponent(zone)}&days=3`)).body.slots as {
        start: string;
        end: string;
      }[];
    const post = (body: unknown, key?: string) =>
      server.client().post('/api/RequestDemo', body, key ? { 'Idempotency-Key': key } : {});

    before(async () => {
      server = await startServer(await env());
      const now = new Date().toISOString();
      await server.app.repos.users.create('boss', 'x', now, null, 'admin');
      await server.app.repos.users.create('amy', 'x', now, 'amy@haulora.example', 'sales');
      await server.app.services.booking.saveAvailability(
        'amy',
        { time_zone: 'Asia/Manila', weekly: ALL_WEEK, days_off: [], meeting_url: 'https://meet.example/amy' },
        ADMIN,
      );
    });
    after(() => server.close());

    test('books the time with the request and its owner; the answer names it in the visitor’s zone', async () => {
      const [slot] = await slots('Europe/London');
      assert.ok(slot);
      const before = await counts();
      const response = await post(demo({ slot_start: slot.start, time_zone: 'Europe/London' }));
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, [
        'SUCCESS',
        BOOKING_MESSAGES.booked(formatSlot(slot.start, 'Europe/London'), 'Europe/London'),
      ]);
      const after = await counts();
      assert.equal(after.requests, before.requests + 1);
      assert.equal(after.bookings, before.bookings + 1);
      const booking = await server.app.database.kysely
        .selectFrom('bookings')
        .innerJoin('demo_requests', 'demo_requests.id', 'bookings.demo_request_id')
        .innerJoin('users', 'users.id', 'bookings.owner_id')
        .select(['bookings.start_at', 'bookings.end_at', 'bookings.time_zone', 'users.username', 'demo_requests.owner'])
        .orderBy('bookings.id', 'desc')
        .executeTakeFirstOrThrow();
      assert.deepEqual(
        { ...booking },
        {
          start_at: slot.start,
          end_at: slot.end,
          time_zone: 'Europe/London',
          username: 'amy',
          owner: 'amy',
        },
      );
      // The time is no longer offered.
      assert.ok(!(await slots()).some((free) => free.start === slot.start));
    });

    test('the visitor and the owner each get an invite (.ics) through the outbox, and the reminders wait', async () => {
      const all = await slots('UTC');
      // A time more than a day ahead, so both reminders are still to come.
      const slot = all.find((free) => Date.parse(free.start) > Date.now() + 26 * 3_600_000)!;
      assert.ok(slot);
      const body = demo({ slot_start: slot.start, time_zone: 'Asia/Manila' });
      assert.equal((await post(body)).status, 200);
      const { id, uid } = await server.app.database.kysely
        .selectFrom('demo_requests')
        .innerJoin('bookings', 'bookings.demo_request_id', 'demo_requests.id')
        .select(['demo_requests.id', 'bookings.uid'])
        .where('demo_requests.email', '=', body.email)
        .executeTakeFirstOrThrow();
      const mail = await server.app.database.kysely
        .selectFrom('outbox')
        .select(['kind', 'recipient', 'calendar', 'booking_uid', 'next_attempt_at', 'created_at', 'body_text'])
        .where('submission_kind', '=', 'demo-requests')
        .where('submission_id', '=', id)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        mail.map((row) => [row.kind, row.recipient]),
        [
          ['sales-demo', server.config.mail.salesEmail],
          ['booking-invite', body.email],
          ['booking-invite-staff', 'amy@haulora.example'],
          ['booking-reminder', body.email],
          ['booking-reminder-staff', 'amy@haulora.example'],
          ['booking-reminder', body.email],
          ['booking-reminder-staff', 'amy@haulora.example'],
        ],
      );
      const [visitorInvite, staffInvite] = [mail[1]!, mail[2]!];
      // The sales team's notification names the time in the owner's zone, and the owner.
      assert.ok(
        mail[0]!.body_text.includes(`Booked time: ${formatSlot(slot.start, 'Asia/Manila')} (Asia/Manila) with amy`),
      );
      assert.equal(visitorInvite.calendar, staffInvite.calendar);
      // Unfolded (RFC 5545 3.1: a CRLF and a space continue a line).
      const ics = visitorInvite.calendar!.replace(/\r\n /g, '');
      const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
      for (const line of [
        'METHOD:REQUEST',
        `UID:${uid}@localhost`,
        'SEQUENCE:0',
        `DTSTART:${stamp(slot.start)}`,
        `DTEND:${stamp(slot.end)}`,
        'LOCATION:https://meet.example/amy',
        'ORGANIZER;CN=amy:mailto:amy@haulora.example',
      ])
        assert.ok(ics.split('\r\n').includes(line), line);
      assert.match(
        ics,
        new RegExp(`ATTENDEE;CN=${body.email.replace('.', '\\.')};[^\r]*:mailto:${body.email.replace('.', '\\.')}`),
      );
      assert.ok(mail.every((row) => row.kind === 'sales-demo' || row.booking_uid === uid));
      // The visitor's email names the time in their zone and holds none of their words.
      assert.ok(visitorInvite.body_text.includes('(Asia/Manila time)'));
      assert.ok(!visitorInvite.body_text.includes('Dana') && !ics.includes('Dana'));
      // The visitor's invite and reminders carry their personal link; the owner's emails do not.
      const link = /\/demo\/booking\/(v1\.[\w-]+\.[\w-]+)/;
      assert.match(visitorInvite.body_text, link);
      assert.match(mail[3]!.body_text, link);
      assert.doesNotMatch(staffInvite.body_text, link);
      // The inbox shows the booking: its time for the visitor, its owner, their zone and link.
      const detail = await server.app.services.inbox.detail('demo-requests', id);
      assert.ok(detail.ok);
      assert.deepEqual(detail.value.booking, {
        start: slot.start,
        end: slot.end,
        time_zone: 'Asia/Manila',
        owner: 'amy',
        owner_time_zone: 'Asia/Manila',
        meeting_url: 'https://meet.example/amy',
        status: 'booked',
        routing_reason: detail.value.booking!.routing_reason,
        history: [
          { action: 'booked', start: slot.start, owner: 'amy', by: null, at: detail.value.booking!.history[0]!.at },
        ],
      });
      assert.ok(detail.value.booking!.routing_reason.length > 0);
      // Reminders are due 24 hours and 1 hour before.
      assert.deepEqual(
        mail.slice(3).map((row) => Date.parse(slot.start) - Date.parse(row.next_attempt_at)),
        [86_400_000, 86_400_000, 3_600_000, 3_600_000],
      );
    });

    test('a time taken meanwhile: 409 in the issue’s words, nothing stored', async () => {
      const [slot] = await slots();
      assert.ok(slot);
      assert.equal((await post(demo({ slot_start: slot.start, time_zone: 'Asia/Manila' }))).status, 200);
      const before = await counts();
      const response = await post(demo({ slot_start: slot.start, time_zone: 'Asia/Manila' }), 'taken-key-0001');
      assert.equal(response.status, 409);
      assert.deepEqual(response.body, ['ERROR', BOOKING_MESSAGES.taken]);
      assert.deepEqual(await counts(), before);
    });

    test('the Idempotency-Key holds: a retry answers the first answer and books once', async () => {
      const [slot] = await slots();
      assert.ok(slot);
      const body = demo({ slot_start: slot.start, time_zone: 'Australia/Adelaide' });
      const before = await counts();
      const first = await post(body, 'booking-retry-0001');
      assert.equal(first.status, 200);
      // A retry once the first answered, and two more at once.
      const again = await Promise.all([0, 1, 2].map(() => post(body, 'booking-retry-0001')));
      for (const response of again) {
        assert.equal(response.status, 200);
        assert.deepEqual(response.body, first.body);
      }
      const after = await counts();
      assert.equal(after.requests, before.requests + 1);
      assert.equal(after.bookings, before.bookings + 1);
      // The same key with another time is another body: 409, nothing stored.
      const [, other] = await slots();
      const changed = await post({ ...body, slot_start: other!.start }, 'booking-retry-0001');
      assert.equal(changed.status, 409);
      assert.deepEqual(await counts(), after);
    });

    test('retries racing the first try book once', async () => {
      const [slot] = await slots();
      assert.ok(slot);
      const body = demo({ slot_start: slot.start, time_zone: 'Asia/Manila' });
      const before = await counts();
      const answers = await Promise.all([0, 1, 2, 3].map(() => post(body, 'booking-race-0001')));
      for (const response of answers) assert.deepEqual([response.status, response.body], [200, answers[0]!.body]);
      const after = await counts();
      assert.equal(after.bookings, before.bookings + 1);
      assert.equal(after.requests, before.requests + 1);
    });

    test('bad input: a clear 400 in the route’s shape, nothing stored', async () => {
      const [slot] = await slots();
      assert.ok(slot);
      const start = Date.parse(slot.start);
      const at = (ms: number) => new Date(ms).toISOString();
      const cases: [Record<string, unknown>, string][] = [
        [{ slot_start: at(start + 7 * 60_000), time_zone: 'UTC' }, BOOKING_MESSAGES.notOffered],
        [{ slot_start: at(Date.now() - 3_600_000), time_zone: 'UTC' }, BOOKING_MESSAGES.notOffered],
        [{ slot_start: at(Date.now() + 60 * 86_400_000), time_zone: 'UTC' }, BOOKING_MESSAGES.notOffered],
        [{ slot_start: 'next tuesday', time_zone: 'UTC' }, BOOKING_MESSAGES.notOffered],
        [{ slot_start: slot.start, time_zone: 'Mars/Olympus_Mons' }, BOOKING_MESSAGES.zone],
        [{ slot_start: slot.start }, BOOKING_MESSAGES.zone],
        [{ slot_start: slot.start, time_zone: 42 }, BOOKING_MESSAGES.zone],
      ];
      const before = await counts();
      for (const [extra, message] of cases) {
        const response = await post(demo(extra), `bad-input-${sequence}-key`);
        assert.deepEqual([response.status, response.body], [400, ['ERROR', message]], JSON.stringify(extra));
      }
      assert.deepEqual(await counts(), before);
    });

    test('without a time, or with an empty one, the request works as before', async () => {
      const before = await counts();
      for (const extra of [{}, { slot_start: '', time_zone: '' }, { time_zone: 'Asia/Manila' }]) {
        const response = await post(demo(extra));
        assert.deepEqual([response.status, response.body], [200, ['SUCCESS', MESSAGES.demoThanks]]);
      }
      const after = await counts();
      assert.equal(after.requests, before.requests + 3);
      assert.equal(after.bookings, before.bookings);
    });
  });
}
