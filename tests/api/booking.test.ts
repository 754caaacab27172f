// Demo booking over real HTTP: GET /api/demo/slots (free times in the visitor's zone, no names,
// bad zone or days → 400 ['ERROR', …]) and /api/inbox/availability (staff set their own hours;
// admins set anyone's and the rotation; bad input → 400 {errorInfo} in the words with
// nothing stored; no token → 401; not an admin → 403).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BOOKING_MESSAGES } from '../../common/booking.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const PASSWORD = 'correct horse battery staple';
let server: TestServer;
const tokens: Record<string, string> = {};

before(async () => {
  server = await startServer();
  const hash = await hashPassword(PASSWORD);
  const now = new Date().toISOString();
  await server.app.repos.users.create('boss', hash, now, null, 'admin');
  await server.app.repos.users.create('amy', hash, now, null, 'sales');
  await server.app.repos.users.create('ben', hash, now, null, 'sales');
  for (const username of ['boss', 'amy', 'ben']) {
    const response = await server.client().post('/api/SignIn', { username, password: PASSWORD });
    tokens[username] = response.body.access_token;
  }
});
after(() => server.close());

const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));
const AMY = { time_zone: 'Asia/Manila', weekly: ALL_WEEK, days_off: [], meeting_url: 'https://meet.example/amy' };

async function put(path: string, body: unknown, as?: string): Promise<{ status: number; body: any }> {
  const client: ApiClient = await server.client().visit();
  return client.request('PUT', path, {
    headers: {
      'content-type': 'application/json',
      ...client.csrfHeader(),
      ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}),
    },
    body: JSON.stringify(body),
  });
}
const get = (path: string, as?: string) =>
  server.client().get(path, as ? { authorization: `Bearer ${tokens[as]}` } : {});

