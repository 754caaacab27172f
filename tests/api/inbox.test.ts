// The staff inbox API over real HTTP: every call behind a live bearer token, lists, filters,
// search, pagination, status changes and notes with who and when, the honeypot's spam folder,
// the contact image's headers, and the CSV export's encoding and formula neutralising.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SignJWT } from 'jose';
import { INBOX_MESSAGES, NOTE_MAX_LENGTH } from '../../common/inbox.ts';
import { MESSAGES } from '../../common/messages.ts';
import { createUserService } from '../../server/services/users.ts';
import { ATTRIBUTION_EXPORT_HEADERS } from '../../server/submission-kinds/attribution.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import type { ApiClient, ApiResponse } from '../helpers/api-client.ts';
import { png } from '../helpers/images.ts';
import { startServer, TEST_TOKEN_SECRET, type TestServer } from '../helpers/server.ts';
import { signInAs, STAFF_PASSWORD } from '../helpers/staff.ts';

let server: TestServer;
let client: ApiClient;
let alice: string;
let carol: string;
const PASSWORD = STAFF_PASSWORD;

before(async () => {
  server = await startServer();
  const hash = await hashPassword(PASSWORD);
  for (const username of ['alice', 'bob', 'carol', 'dave'])
    await server.app.repos.users.create(username, hash, new Date().toISOString());
  client = await server.client().visit();
  alice = await signIn('alice');
  carol = await signIn('carol');
});
after(() => server.close());

/** The access token of a staff member created above (tests/helpers/staff.ts signs in). */
const signIn = async (username: string) => (await signInAs(server, username)).token;

