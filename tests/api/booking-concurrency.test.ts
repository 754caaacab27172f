// No double booking, proven on both engines (decision 045): 20 simultaneous bookings of one
// time with one free rep book exactly one, the other 19 answer 'taken'; with two free reps,
// exactly two, to different reps. The database itself refuses an overlapping booking of one
// owner (PostgreSQL's exclusion constraint, SQLite's trigger), and a booking is stored in one
// transaction with what goes with it, or not at all.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '../../server/db/driver.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createRepositories } from '../../server/db/repositories/index.ts';
import { isOverlapRefusal } from '../../server/db/repositories/booking.ts';
import type { BookingConfig } from '../../server/services/booking/config.ts';
import { createBookingService } from '../../server/services/booking/service.ts';
import { engineSuites, rows } from '../helpers/engines.ts';

const NOW = Date.parse('2026-03-01T00:00:00.000Z'); // Sunday 10:00 in Brisbane
const MONDAY_9 = '2026-03-01T23:00:00.000Z'; // Monday 09:00 in Brisbane
const CONFIG: BookingConfig = {
  settings: { meetingMinutes: 30, bufferMinutes: 0, noticeMinutes: 240, horizonDays: 14 },
  siteTimeZone: 'Australia/Sydney',
  routingRules: [],
};
const ADMIN = { username: 'boss', role: 'admin' };

async function setUp(db: Database, reps: string[]) {
  const repos = createRepositories(db.kysely, db.engine);
  const booking = createBookingService(db, CONFIG, { now: () => NOW });
  for (const name of [ADMIN.username, ...reps])
    await repos.users.create(name, 'x', new Date(NOW).toISOString(), null, name === 'boss' ? 'admin' : 'sales');
  for (const name of reps) {
    await booking.saveAvailability(
      name,
      {
        time_zone: 'Australia/Brisbane',
        weekly: [{ day: 1, start: '09:00', end: '12:00' }],
        days_off: [],
        meeting_url: `https://meet.example/${name}`,
      },
      ADMIN,
    );
  }
  return { booking, repos };
}

/** A connection for each of the 20 simultaneous bookings (the pool's 10 made some wait more than
 * the 3 s connect timeout on a loaded CI machine: a 503, not the race these tests are about). */
const ENOUGH_CONNECTIONS = { poolSize: 25 };

const fire = (booking: ReturnType<typeof createBookingService>, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, n) =>
      booking.book({ start: MONDAY_9, timeZone: 'Europe/London', country: 'GB' }).then((outcome) => ({ n, outcome })),
    ),
  );

