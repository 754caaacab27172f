// The demo form's time picker without JavaScript (issue 29), against the production build:
// /request-demo renders the free times as radio groups (one fieldset per day, in the site's zone
// by default), the zone button posts the form back in another zone with what was typed, a chosen
// time books natively (303 to a result page naming it), and a time taken meanwhile comes back
// as a 409 page with the issue's message, the typed values and fresh times.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BOOKING_MESSAGES, formatSlot } from '../../common/booking.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '09:00', end: '17:00' }));

before(async () => {
  server = await startServer({ BOOKING_TIME_ZONE: 'Australia/Sydney' }, { pages: true });
  const now = new Date().toISOString();
  for (const name of ['boss', 'amy'])
    await server.app.repos.users.create(name, 'x', now, null, name === 'boss' ? 'admin' : 'sales');
  await server.app.services.booking.saveAvailability(
    'amy',
    { time_zone: 'Australia/Brisbane', weekly: ALL_WEEK, days_off: [], meeting_url: null },
    { username: 'boss', role: 'admin' },
  );
});
after(() => server.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
const demo = {
  name: 'Dana Whitfield',
  job_title: 'Operations Manager',
  company: 'Whitfield Haulage',
  country: 'AU',
  number: '412345678',
  email: 'dana@whitfield.com.au',
  text: 'Linehaul dispatch for 40 trucks.',
};

async function visitor() {
  const client = new ApiClient(server.url);
  const page = await client.get('/request-demo');
  assert.equal(page.status, 200);
  const token = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
  return { client, token, html: page.text };
}
const post = (client: ApiClient, fields: Record<string, string>) =>
  client.request('POST', '/request-demo', { headers: FORM, body: new URLSearchParams(fields).toString() });

/** The radios of the picker: each day's legend with its times' values. */
function days(html: string) {
  return [
    ...html.matchAll(/<fieldset class="slot-day"><legend class="slot-day-label">([^<]+)<\/legend>(.*?)<\/fieldset>/g),
  ].map(([, label, body]) => ({
    label,
    starts: [...body!.matchAll(/name="slot_start" value="([^"]+)"/g)].map((m) => m[1]!),
  }));
}
const selectedZone = (html: string) =>
  /<select[^>]*name="time_zone"[^>]*>.*?<option value="([^"]+)" selected="">/.exec(html)?.[1];

describe('/request-demo without JavaScript: the time picker', () => {
  test('renders the free times as radio groups by day, in the site’s zone, with "no time" checked', async () => {
    const { html } = await visitor();
    const found = days(html);
    assert.ok(found.length >= 1 && found.length <= 3, `${found.length} days`);
    const first = found[0]!;
    // Brisbane 09:00-17:00 is 10:00-18:00 in Sydney in summer, 09:00-17:00 in winter.
    assert.ok(first.starts.length >= 1 && first.starts.length <= 16);
    assert.equal(selectedZone(html), 'Australia/Sydney');
    assert.match(html, /<input type="radio" class="choice-input" name="slot_start" checked="" value=""\/>/);
    assert.match(html, /<button type="submit" value="zone"[^>]*name="intent"/);
  });

  test('the zone button shows the times in that zone and keeps what was typed, storing nothing', async () => {
    const before = server.count('demo_requests');
    const { client, token } = await visitor();
    const response = await post(client, {
      _csrf: token,
      ...demo,
      time_zone: 'Asia/Manila',
      slot_start: '',
      intent: 'zone',
    });
    assert.equal(response.status, 200);
    assert.equal(selectedZone(response.text), 'Asia/Manila');
    assert.match(response.text, /value="Dana Whitfield"/);
    const [first] = days(response.text);
    assert.ok(first);
    // Brisbane 09:00 is Manila 07:00.
    assert.ok(first.starts.every((start) => new Date(start).getUTCHours() >= 23 || new Date(start).getUTCHours() < 7));
    assert.equal(server.count('demo_requests'), before);
  });

  test('a chosen time books natively: 303 to a result page naming it in the visitor’s zone', async () => {
    const { client, token, html } = await visitor();
    const start = days(html)[0]!.starts[0]!;
    const response = await post(client, { _csrf: token, ...demo, time_zone: 'Asia/Manila', slot_start: start });
    assert.equal(response.status, 303);
    const location = response.headers.get('location')!;
    const result = await client.get(location);
    assert.equal(result.status, 200);
    assert.ok(result.text.includes(BOOKING_MESSAGES.booked(formatSlot(start, 'Asia/Manila'), 'Asia/Manila')));
    assert.equal(server.count('bookings'), 1);

    // The same time again: 409 with the issue's message, what was typed, and fresh times without it.
    const second = await visitor();
    const taken = await post(second.client, {
      _csrf: second.token,
      ...demo,
      email: 'ops@other.com.au',
      time_zone: 'Asia/Manila',
      slot_start: start,
    });
    assert.equal(taken.status, 409);
    assert.ok(taken.text.includes(BOOKING_MESSAGES.taken));
    assert.match(taken.text, /value="ops@other.com.au"/);
    assert.ok(!days(taken.text).some((day) => day.starts.includes(start)));
    assert.equal(selectedZone(taken.text), 'Asia/Manila');
    assert.equal(server.count('bookings'), 1);
  });

  test('a result URL with a bad time or zone is a 404, never words from the URL', async () => {
    const client = new ApiClient(server.url);
    for (const query of ['slot=tomorrow&tz=UTC', 'slot=2026-12-01T00:00:00.000Z&tz=Nowhere/Else']) {
      const response = await client.get(`/result?form=demo&outcome=demoBooked&${query}&back=%2Frequest-demo`);
      assert.equal(response.status, 404, query);
    }
  });
});