/** A call as the browser's inbox makes it: bearer token, CSRF header on PUT and POST. */
function call(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  return client.request(method, path, {
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(method === 'GET' ? {} : { ...client.csrfHeader(), 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
const get = (path: string, token: string | null = alice) => call('GET', path, token);

/** The export's attribution columns (decision 051): their headers, and their cells for a row
 * stored without one. */
const SOURCE = ATTRIBUTION_EXPORT_HEADERS.join(',');
const NO_SOURCE = ','.repeat(ATTRIBUTION_EXPORT_HEADERS.length - 1);

/** Raw bytes, to see the CSV's BOM (fetch's text() drops it). */
async function getBytes(path: string, token = alice) {
  const response = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

function insert(table: string, row: Record<string, string | number | Uint8Array>): number {
  const columns = Object.keys(row);
  const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
  return Number(server.app.database.sqlite!.prepare(sql).run(...Object.values(row)).lastInsertRowid);
}
const clear = (table: string) => server.app.database.sqlite!.prepare(`DELETE FROM ${table}`).run();
const addFeedback = (feedback: string, createdAt: string, extra: Record<string, string | number> = {}) =>
  insert('feedback', { feedback, created_at: createdAt, ...extra });

function assertRefused(response: ApiResponse, label: string) {
  assert.equal(response.status, 401, label);
  assert.deepEqual(response.body, { errorInfo: MESSAGES.tokenInvalid }, label);
  assert.equal(response.headers.get('cache-control'), 'no-store', label);
}

describe('access', () => {
  test('every endpoint refuses no token, a bad token, an expired token and a revoked one, and changes nothing', async () => {
    const id = addFeedback('Please add proof of delivery photos', '2026-03-01T10:00:00.000Z');
    const contactId = insert('contact_messages', {
      name: 'Ann',
      email: 'ann@example.com',
      subject: 'Hi',
      inq_type: 1,
      message: 'Hello',
      img: png(),
      img_type: 'image/png',
      img_size: png().byteLength,
      img_sha256: 'x',
      created_at: '2026-03-01T10:00:00.000Z',
    });
    const endpoints: [string, string, unknown?][] = [
      ['GET', '/api/inbox/summary'],
      ['GET', '/api/inbox/feedback'],
      ['GET', '/api/inbox/feedback/export.csv'],
      ['GET', `/api/inbox/feedback/${id}`],
      ['GET', `/api/inbox/contact-messages/${contactId}/image`],
      ['PUT', `/api/inbox/feedback/${id}/status`, { status: 'done' }],
      ['POST', `/api/inbox/feedback/${id}/notes`, { note: 'Called them back' }],
      ['GET', '/api/inbox/no-such-kind/1/and/more'],
    ];

    const claims = JSON.parse(Buffer.from(alice.split('.')[1]!, 'base64url').toString());
    const key = new TextEncoder().encode(TEST_TOKEN_SECRET);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(key);
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-123'));

    const signedOut = await signIn('bob');
    assert.equal((await get('/api/SignOut', signedOut)).status, 200);
    const disabled = await signIn('dave');
    assert.equal((await get('/api/inbox/summary', disabled)).status, 200, 'live before the user is disabled');
    await createUserService(server.app.repos, server.app.database).disableUser('dave');

    const tokens: [string, string | null, Record<string, string>?][] = [
      ['no token', null],
      ['not bearer', null, { authorization: `Basic ${alice}` }],
      ['garbage', 'not-a-token'],
      ['wrong key', wrongKey],
      ['expired', expired],
      ['signed out', signedOut],
      ['user disabled', disabled],
    ];
    for (const [method, path, body] of endpoints) {
      for (const [label, token, headers] of tokens) {
        assertRefused(await call(method, path, token, body, headers), `${method} ${path}: ${label}`);
      }
    }
    const stored = server.app.database.sqlite!.prepare('SELECT status FROM feedback WHERE id = ?').get(id) as {
      status: string;
    };
    assert.equal(stored.status, 'new');
    assert.equal(server.count('submission_events'), 0);
  });

  test('PUT and POST also need the CSRF header, as every /api call', async () => {
    const id = addFeedback('Route planning is great', '2026-03-02T10:00:00.000Z');
    const noCsrf = await call(
      'PUT',
      `/api/inbox/feedback/${id}/status`,
      alice,
      { status: 'done' },
      { 'x-xsrf-token': 'forged' },
    );
    assert.equal(noCsrf.status, 403);
    assert.equal(noCsrf.headers.get('cache-control'), 'no-store');
    assert.equal(
      (await call('POST', `/api/inbox/feedback/${id}/notes`, alice, { note: 'x' }, { 'x-xsrf-token': 'forged' }))
        .status,
      403,
    );
  });

  test('answers are never cached, and carry the API policy', async () => {
    for (const path of ['/api/inbox/summary', '/api/inbox/feedback', '/api/inbox/nope', '/api/inbox/feedback?page=0']) {
      const response = await get(path);
      assert.equal(response.headers.get('cache-control'), 'no-store', path);
      assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'self'/, path);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
    }
  });
});

describe('lists', () => {
  test('newest first, paginated, with ties broken by id', async () => {
    clear('feedback');
    const ids: number[] = [];
    for (let minute = 0; minute < 23; minute++) {
      ids.push(addFeedback(`Feedback number ${minute}`, new Date(Date.UTC(2026, 4, 1, 9, minute)).toISOString()));
    }
    // Same second as the newest: the later id comes first.
    ids.push(addFeedback('Feedback number 22b', new Date(Date.UTC(2026, 4, 1, 9, 22)).toISOString()));
    const newestFirst = [...ids].reverse();

    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const response = await get(`/api/inbox/feedback?page=${page}&pageSize=10`);
      assert.equal(response.status, 200);
      assert.equal(response.body.total, 24);
      assert.equal(response.body.page, page);
      assert.equal(response.body.pageSize, 10);
      pages.push(...response.body.items.map((item: { id: number }) => item.id));
    }
    assert.deepEqual(pages, newestFirst);
    assert.deepEqual((await get('/api/inbox/feedback?page=4&pageSize=10')).body.items, []);

    const first = (await get('/api/inbox/feedback')).body;
    assert.equal(first.pageSize, 25);
    assert.equal(first.items.length, 24);
    assert.deepEqual(first.items[0], {
      id: ids[23],
      kind: 'feedback',
      status: 'new',
      created_at: '2026-05-01T09:22:00.000Z',
      title: `Feedback #${ids[23]}`,
      subtitle: '',
      preview: 'Feedback number 22b',
      // Issue 21: nobody owns it yet, and alice has not opened it.
      owner: null,
      unread: true,
      // Issue 30: stored without an attribution, so no source.
      source: null,
    });
  });

  test('filters by status (spam left out unless asked for) and by dates, inclusive, in UTC', async () => {
    clear('feedback');
    const early = addFeedback('early', '2026-01-01T00:00:00.000Z', { status: 'done' });
    const lastOfJanuary = addFeedback('late january', '2026-01-31T23:59:59.999Z');
    const february = addFeedback('february', '2026-02-01T00:00:00.000Z', { status: 'in_progress' });
    const spam = addFeedback('buy cheap', '2026-01-15T12:00:00.000Z', { status: 'spam', is_spam: 1 });

    const ids = async (query: string) =>
      (await get(`/api/inbox/feedback${query}`)).body.items.map((item: { id: number }) => item.id);
    assert.deepEqual(await ids(''), [february, lastOfJanuary, early]);
    assert.deepEqual(await ids('?status=all'), [february, lastOfJanuary, spam, early]);
    assert.deepEqual(await ids('?status=spam'), [spam]);
    assert.deepEqual(await ids('?status=done'), [early]);
    assert.deepEqual(await ids('?status=in_progress'), [february]);
    assert.deepEqual(await ids('?status=new'), [lastOfJanuary]);
    assert.deepEqual(await ids('?from=2026-01-31'), [february, lastOfJanuary]);
    assert.deepEqual(await ids('?to=2026-01-31'), [lastOfJanuary, early]);
    assert.deepEqual(await ids('?from=2026-01-01&to=2026-01-01'), [early]);
    assert.deepEqual(await ids('?from=2026-01-02&to=2026-01-30&status=all'), [spam]);
    assert.deepEqual(
      await ids('?status=&q=&from=&to='),
      [february, lastOfJanuary, early],
      'empty values mean no filter',
    );
  });

  test('searches the text fields, case-insensitively, with LIKE wildcards taken literally', async () => {
    clear('demo_requests');
    const demo = (name: string, company: string, text: string, email = 'ops@example.com') =>
      insert('demo_requests', {
        name,
        job_title: 'Fleet manager',
        company,
        country: '61',
        number: '+61 412345678',
        email,
        text,
        created_at: '2026-06-01T08:00:00.000Z',
      });
    const percent = demo('Pat Lee', 'Lee Haulage', 'We want 50% fewer empty kilometres');
    const plain = demo('Sam Wu', 'Wu Freight', 'We run 50 trucks and 500 drops a day');
    const underscore = demo('Kim Ho', 'Ho_Logistics', 'Interstate line haul');
    const byEmail = demo('Alex Roe', 'Roe Couriers', 'Same-day parcels', 'dispatch@roe-couriers.com.au');

    const ids = async (q: string) =>
      (await get(`/api/inbox/demo-requests?q=${encodeURIComponent(q)}`)).body.items
        .map((item: { id: number }) => item.id)
        .sort();
    assert.deepEqual(await ids('50%'), [percent]);
    assert.deepEqual(await ids('50'), [percent, plain].sort());
    assert.deepEqual(await ids('_'), [underscore]);
    assert.deepEqual(await ids('wu FREIGHT'), [plain]);
    assert.deepEqual(await ids('roe-couriers.com'), [byEmail]);
    assert.deepEqual(await ids('fleet manager'), [percent, plain, underscore, byEmail].sort());
    assert.deepEqual(await ids("' OR 1=1 --"), []);
    assert.deepEqual(await ids('\\'), []);

    const row = (await get(`/api/inbox/demo-requests?q=Lee%20Haulage`)).body.items[0];
    assert.equal(row.title, 'Pat Lee');
    assert.equal(row.subtitle, 'Fleet manager, Lee Haulage');
  });

  test('refuses bad query values with 400 {errorInfo}', async () => {
    for (const [query, message] of [
      ['status=bogus', INBOX_MESSAGES.status],
      ['status=new&status=done', INBOX_MESSAGES.status],
      ['page=0', INBOX_MESSAGES.page],
      ['page=-1', INBOX_MESSAGES.page],
      ['page=1.5', INBOX_MESSAGES.page],
      ['page=two', INBOX_MESSAGES.page],
      ['pageSize=7', INBOX_MESSAGES.pageSize],
      ['pageSize=1000', INBOX_MESSAGES.pageSize],
      ['from=2026-02-30', INBOX_MESSAGES.date],
      ['to=21-11-2026', INBOX_MESSAGES.date],
      ['from=2026-13-01', INBOX_MESSAGES.date],
      ['from=2026-03-02&to=2026-03-01', INBOX_MESSAGES.dateOrder],
      [`q=${'x'.repeat(201)}`, INBOX_MESSAGES.search],
    ] as const) {
      const response = await get(`/api/inbox/feedback?${query}`);
      assert.equal(response.status, 400, query);
      assert.deepEqual(response.body, { errorInfo: message }, query);
      assert.equal(response.headers.get('cache-control'), 'no-store', query);
    }
    assert.equal((await get('/api/inbox/feedback/export.csv?status=bogus')).status, 400);
  });

  test('404 for unknown kinds and ids', async () => {
    const id = addFeedback('exists', '2026-03-03T10:00:00.000Z');
    for (const path of [
      '/api/inbox/bogus',
      '/api/inbox/bogus/1',
      '/api/inbox/bogus/export.csv',
      '/api/inbox/feedback/999999',
      '/api/inbox/feedback/abc',
      '/api/inbox/feedback/0',
      '/api/inbox/feedback/1e3',
      '/api/inbox/feedback/99999999999999999999',
      `/api/inbox/feedback/${id}/image`,
      '/api/inbox/contact-messages/999999/image',
      `/api/inbox/feedback/${id}/more/path`,
    ]) {
      const response = await get(path);
      assert.equal(response.status, 404, path);
      assert.deepEqual(response.body, { errorInfo: MESSAGES.notFound }, path);
      assert.equal(response.headers.get('cache-control'), 'no-store', path);
    }
    assert.equal((await call('PUT', '/api/inbox/feedback/999999/status', alice, { status: 'done' })).status, 404);
    assert.equal((await call('PUT', `/api/inbox/bogus/${id}/status`, alice, { status: 'done' })).status, 404);
    assert.equal((await call('POST', '/api/inbox/newsletter/999999/notes', alice, { note: 'x' })).status, 404);
    assert.equal(
      server.app.database
        .sqlite!.prepare('SELECT count(*) AS n FROM submission_events WHERE submission_id = 999999')
        .get()!.n,
      0,
    );
  });

  test('summary counts every kind by status', async () => {
    clear('newsletter_subscribers');
    insert('newsletter_subscribers', { email: 'a@example.com', created_at: '2026-01-01T00:00:00.000Z' });
    insert('newsletter_subscribers', {
      email: 'b@example.com',
      created_at: '2026-01-01T00:00:00.000Z',
      status: 'done',
    });
    insert('newsletter_subscribers', {
      email: 'c@example.com',
      created_at: '2026-01-01T00:00:00.000Z',
      status: 'spam',
      is_spam: 1,
    });
    const response = await get('/api/inbox/summary');
    assert.equal(response.status, 200);
    assert.deepEqual(Object.keys(response.body.counts), [
      'demo-requests',
      'contact-messages',
      'feedback',
      'newsletter',
    ]);
    assert.deepEqual(response.body.counts.newsletter, {
      new: 1,
      in_progress: 0,
      done: 1,
      spam: 1,
      total: 3,
      unread: 2,
    });
    const feedback = response.body.counts.feedback;
    assert.equal(feedback.total, server.count('feedback'));
  });
});

describe('detail, status and notes', () => {
  test('a demo request shows every field in form order with labels', async () => {
    const id = insert('demo_requests', {
      name: 'Jo Smith',
      job_title: 'Transport manager',
      company: 'Smith Carriers',
      country: '61',
      number: '+61 412345678',
      email: 'jo@smithcarriers.com.au',
      text: 'Forty rigid trucks, <b>two</b> depots',
      created_at: '2026-07-01T01:02:03.000Z',
    });
    const { status, body } = await get(`/api/inbox/demo-requests/${id}`);
    assert.equal(status, 200);
    assert.equal(body.item.title, 'Jo Smith');
    assert.equal(body.item.status, 'new');
    assert.equal(body.item.is_spam, false);
    assert.deepEqual(body.item.next_statuses, ['in_progress', 'done', 'spam']);
    assert.deepEqual(
      body.item.fields.map((f: { label: string; value: string }) => [f.label, f.value]),
      [
        ['Name', 'Jo Smith'],
        ['Job title', 'Transport manager'],
        ['Company', 'Smith Carriers'],
        ['Country', '+61 (Australia)'],
        ['Phone number', '+61 412345678'],
        ['Email', 'jo@smithcarriers.com.au'],
        ['Message', 'Forty rigid trucks, <b>two</b> depots'],
      ],
    );
    assert.equal(body.item.image, undefined);
    assert.deepEqual(body.events, []);
  });

  test('status changes and notes record who and when', async () => {
    const id = addFeedback('The driver app needs offline mode', '2026-03-04T10:00:00.000Z');
    const started = new Date().toISOString();

    const moved = await call('PUT', `/api/inbox/feedback/${id}/status`, alice, { status: 'in_progress' });
    assert.equal(moved.status, 200);
    assert.equal(moved.headers.get('cache-control'), 'no-store');
    assert.equal(moved.body.item.status, 'in_progress');
    const noted = await call('POST', `/api/inbox/feedback/${id}/notes`, carol, {
      note: '  Passed to the mobile team.  ',
    });
    assert.equal(noted.status, 200);
    const done = await call('PUT', `/api/inbox/feedback/${id}/status`, carol, { status: 'done' });
    assert.equal(done.body.item.status, 'done');
    const again = await call('PUT', `/api/inbox/feedback/${id}/status`, carol, { status: 'done' });
    assert.equal(again.status, 200, 'asking for the current status is no change');

    const { events } = (await get(`/api/inbox/feedback/${id}`)).body;
    assert.deepEqual(
      events.map(({ id: _id, created_at: _at, ...event }: { id: number; created_at: string }) => event),
      [
        {
          action: 'status',
          username: 'alice',
          from_status: 'new',
          to_status: 'in_progress',
          note: null,
          from_owner: null,
          to_owner: null,
        },
        {
          action: 'note',
          username: 'carol',
          from_status: null,
          to_status: null,
          note: 'Passed to the mobile team.',
          from_owner: null,
          to_owner: null,
        },
        {
          action: 'status',
          username: 'carol',
          from_status: 'in_progress',
          to_status: 'done',
          note: null,
          from_owner: null,
          to_owner: null,
        },
      ],
    );
    for (const event of events) {
      assert.match(event.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.ok(event.created_at >= started && event.created_at <= new Date().toISOString());
    }
    assert.deepEqual(done.body.events.length, 3);
  });

  test('refuses bad status and note bodies with 400', async () => {
    const id = addFeedback('Needs a note', '2026-03-05T10:00:00.000Z');
    for (const body of [{}, { status: 'archived' }, { status: 'all' }, { status: 1 }]) {
      const response = await call('PUT', `/api/inbox/feedback/${id}/status`, alice, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { errorInfo: INBOX_MESSAGES.newStatus });
    }
    for (const [note, message] of [
      [undefined, INBOX_MESSAGES.noteRequired],
      ['', INBOX_MESSAGES.noteRequired],
      ['   \n ', INBOX_MESSAGES.noteRequired],
      ['x'.repeat(NOTE_MAX_LENGTH + 1), INBOX_MESSAGES.noteTooLong],
    ] as const) {
      const response = await call('POST', `/api/inbox/feedback/${id}/notes`, alice, { note });
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, { errorInfo: message });
    }
    const longest = await call('POST', `/api/inbox/feedback/${id}/notes`, alice, {
      note: `  ${'y'.repeat(NOTE_MAX_LENGTH)}  `,
    });
    assert.equal(longest.status, 200);
    assert.equal(longest.body.events.at(-1).note.length, NOTE_MAX_LENGTH);
  });

  test('honeypot submissions are listed under spam and can be moved back', async () => {
    const visitor = server.client();
    const spam = {
      name: 'Bot',
      job_title: 'Bot',
      company: 'Bots Inc',
      country: '61',
      number: '+61 412345678',
      email: 'bot@spam.com',
      text: 'Cheap pills',
      website: 'https://spam.example',
    };
    assert.equal((await visitor.post('/api/RequestDemo', spam)).status, 200);
    const stored = server.app.database
      .sqlite!.prepare("SELECT id, status, is_spam FROM demo_requests WHERE email = 'bot@spam.com'")
      .get() as {
      id: number;
      status: string;
      is_spam: number;
    };
    assert.deepEqual({ status: stored.status, is_spam: stored.is_spam }, { status: 'spam', is_spam: 1 });

    const listIds = async (query: string) =>
      (await get(`/api/inbox/demo-requests${query}`)).body.items.map((item: { id: number }) => item.id);
    assert.ok((await listIds('?status=spam')).includes(stored.id));
    assert.ok(!(await listIds('')).includes(stored.id));
    assert.ok((await get('/api/inbox/summary')).body.counts['demo-requests'].spam >= 1);

    const refused = await call('PUT', `/api/inbox/demo-requests/${stored.id}/status`, alice, { status: 'done' });
    assert.equal(refused.status, 409);
    assert.deepEqual(refused.body, { errorInfo: INBOX_MESSAGES.spamOnlyToNew });

    const back = await call('PUT', `/api/inbox/demo-requests/${stored.id}/status`, alice, { status: 'new' });
    assert.equal(back.status, 200);
    assert.equal(back.body.item.status, 'new');
    assert.equal(back.body.item.is_spam, true, 'the honeypot record stays');
    assert.ok((await listIds('')).includes(stored.id));
    assert.ok(!(await listIds('?status=spam')).includes(stored.id));
  });
});

describe('contact image', () => {
  test('served only as the detected raster type, nosniff, sandboxed, inline with a made-up name', async () => {
    const visitor = server.client();
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: 'Lee',
      email: 'lee@example.com',
      subject: 'Broken tyre photo',
      inq_type: '2',
      message: 'See the photo',
    })) {
      form.set(name, value);
    }
    form.set('img', new Blob([new Uint8Array(png(4, 3))], { type: 'image/png' }), '<script>evil.svg');
    assert.equal((await visitor.postForm('/api/ContactUs', form)).status, 200);
    const { id, img } = server.app.database
      .sqlite!.prepare("SELECT id, img FROM contact_messages WHERE email = 'lee@example.com'")
      .get() as { id: number; img: Uint8Array };

    const detail = (await get(`/api/inbox/contact-messages/${id}`)).body.item;
    assert.deepEqual(detail.image, {
      type: 'image/png',
      size: img.byteLength,
      name: `contact-${id}.png`,
      url: `/api/inbox/contact-messages/${id}/image`,
    });
    assert.equal(detail.fields.find((f: { name: string }) => f.name === 'inq_type').value, 'Pricing');

    const { response, bytes } = await getBytes(detail.image.url);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/png');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('content-security-policy'), "default-src 'none'; sandbox");
    assert.equal(response.headers.get('content-disposition'), `inline; filename="contact-${id}.png"`);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.ok(bytes.equals(Buffer.from(img)));
  });

  test('a stored type outside the four raster types is never sent as itself', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const id = insert('contact_messages', {
      name: 'Old row',
      email: 'old@example.com',
      subject: 'x',
      inq_type: 3,
      message: 'x',
      img: svg,
      img_type: 'image/svg+xml',
      img_size: svg.byteLength,
      img_sha256: 'x',
      created_at: '2026-01-01T00:00:00.000Z',
    });
    const { response } = await getBytes(`/api/inbox/contact-messages/${id}/image`);
    assert.equal(response.headers.get('content-type'), 'application/octet-stream');
    assert.match(response.headers.get('content-disposition') ?? '', /^attachment;/);
    assert.equal(response.headers.get('content-security-policy'), "default-src 'none'; sandbox");
  });
});

