// The inbox list of demo requests by their booked meeting (issue 29), over real HTTP on SQLite and
// PostgreSQL: `booking=upcoming|past|none` filters the list, its neighbours and both exports;
// `sort=meeting` reads upcoming meetings first, soonest first (then past, then none); rows carry
// the meeting; the exports carry its time in UTC and on the visitor's clock, their zone and the
// meeting's owner; a bad value is a 400 in the inbox's {errorInfo} shape.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { INBOX_MESSAGES } from '../../common/inbox.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { type StaffClient, signInAs } from '../helpers/staff.ts';

const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));
let sequence = 0;
const demo = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  job_title: 'Operations Manager',
  company: `${name} Haulage`,
  country: '+61',
  number: '+61 412345678',
  email: `lead${++sequence}@haulage.com.au`,
  text: 'We run 40 trucks.',
  ...extra,
});

/** The zone's offset at `instant` as Intl writes it (GMT+10:30 → +10:30), independently of the server. */
function offsetText(instant: string, zone: string): string {
  const name = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(instant))
    .find((part) => part.type === 'timeZoneName')!.value;
  return name === 'GMT' ? '+00:00' : name.slice(3);
}

const cluster = await startPostgres();
after(async () => cluster?.close());
const engines = [
  { name: 'SQLite', env: async () => ({}) },
  ...(cluster ? [{ name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await cluster.createDatabase() }) }] : []),
];

