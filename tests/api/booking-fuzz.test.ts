// Property-based fuzzing (fast-check) of demo booking's calls: GET /api/demo/slots with any
// query, and PUT /api/inbox/availability with any JSON (mostly near the real shape, so it reaches
// the checks). The answer is a 200 or a 4xx in the route's shape, never a 5xx, and a refused
// availability leaves what was stored as it was.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { hashPassword } from '../../server/services/passwords.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const RUNS = 120;
let server: TestServer;
let token: string;

before(async () => {
  server = await startServer();
  await server.app.repos.users.create(
    'amy',
    await hashPassword('correct horse battery staple'),
    new Date().toISOString(),
    null,
    'sales',
  );
  token = (await server.client().post('/api/SignIn', { username: 'amy', password: 'correct horse battery staple' }))
    .body.access_token;
});
after(() => server.close());

const zone = fc.oneof(
  fc.constantFrom(
    'Australia/Sydney',
    'Asia/Manila',
    'UTC',
    'Mars/Olympus',
    '+10:00',
    '',
    'Etc/GMT+10',
    'australia/brisbane',
  ),
  fc.string({ maxLength: 80 }),
);
const time = fc.oneof(
  fc.constantFrom('00:00', '09:00', '12:30', '24:00', '24:01', '9:00', '23:60'),
  fc.string({ maxLength: 8 }),
  fc.integer(),
);
const range = fc.record({
  day: fc.oneof(fc.integer({ min: -2, max: 9 }), fc.string({ maxLength: 3 }), fc.double()),
  start: time,
  end: time,
});
const availability = fc.oneof(
  fc.record(
    {
      time_zone: zone,
      weekly: fc.oneof(fc.array(range, { maxLength: 8 }), fc.anything()),
      days_off: fc.oneof(
        fc.array(fc.oneof(fc.constantFrom('2026-12-25', '2026-02-30', '2028-02-29'), fc.string({ maxLength: 12 })), {
          maxLength: 5,
        }),
        fc.anything(),
      ),
      meeting_url: fc.oneof(
        fc.constantFrom('https://meet.example/a', 'http://x', 'javascript:alert(1)', '', null),
        fc.string({ maxLength: 40 }),
      ),
      in_rotation: fc.oneof(fc.boolean(), fc.anything()),
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);

describe('booking calls under arbitrary input', () => {
  test('GET /api/demo/slots: 200 or 400 [ERROR, message], never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        zone,
        fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), fc.string({ maxLength: 10 })),
        async (tz, days) => {
          const response = await server
            .client()
            .get(`/api/demo/slots?tz=${encodeURIComponent(tz)}&days=${encodeURIComponent(days)}`);
          assert.ok(response.status === 200 || response.status === 400, `${response.status} for ${tz} ${days}`);
          if (response.status === 400) assert.equal(response.body[0], 'ERROR');
          else assert.ok(Array.isArray(response.body.slots));
        },
      ),
      { numRuns: RUNS },
    );
  });

  test('PUT /api/inbox/availability: 200 or 4xx {errorInfo}, never a 5xx; a refusal changes nothing', async () => {
    const client = await server.client().visit();
    const put = (body: unknown) =>
      client.request('PUT', '/api/inbox/availability', {
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...client.csrfHeader() },
        body: JSON.stringify(body) ?? 'null',
      });
    const stored = async () =>
      (await server.client().get('/api/inbox/availability', { authorization: `Bearer ${token}` })).body;
    await fc.assert(
      fc.asyncProperty(availability, async (body) => {
        const before = await stored();
        const response = await put(body);
        assert.ok(
          response.status === 200 || (response.status >= 400 && response.status < 500),
          `${response.status} for ${JSON.stringify(body)}`,
        );
        if (response.status !== 200) {
          assert.equal(typeof response.body.errorInfo, 'string');
          assert.deepEqual(await stored(), before);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
