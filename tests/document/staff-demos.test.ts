// A staff member's demo pages (issue 29) as a browser without JavaScript uses them, against the
// production build: /inbox/my-demos lists their booked demos with the visitor's time beside theirs
// and renews the calendar feed's address with a native post; a demo request's meeting page moves
// and cancels the meeting with native posts (same UID, SEQUENCE + 1, history "by <staff>"). Signed
// out, forged or bad posts are refused with nothing changed. Never cached, never indexed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BOOKING_MESSAGES, formatSlot } from '../../common/booking.ts';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { StaffDemosCopy } from '../../content/staff-demos.schema.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const staffDemosCopy = parse(readFileSync('content/staff-demos.yaml', 'utf8')) as StaffDemosCopy;
const ALL_DAY = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));
const PASSWORD = 'long enough password 42';
const STAFF_ZONE = 'Australia/Adelaide';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
const tokenOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/<!-- -->/g, '');

let server: TestServer;
let starts: string[] = [];
before(async () => {
  server = await startServer({}, { pages: true });
  const now = new Date().toISOString();
  await server.app.repos.users.create('amy', await hashPassword(PASSWORD), now, 'amy@haulora.example', 'sales');
  await server.app.services.booking.saveAvailability(
    'amy',
    { time_zone: STAFF_ZONE, weekly: ALL_DAY, days_off: [], meeting_url: 'https://meet.example/amy' },
    { username: 'amy', role: 'admin' },
  );
  starts = ((await server.client().get('/api/demo/slots?tz=UTC&days=5')).body.slots as { start: string }[]).map(
    (slot) => slot.start,
  );
});
after(() => server.close());

const db = () => server.app.database.kysely;