for (const engine of engines) {
  describe(`demo requests by meeting on ${engine.name}`, () => {
    let server: TestServer;
    let staff: StaffClient;
    const ids: Record<'soon' | 'later' | 'past' | 'none' | 'cancelled', number> = {
      soon: 0,
      later: 0,
      past: 0,
      none: 0,
      cancelled: 0,
    };
    let soonStart = '';
    const listIds = async (query: string) => {
      const answer = await staff.get(`/api/inbox/demo-requests?${query}`);
      assert.equal(answer.status, 200, answer.text);
      return (answer.body.items as { id: number }[]).map((item) => item.id);
    };

    before(async () => {
      server = await startServer(await engine.env());
      staff = await signInAs(server, 'boss');
      const now = new Date().toISOString();
      await server.app.repos.users.create('amy', 'x', now, 'amy@haulora.example', 'sales');
      await server.app.services.booking.saveAvailability(
        'amy',
        { time_zone: 'Asia/Manila', weekly: ALL_WEEK, days_off: [], meeting_url: 'https://meet.example/amy' },
        { username: 'boss', role: 'admin' },
      );
      const slots = (await server.client().get('/api/demo/slots?tz=UTC&days=3')).body.slots as { start: string }[];
      soonStart = slots[0]!.start;
      const post = async (body: unknown) => {
        const answer = await server.client().post('/api/RequestDemo', body);
        assert.equal(answer.status, 200, answer.text);
      };
      const newest = async () =>
        Number(
          (
            await server.app.database.kysely
              .selectFrom('demo_requests')
              .select('id')
              .orderBy('id', 'desc')
              .executeTakeFirstOrThrow()
          ).id,
        );
      // Received in this order: later, soon, past, none, cancelled.
      await post(demo('Later', { slot_start: slots[6]!.start, time_zone: 'Europe/London' }));
      ids.later = await newest();
      await post(demo('Soon', { slot_start: soonStart, time_zone: 'Australia/Adelaide' }));
      ids.soon = await newest();
      for (const name of ['past', 'none', 'cancelled'] as const) {
        await post(demo(name));
        ids[name] = await newest();
      }
      // A meeting that is over, and one that was cancelled: written as the booking service would
      // have left them (no visitor can book a time in the past).
      const amy = (await server.app.repos.users.findByUsername('amy'))!;
      const booking = (id: number, start: string, status: 'booked' | 'cancelled') => ({
        uid: `test-${id}@haulora.example`,
        sequence: status === 'booked' ? 0 : 1,
        owner_id: amy.id,
        start_at: start,
        end_at: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
        status,
        routing_reason: 'test',
        time_zone: 'Asia/Manila',
        demo_request_id: id,
        created_at: now,
        updated_at: now,
      });
      await server.app.database.kysely
        .insertInto('bookings')
        .values([
          booking(ids.past, new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 14) + '00:00.000Z', 'booked'),
          booking(
            ids.cancelled,
            new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 14) + '00:00.000Z',
            'cancelled',
          ),
        ])
        .execute();
    });
    after(() => server.close());

    test('booking=upcoming|past|none filters the list; rows carry the booked meeting', async () => {
      assert.deepEqual(await listIds('booking=upcoming'), [ids.soon, ids.later]);
      assert.deepEqual(await listIds('booking=past'), [ids.past]);
      assert.deepEqual(await listIds('booking=none'), [ids.cancelled, ids.none], 'a cancelled meeting is none');
      const all = (await staff.get('/api/inbox/demo-requests')).body.items as {
        id: number;
        meeting?: { start: string; time_zone: string };
      }[];
      assert.deepEqual(all.find((item) => item.id === ids.soon)!.meeting, {
        start: soonStart,
        time_zone: 'Australia/Adelaide',
      });
      assert.equal(all.find((item) => item.id === ids.none)!.meeting, undefined);
      assert.equal(all.find((item) => item.id === ids.cancelled)!.meeting, undefined);
    });

    test('sort=meeting reads upcoming first (soonest first), then past, then none; desc reverses it', async () => {
      const upcomingFirst = [ids.soon, ids.later, ids.past, ids.none, ids.cancelled];
      assert.deepEqual(await listIds('sort=meeting'), upcomingFirst, 'soonest first is the default');
      assert.deepEqual(await listIds('sort=meeting&dir=asc'), upcomingFirst);
      assert.deepEqual(await listIds('sort=meeting&dir=desc'), [...upcomingFirst].reverse());
      assert.deepEqual(await listIds('sort=meeting&booking=none'), [ids.none, ids.cancelled]);
    });

    test('a request’s previous and next follow the filtered, meeting-sorted list', async () => {
      const open = async (id: number, query: string) =>
        (await staff.get(`/api/inbox/demo-requests/${id}?${query}`)).body.neighbours;
      assert.deepEqual(await open(ids.later, 'booking=upcoming&sort=meeting'), { previous: ids.soon, next: null });
      assert.deepEqual(await open(ids.past, 'sort=meeting'), { previous: ids.later, next: ids.none });
      assert.deepEqual(await open(ids.none, 'booking=upcoming'), { previous: null, next: null }, 'not in the list');
    });

    test('the exports honour the filter and carry the meeting in both zones and its owner', async () => {
      const csv = await staff.get('/api/inbox/demo-requests/export.csv?booking=upcoming');
      assert.equal(csv.status, 200);
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      const header = lines[0]!.split(',');
      assert.equal(lines.length, 3, 'the header and the two upcoming meetings');
      const at = (line: string, column: string) => line.split(',')[header.indexOf(column)];
      const soon = lines.find((line) => line.startsWith(`${ids.soon},`))!;
      assert.equal(at(soon, 'Meeting (UTC)'), soonStart);
      const local = at(soon, 'Meeting (visitor’s time)')!;
      assert.match(local, /^\d{4}-\d\d-\d\dT\d\d:\d\d[+-]\d\d:\d\d$/);
      assert.equal(local.slice(16), offsetText(soonStart, 'Australia/Adelaide'));
      assert.equal(Date.parse(local), Date.parse(soonStart), 'the same instant on the visitor’s clock');
      assert.equal(at(soon, 'Visitor’s time zone'), 'Australia/Adelaide');
      assert.equal(at(soon, 'Meeting owner'), 'amy');
      const none = (await staff.get('/api/inbox/demo-requests/export.csv?booking=none')).text.trim().split('\r\n');
      assert.equal(none.length, 3);
      const meetingColumns = ['Meeting (UTC)', 'Meeting (visitor’s time)', 'Visitor’s time zone', 'Meeting owner'];
      for (const line of none.slice(1))
        assert.deepEqual(
          meetingColumns.map((column) => at(line, column)),
          ['', '', '', ''],
        );
      const xlsx = await staff.get('/api/inbox/demo-requests/export.xlsx?booking=past');
      assert.equal(xlsx.status, 200);
      assert.match(xlsx.headers.get('content-type') ?? '', /spreadsheetml/);
    });

    test('a bad booking filter or sort is a 400 in the inbox’s shape', async () => {
      for (const path of [
        '/api/inbox/demo-requests?booking=soon',
        '/api/inbox/demo-requests/export.csv?booking=UPCOMING',
        `/api/inbox/demo-requests/${ids.soon}?booking=1`,
      ]) {
        const answer = await staff.get(path);
        assert.equal(answer.status, 400, path);
        assert.deepEqual(answer.body, { errorInfo: INBOX_MESSAGES.booking }, path);
      }
      for (const path of [
        '/api/inbox/feedback?booking=upcoming',
        '/api/inbox/contact-messages/export.csv?booking=none',
      ]) {
        const answer = await staff.get(path);
        assert.equal(answer.status, 400, path);
        assert.deepEqual(answer.body, { errorInfo: INBOX_MESSAGES.bookingForKind }, path);
      }
      const sorted = await staff.get('/api/inbox/newsletter?sort=meeting');
      assert.equal(sorted.status, 400);
      assert.deepEqual(sorted.body, { errorInfo: INBOX_MESSAGES.sortForKind });
    });
  });
}