describe('availability', () => {
  test('no token: 401 before anything is read', async () => {
    assert.equal((await get('/api/inbox/availability')).status, 401);
    const response = await put('/api/inbox/availability', { nonsense: true });
    assert.equal(response.status, 401);
    assert.ok(typeof response.body.errorInfo === 'string');
  });

  test('a staff member reads and replaces their own', async () => {
    const first = await get('/api/inbox/availability', 'ben');
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, {
      username: 'ben',
      time_zone: 'Australia/Sydney',
      weekly: [],
      days_off: [],
      meeting_url: null,
      in_rotation: false,
      configured: false,
    });
    const body = {
      time_zone: 'Australia/Brisbane',
      weekly: [
        { day: 2, start: '13:00', end: '17:00' },
        { day: 1, start: '08:00', end: '12:00' },
        { day: 1, start: '12:00', end: '13:00' },
      ],
      days_off: ['2026-12-25'],
      meeting_url: 'https://meet.example/ben',
    };
    const saved = await put('/api/inbox/availability', body, 'ben');
    assert.equal(saved.status, 200);
    assert.deepEqual(saved.body.weekly, [
      { day: 1, start: '08:00', end: '12:00' },
      { day: 1, start: '12:00', end: '13:00' },
      { day: 2, start: '13:00', end: '17:00' },
    ]);
    const read = await get('/api/inbox/availability', 'ben');
    assert.deepEqual(read.body, {
      username: 'ben',
      time_zone: 'Australia/Brisbane',
      weekly: saved.body.weekly,
      days_off: ['2026-12-25'],
      meeting_url: 'https://meet.example/ben',
      in_rotation: true,
      configured: true,
    });
    assert.equal(read.headers.get('cache-control'), 'no-store');
    // null (or "") for the meeting link: a phone call.
    assert.equal((await put('/api/inbox/availability', { ...body, meeting_url: null }, 'ben')).body.meeting_url, null);
  });

  test('bad input: 400 in the issue’s words, and nothing stored', async () => {
    const good = {
      time_zone: 'Australia/Adelaide',
      weekly: [{ day: 3, start: '09:00', end: '17:00' }],
      days_off: [],
      meeting_url: 'https://meet.example/amy2',
    };
    assert.equal((await put('/api/inbox/availability', good, 'amy')).status, 200);
    const cases: [unknown, string][] = [
      [
        {
          ...good,
          weekly: [
            { day: 1, start: '09:00', end: '12:00' },
            { day: 1, start: '11:00', end: '14:00' },
          ],
        },
        BOOKING_MESSAGES.overlap(1),
      ],
      [{ ...good, weekly: [{ day: 5, start: '12:00', end: '09:00' }] }, BOOKING_MESSAGES.inverted],
      [{ ...good, weekly: [{ day: 5, start: '10:00', end: '10:00' }] }, BOOKING_MESSAGES.inverted],
      [{ ...good, weekly: [{ day: 8, start: '09:00', end: '12:00' }] }, BOOKING_MESSAGES.day],
      [{ ...good, weekly: [{ day: 1, start: '9am', end: '12:00' }] }, BOOKING_MESSAGES.time],
      [{ ...good, weekly: [{ day: 1, start: '09:00', end: '24:30' }] }, BOOKING_MESSAGES.time],
      [{ ...good, time_zone: 'Mars/Olympus' }, BOOKING_MESSAGES.zone],
      [{ ...good, time_zone: '+10:00' }, BOOKING_MESSAGES.zone],
      [{ ...good, days_off: ['2026-02-30'] }, BOOKING_MESSAGES.dayOff],
      [{ ...good, days_off: ['25/12/2026'] }, BOOKING_MESSAGES.dayOff],
      [{ ...good, meeting_url: 'javascript:alert(1)' }, BOOKING_MESSAGES.meetingUrl],
      [{ ...good, meeting_url: 'http://meet.example/amy' }, BOOKING_MESSAGES.meetingUrl],
    ];
    for (const [body, message] of cases) {
      const response = await put('/api/inbox/availability', body, 'amy');
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { errorInfo: message }, JSON.stringify(body));
    }
    const stored = (await get('/api/inbox/availability', 'amy')).body;
    assert.equal(stored.time_zone, 'Australia/Adelaide');
    assert.deepEqual(stored.weekly, good.weekly);
  });

  test('only admins change someone else’s, or the rotation', async () => {
    assert.equal((await put('/api/inbox/availability/amy', AMY, 'ben')).status, 403);
    const ownRotation = await put('/api/inbox/availability', { ...AMY, in_rotation: false }, 'amy');
    assert.deepEqual(ownRotation, { ...ownRotation, status: 403, body: { errorInfo: BOOKING_MESSAGES.forbidden } });
    assert.equal((await put('/api/inbox/availability/nobody', AMY, 'boss')).status, 404);
    const set = await put('/api/inbox/availability/AMY', AMY, 'boss');
    assert.equal(set.status, 200);
    assert.equal(set.body.username, 'amy');
    assert.equal(set.body.time_zone, 'Asia/Manila');
  });
});

describe('GET /api/demo/slots', () => {
  test('free times in the visitor’s zone: 30 minutes each, after the notice, within the days asked, no names', async () => {
    assert.equal((await put('/api/inbox/availability/amy', AMY, 'boss')).status, 200);
    const before = Date.now();
    const response = await server.client().get('/api/demo/slots?tz=Australia/Adelaide&days=2');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(response.body.time_zone, 'Australia/Adelaide');
    const slots = response.body.slots as { start: string; end: string }[];
    assert.ok(slots.length > 20, `${slots.length} slots`);
    for (const slot of slots) {
      assert.deepEqual(Object.keys(slot), ['start', 'end']);
      assert.equal(Date.parse(slot.end) - Date.parse(slot.start), 30 * 60_000);
      assert.ok(Date.parse(slot.start) >= before + 4 * 3_600_000 - 1000, slot.start);
      assert.ok(Date.parse(slot.start) < before + 2 * 86_400_000, slot.start);
    }
    assert.doesNotMatch(response.text, /amy|meet\.example/);
    // Two days end at the visitor's midnight: more days, more times.
    const longer = await server.client().get('/api/demo/slots?tz=Australia/Adelaide&days=5');
    assert.ok(longer.body.slots.length > slots.length);
  });

  test('someone taken out of the rotation offers nothing', async () => {
    assert.equal((await put('/api/inbox/availability/amy', { ...AMY, in_rotation: false }, 'boss')).status, 200);
    assert.equal(
      (
        await put(
          '/api/inbox/availability/ben',
          { time_zone: 'UTC', weekly: [], days_off: [], meeting_url: null, in_rotation: false },
          'boss',
        )
      ).status,
      200,
    );
    assert.deepEqual((await server.client().get('/api/demo/slots?tz=UTC')).body, { time_zone: 'UTC', slots: [] });
    assert.equal((await put('/api/inbox/availability/amy', { ...AMY, in_rotation: true }, 'boss')).status, 200);
    assert.ok((await server.client().get('/api/demo/slots?tz=UTC&days=2')).body.slots.length > 0);
  });

  test('an unknown zone or a bad number of days: 400 in the demo form’s shape', async () => {
    for (const query of [
      'tz=Mars/Olympus',
      'tz=',
      '',
      'tz=%2B10:00',
      'tz=UTC&days=0',
      'tz=UTC&days=91',
      'tz=UTC&days=two',
      'tz=UTC&days=1.5',
    ]) {
      const response = await server.client().get(`/api/demo/slots?${query}`);
      assert.equal(response.status, 400, query);
      assert.equal(response.body[0], 'ERROR', query);
      assert.ok(
        [BOOKING_MESSAGES.zone, BOOKING_MESSAGES.days].includes(response.body[1]),
        `${query}: ${response.body[1]}`,
      );
    }
  });
});