async function book(start: string): Promise<number> {
  const answer = await server.client().post('/api/RequestDemo', {
    name: 'Rosa Quinto',
    job_title: 'Dispatcher',
    company: 'Quinto Freight',
    country: '+63',
    number: '+63 9171234567',
    email: `rosa${start.slice(11, 13)}${Math.random().toString(36).slice(2, 6)}@quinto.com.ph`,
    text: 'Dispatch.',
    slot_start: start,
    time_zone: 'Asia/Manila',
  });
  assert.equal(answer.status, 200, answer.text);
  return Number(
    (await db().selectFrom('demo_requests').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id,
  );
}

/** A browser signed in (the API's sign-in sets the staff session cookie the pages read). */
async function signedIn() {
  const client = new ApiClient(server.url);
  assert.equal((await client.post('/api/SignIn', { username: 'amy', password: PASSWORD })).status, 200);
  return client;
}

const post = (client: ApiClient, path: string, fields: Record<string, string>) =>
  client.request('POST', path, { headers: FORM, body: new URLSearchParams(fields).toString() });

describe('staff demo pages without JavaScript', () => {
  test('signed out: a way to sign in and come back; never cached, never indexed', async () => {
    for (const path of ['/inbox/my-demos', '/inbox/demo-requests/1/meeting']) {
      const page = await new ApiClient(server.url).get(path);
      assert.equal(page.status, 401, path);
      assert.equal(page.headers.get('cache-control'), 'no-store');
      assert.match(page.text, /<meta name="robots" content="noindex"/);
      assert.ok(decode(page.text).includes(`/sign-in?next=${encodeURIComponent(path)}`), path);
    }
  });

  test('My demos: mine in my zone, the visitor’s time beside it; Renew replaces the feed address', async () => {
    const id = await book(starts[4]!);
    const client = await signedIn();
    const page = await client.get('/inbox/my-demos');
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('cache-control'), 'no-store');
    const html = decode(page.text);
    assert.ok(html.includes(formatSlot(starts[4]!, STAFF_ZONE)), 'the time in my zone');
    assert.ok(html.includes(`${formatSlot(starts[4]!, 'Asia/Manila')} (Asia/Manila)`), 'the visitor’s time');
    assert.ok(html.includes(`href="/inbox/demo-requests/${id}"`));
    assert.ok(html.includes(`href="/inbox/demo-requests/${id}/meeting"`));
    const feed = /value="(http[^"]+\/calendar\/[\w-]{43}\.ics)"/.exec(html)?.[1];
    assert.ok(feed, 'the feed address is shown');
    const feedPath = new URL(feed).pathname;
    assert.equal((await server.client().get(feedPath)).status, 200);

    const forged = await post(client, '/inbox/my-demos', { _csrf: 'forged', intent: 'renew-feed' });
    assert.equal(forged.status, 403);
    assert.equal((await server.client().get(feedPath)).status, 200, 'a forged post renews nothing');
    const renewed = await post(client, '/inbox/my-demos', { _csrf: tokenOf(page.text), intent: 'renew-feed' });
    assert.equal(renewed.status, 303);
    assert.equal(renewed.headers.get('location'), '/inbox/my-demos?done=renewed');
    assert.equal((await server.client().get(feedPath)).status, 404, 'the old address stops at once');
    const after = decode((await client.get('/inbox/my-demos?done=renewed')).text);
    assert.ok(after.includes(staffDemosCopy.myDemos.renewed));
    assert.ok(!after.includes(feed));
  });

  test('the meeting page moves and cancels with native posts; history names the staff member', async () => {
    const id = await book(starts[6]!);
    const { uid } = await db()
      .selectFrom('bookings')
      .select('uid')
      .where('demo_request_id', '=', id)
      .executeTakeFirstOrThrow();
    const client = await signedIn();
    const path = `/inbox/demo-requests/${id}/meeting`;
    const page = await client.get(path);
    assert.equal(page.status, 200);
    assert.match(page.text, /name="slot_start" value="/);
    const token = tokenOf(page.text);
    const offered = [...page.text.matchAll(/name="slot_start" value="([^"]+)"/g)].map((match) => match[1]!);
    assert.ok(offered.length > 10 && !offered.includes(starts[6]!), 'the free times are offered, not its own');
    const target = offered.at(-1)!;

    const nothing = await post(client, path, { _csrf: token, intent: 'move' });
    assert.equal(nothing.status, 400);
    assert.ok(decode(nothing.text).includes(BOOKING_MESSAGES.chooseTime));
    const moved = await post(client, path, { _csrf: token, intent: 'move', slot_start: target });
    assert.equal(moved.status, 303);
    assert.equal(moved.headers.get('location'), `${path}?done=moved`);
    const row = await db().selectFrom('bookings').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();
    assert.equal(row.start_at, target);
    assert.equal(Number(row.sequence), 1);
    const shown = decode((await client.get(`${path}?done=moved`)).text);
    assert.ok(shown.includes(staffDemosCopy.meeting.moved));
    assert.ok(shown.includes('rescheduled by amy'));

    const cancelled = await post(client, path, { _csrf: token, intent: 'cancel' });
    assert.equal(cancelled.status, 303);
    const again = await post(client, path, { _csrf: token, intent: 'cancel' });
    assert.equal(again.status, 409);
    assert.ok(decode(again.text).includes(BOOKING_MESSAGES.alreadyCancelled));
    const done = decode((await client.get(path)).text);
    assert.ok(done.includes('cancelled by amy'));
    assert.ok(!done.includes('name="slot_start" value="'), 'nothing left to move');
  });

  test('unknown requests are 404; signed-out posts change nothing', async () => {
    const client = await signedIn();
    for (const path of ['/inbox/demo-requests/999999/meeting', '/inbox/demo-requests/abc/meeting'])
      assert.equal((await client.get(path)).status, 404, path);
    const id = await book(starts[8]!);
    const stranger = new ApiClient(server.url);
    const door = await stranger.get('/inbox/my-demos');
    const refused = await post(stranger, `/inbox/demo-requests/${id}/meeting`, {
      _csrf: tokenOf(door.text),
      intent: 'cancel',
    });
    assert.equal(refused.status, 401);
    const row = await db()
      .selectFrom('bookings')
      .select('status')
      .where('demo_request_id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, 'booked');
  });
});