for (const { engine, open } of await engineSuites()) {
  describe(`no double booking (${engine})`, () => {
    test('20 at once for one time, one free rep: exactly one booked, 19 taken', async () => {
      const db = await open(ENOUGH_CONNECTIONS);
      const { booking } = await setUp(db, ['amy']);
      const results = await fire(booking, 20);
      const booked = results.filter((result) => result.outcome.ok);
      assert.equal(booked.length, 1);
      for (const { outcome } of results.filter((result) => !result.outcome.ok)) {
        assert.deepEqual(outcome, {
          ok: false,
          reason: 'taken',
          message: 'That time has just been taken. Please choose another.',
        });
      }
      const stored = await rows<{ owner_id: number; start_at: string; status: string }>(
        db,
        'SELECT owner_id, start_at, status FROM bookings',
      );
      assert.equal(stored.length, 1);
      assert.equal(stored[0]!.start_at, MONDAY_9);
      assert.equal((await rows(db, "SELECT * FROM booking_events WHERE action = 'booked'")).length, 1);
      const slots = await booking.slots('Australia/Brisbane', 2);
      assert.ok(!slots.slots.some((slot) => slot.start === MONDAY_9), 'the booked time is no longer offered');
      assert.ok(slots.slots.some((slot) => slot.start === '2026-03-01T23:30:00.000Z'));
    });

    test('20 at once, two free reps: exactly two booked, one each, 18 taken', async () => {
      const db = await open(ENOUGH_CONNECTIONS);
      const { booking } = await setUp(db, ['amy', 'ben']);
      const results = await fire(booking, 20);
      const booked = results.flatMap((result) => (result.outcome.ok ? [result.outcome.booking] : []));
      assert.equal(booked.length, 2);
      assert.deepEqual(booked.map((b) => b.owner).sort(), ['amy', 'ben']);
      assert.equal(results.filter((result) => !result.outcome.ok && result.outcome.reason === 'taken').length, 18);
      assert.equal((await rows(db, "SELECT * FROM bookings WHERE status = 'booked'")).length, 2);
      assert.match(booked[0]!.reason, /round robin/i);
      assert.match(booked[0]!.meetingUrl ?? '', /^https:\/\/meet\.example\//);
    });

    test('the database refuses an overlapping booking of one owner by itself, not another owner’s', async () => {
      const db = await open();
      const { repos } = await setUp(db, ['amy', 'ben']);
      const [amy, ben] = [await repos.users.findByUsername('amy'), await repos.users.findByUsername('ben')];
      const base = {
        routingReason: 'test',
        timeZone: 'UTC',
        demoRequestId: null,
        at: new Date(NOW).toISOString(),
        username: null,
      };
      await repos.booking.insert({
        ...base,
        uid: 'a',
        ownerId: amy!.id,
        start: '2026-03-02T00:00:00.000Z',
        end: '2026-03-02T00:30:00.000Z',
      });
      await assert.rejects(
        repos.booking.insert({
          ...base,
          uid: 'b',
          ownerId: amy!.id,
          start: '2026-03-02T00:15:00.000Z',
          end: '2026-03-02T00:45:00.000Z',
        }),
        (error) => isOverlapRefusal(error),
      );
      // Back to back is not an overlap; another owner at the same time is fine.
      await repos.booking.insert({
        ...base,
        uid: 'c',
        ownerId: amy!.id,
        start: '2026-03-02T00:30:00.000Z',
        end: '2026-03-02T01:00:00.000Z',
      });
      await repos.booking.insert({
        ...base,
        uid: 'd',
        ownerId: ben!.id,
        start: '2026-03-02T00:00:00.000Z',
        end: '2026-03-02T00:30:00.000Z',
      });
      assert.equal(await repos.booking.countBooked(), 3);
    });

    test('times not offered are refused with nothing stored; a failure of what goes with it undoes the booking', async () => {
      const db = await open();
      const { booking } = await setUp(db, ['amy']);
      const refused = async (start: string, timeZone = 'Europe/London') => {
        const outcome = await booking.book({ start, timeZone });
        assert.equal(outcome.ok, false, start);
        return outcome.ok ? '' : outcome.reason;
      };
      assert.equal(await refused('2026-03-01T23:10:00.000Z'), 'not-offered'); // off the grid
      assert.equal(await refused('2026-03-01T21:00:00.000Z'), 'not-offered'); // outside the hours
      assert.equal(await refused('2026-02-23T23:00:00.000Z'), 'not-offered'); // in the past
      assert.equal(await refused('2026-03-22T23:00:00.000Z'), 'not-offered'); // beyond the horizon
      assert.equal(await refused('tomorrow at nine'), 'invalid');
      assert.equal(await refused(MONDAY_9, 'Mars/Olympus'), 'invalid');
      await assert.rejects(
        booking.book({ start: MONDAY_9, timeZone: 'UTC' }, async () => {
          throw new Error('the demo request could not be stored');
        }),
      );
      assert.equal((await rows(db, 'SELECT * FROM bookings')).length, 0);
      assert.equal((await rows(db, 'SELECT * FROM booking_events')).length, 0);
      const outcome = await booking.book({ start: MONDAY_9, timeZone: 'UTC' });
      assert.equal(outcome.ok, true);
    });

    test('a deadlock or serialization failure inside the transaction is tried again and books once', async () => {
      // PostgreSQL may abort one of two bookings checking the exclusion constraint on the same
      // rows with 40P01 (CI saw it with 20 at once); nothing of that try is stored.
      const db = await open();
      const { booking } = await setUp(db, ['amy']);
      const aborts = ['40P01', '40001'];
      let tries = 0;
      const outcome = await booking.book({ start: MONDAY_9, timeZone: 'UTC' }, async () => {
        tries += 1;
        const code = aborts.shift();
        if (code) throw Object.assign(new Error('deadlock detected'), { code });
      });
      assert.equal(outcome.ok, true);
      assert.equal(tries, 3);
      assert.equal((await rows(db, 'SELECT * FROM bookings')).length, 1);
      assert.equal((await rows(db, "SELECT * FROM booking_events WHERE action = 'booked'")).length, 1);
    });

    test('what goes with a booking is stored in its transaction, knows the owner, and is linked', async () => {
      const db = await open();
      const { booking } = await setUp(db, ['amy']);
      const demo = {
        job_title: 'Ops',
        company: 'Acme',
        country: '61',
        number: '0412345678',
        email: 'ada@example.com',
        text: 'Fleet of 12',
      };
      const outcome = await booking.book({ start: MONDAY_9, timeZone: 'Australia/Adelaide' }, async (trx, chosen) => {
        assert.equal(chosen.owner, 'amy');
        assert.equal(chosen.meetingUrl, 'https://meet.example/amy');
        const { id } = await trx
          .insertInto('demo_requests')
          .values({ ...demo, name: 'Ada', created_at: new Date(NOW).toISOString(), owner: chosen.owner })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { demoRequestId: id };
      });
      assert.ok(outcome.ok);
      const [stored] = await rows<{ demo_request_id: number; owner: string; time_zone: string }>(
        db,
        'SELECT b.demo_request_id, d.owner, b.time_zone FROM bookings b JOIN demo_requests d ON d.id = b.demo_request_id',
      );
      assert.equal(stored?.owner, 'amy');
      assert.equal(stored?.time_zone, 'Australia/Adelaide');
    });
  });
}

describe('no double booking across SQLite connections (as from two processes)', () => {
  test('two handles on one file, 10 attempts each at once, one free rep: exactly one booked', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'haulora-booking-'));
    const file = join(dir, 'site.sqlite');
    const first = await openDatabase({ file });
    const second = await openDatabase({ file });
    try {
      await migrate(first);
      const { booking } = await setUp(first, ['amy']);
      const other = createBookingService(second, CONFIG, { now: () => NOW });
      const results = await Promise.all([fire(booking, 10), fire(other, 10)]);
      const outcomes = results.flat().map((result) => result.outcome);
      assert.equal(outcomes.filter((outcome) => outcome.ok).length, 1);
      assert.equal(outcomes.filter((outcome) => !outcome.ok && outcome.reason === 'taken').length, 19);
      assert.equal((await rows(second, "SELECT * FROM bookings WHERE status = 'booked'")).length, 1);
    } finally {
      await first.close();
      await second.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