describe('CSV export', () => {
  test('UTF-8 with BOM, a header of labels, RFC 4180 quoting, formulas neutralised, the filters applied', async () => {
    clear('feedback');
    const cells = [
      '=HYPERLINK("http://evil.example","click")',
      '+61 400 000 000',
      '-2+3',
      '@SUM(A1:A2)',
      '\tindented',
      '\rcarriage',
      'He said "hi", then left\nnext line',
      'Plain café feedback',
    ];
    cells.forEach((text, index) => addFeedback(text, new Date(Date.UTC(2026, 7, 1, 0, index)).toISOString()));
    addFeedback('=spam', '2026-08-01T01:00:00.000Z', { status: 'spam', is_spam: 1 });

    const { response, bytes } = await getBytes('/api/inbox/feedback/export.csv');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const today = new Date().toISOString().slice(0, 10);
    assert.equal(response.headers.get('content-disposition'), `attachment; filename="haulora-feedback-${today}.csv"`);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);

    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    assert.equal(lines[0], `ID,Received (UTC),Status,Owner,Feedback,${SOURCE},Honeypot filled`);
    assert.ok(text.endsWith('\r\n'));
    assert.ok(!text.includes('=spam'), 'spam is left out by default, as in the list');
    for (const expected of [
      `,New,,"'=HYPERLINK(""http://evil.example"",""click"")",${NO_SOURCE},no\r\n`,
      `,New,,'+61 400 000 000,${NO_SOURCE},no\r\n`,
      `,New,,'-2+3,${NO_SOURCE},no\r\n`,
      `,New,,'@SUM(A1:A2),${NO_SOURCE},no\r\n`,
      `,New,,'\tindented,${NO_SOURCE},no\r\n`,
      `,New,,"'\rcarriage",${NO_SOURCE},no\r\n`,
      `,New,,"He said ""hi"", then left\nnext line",${NO_SOURCE},no\r\n`,
      `,New,,Plain café feedback,${NO_SOURCE},no\r\n`,
    ]) {
      assert.ok(text.includes(expected), JSON.stringify(expected));
    }
    // Newest first, as the list: the last inserted row is the first data row.
    assert.match(lines[1]!, new RegExp(`^\\d+,2026-08-01T00:07:00\\.000Z,New,,Plain café feedback,${NO_SOURCE},no$`));

    const spamOnly = (await getBytes('/api/inbox/feedback/export.csv?status=spam')).bytes.subarray(3).toString('utf8');
    assert.equal(spamOnly.split('\r\n').length, 3);
    assert.ok(spamOnly.endsWith(`,Spam,,'=spam,${NO_SOURCE},yes\r\n`));
    const searched = (await getBytes('/api/inbox/feedback/export.csv?q=caf%C3%A9&status=all')).bytes
      .subarray(3)
      .toString('utf8');
    assert.equal(searched.split('\r\n').length, 3);
  });

  test('a contact export names the image instead of carrying its bytes; an empty export is just the header', async () => {
    clear('contact_messages');
    const bytes = png();
    const id = insert('contact_messages', {
      name: 'Mia',
      email: 'mia@example.com',
      subject: 'Quote',
      inq_type: 2,
      message: 'How much for 12 vans?',
      img: bytes,
      img_type: 'image/png',
      img_size: bytes.byteLength,
      img_sha256: 'x',
      created_at: '2026-09-01T00:00:00.000Z',
    });
    const text = (await getBytes('/api/inbox/contact-messages/export.csv')).bytes.subarray(3).toString('utf8');
    const [header, row] = text.split('\r\n');
    assert.equal(
      header,
      `ID,Received (UTC),Status,Owner,Name,Email,Subject,Inquiry type,Message,Image name,Image type,Image size (bytes),Marketing consent version,Marketing consent at,${SOURCE},Honeypot filled`,
    );
    assert.equal(
      row,
      `${id},2026-09-01T00:00:00.000Z,New,,Mia,mia@example.com,Quote,Pricing,How much for 12 vans?,contact-${id}.png,image/png,${bytes.byteLength},,,${NO_SOURCE},no`,
    );

    clear('newsletter_subscribers');
    const empty = await getBytes('/api/inbox/newsletter/export.csv');
    assert.equal(
      empty.bytes.toString('utf8'),
      `\uFEFFID,Received (UTC),Status,Owner,Email,${SOURCE},Honeypot filled\r\n`,
    );
  });

  test('a large export streams every row, across the read chunks', async () => {
    clear('feedback');
    const insertMany = server.app.database.sqlite!.prepare('INSERT INTO feedback (feedback, created_at) VALUES (?, ?)');
    for (let n = 0; n < 1203; n++)
      insertMany.run(`row ${n}`, new Date(Date.UTC(2026, 9, 1) + Math.floor(n / 3) * 1000).toISOString());
    const text = (await getBytes('/api/inbox/feedback/export.csv')).bytes.subarray(3).toString('utf8');
    const ids = text
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    assert.equal(ids.length, 1203);
    assert.equal(new Set(ids).size, 1203);
  });
});