describe('booking settings', () => {
  const NONE = { meeting_minutes: null, buffer_minutes: null, notice_minutes: null, horizon_days: null };

  test('staff read what is in force; admins store values, null for the configured one', async () => {
    const read = await get('/api/inbox/booking-settings', 'amy');
    assert.equal(read.status, 200);
    assert.deepEqual(read.body, {
      effective: { meeting_minutes: 30, buffer_minutes: 0, notice_minutes: 240, horizon_days: 14 },
      stored: NONE,
    });
    assert.deepEqual((await put('/api/inbox/booking-settings', { ...NONE, meeting_minutes: 45 }, 'amy')).body, {
      errorInfo: BOOKING_MESSAGES.settingsForbidden,
    });
    const saved = await put('/api/inbox/booking-settings', { ...NONE, meeting_minutes: 45, horizon_days: 7 }, 'boss');
    assert.equal(saved.status, 200);
    assert.deepEqual(saved.body.effective, {
      meeting_minutes: 45,
      buffer_minutes: 0,
      notice_minutes: 240,
      horizon_days: 7,
    });
    // The free times follow at once: 45 minutes each, a week ahead at most.
    assert.equal((await put('/api/inbox/availability/amy', { ...AMY, in_rotation: true }, 'boss')).status, 200);
    const slots = (await server.client().get('/api/demo/slots?tz=UTC&days=30')).body.slots as {
      start: string;
      end: string;
    }[];
    assert.ok(slots.length > 0);
    for (const slot of slots) {
      assert.equal(Date.parse(slot.end) - Date.parse(slot.start), 45 * 60_000);
      assert.ok(Date.parse(slot.start) < Date.now() + 7 * 86_400_000);
    }
    assert.equal((await put('/api/inbox/booking-settings', NONE, 'boss')).body.effective.meeting_minutes, 30);
  });

  test('bad values: 400 in the issue’s words, nothing stored', async () => {
    for (const [body, message] of [
      [{ ...NONE, meeting_minutes: 2 }, BOOKING_MESSAGES.meetingMinutes],
      [{ ...NONE, buffer_minutes: -5 }, BOOKING_MESSAGES.bufferMinutes],
      [{ ...NONE, notice_minutes: 1.5 }, BOOKING_MESSAGES.noticeMinutes],
      [{ ...NONE, horizon_days: 365 }, BOOKING_MESSAGES.horizonDays],
      [{ ...NONE, horizon_days: '14' }, BOOKING_MESSAGES.horizonDays],
    ] as const) {
      const response = await put('/api/inbox/booking-settings', body, 'boss');
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { errorInfo: message });
    }
    assert.deepEqual((await get('/api/inbox/booking-settings', 'boss')).body.stored, NONE);
  });
});
