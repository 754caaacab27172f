// CSRF on every state-changing call: the JSON API's POSTs (and the staff inbox's PUT and POST)
// and the page actions that take the same forms without JavaScript. Without a matching token and
// a same-site origin each is a 403 and the database is byte-for-byte unchanged. Each request is
// also sent once with everything right, to prove it would have been stored.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { CSRF_FIELD } from '../../app/lib/form-fields.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { png } from '../helpers/images.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const PASSWORD = 'correct horse battery staple';
const DEMO = {
  name: 'Dana Whitfield',
  job_title: 'Operations Manager',
  company: 'Whitfield Haulage',
  country: '+61',
  number: '+61 412345678',
  email: 'dana@whitfield.com.au',
  text: 'We run 40 trucks.',
};
const CONTACT = {
  name: 'Sam Reid',
  email: 'sam@reidfreight.com.au',
  subject: 'Linehaul',
  inq_type: '2',
  message: 'Pricing for 12 trucks',
};

let server: TestServer;
let bearer: string;
/** Two visitors, each with a genuine token of their own. */
let tokenA: string;
let tokenB: string;
before(async () => {
  server = await startServer({}, { pages: true });
  await server.app.repos.users.create('alice', await hashPassword(PASSWORD), new Date().toISOString());
  tokenA = (await server.client().visit('/home')).csrfToken!;
  tokenB = (await server.client().visit('/home')).csrfToken!;
  const client = await server.client().visit();
  bearer = (await client.post('/api/SignIn', { username: 'alice', password: PASSWORD })).body.access_token;
  await client.post('/api/Feedback/AddFeedback', { feedback: 'A row for the inbox calls to change' });
});
after(() => server.close());

/** A digest of every row of every table: any write at all changes it. The outbox is counted
 * only: its worker marks earlier mails sent in the background while the test runs. The search
 * indexes (FTS5 virtual tables and their shadow tables, migration 007) are derived from the
 * tables digested here, so they are left out. */
function databaseDigest(): string {
  const hash = createHash('sha256');
  const tables = server.app.database
    .sqlite!.prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' ORDER BY name")
    .all() as { name: string }[];
  for (const { name } of tables) {
    hash.update(name);
    const rows = name === 'outbox' ? `SELECT count(*) AS n FROM "${name}"` : `SELECT * FROM "${name}" ORDER BY rowid`;
    for (const row of server.app.database.sqlite!.prepare(rows).all()) {
      hash.update(
        JSON.stringify(row, (_key, value) =>
          value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value,
        ),
      );
    }
  }
  return hash.digest('hex');
}

type Body =
  { type: 'json'; value: Record<string, string> } | { type: 'urlencoded' | 'multipart'; value: Record<string, string> };
type Call = { method: string; path: string; body: Body; api: boolean; auth?: boolean; image?: boolean };

const CALLS: Call[] = [
  {
    method: 'POST',
    path: '/api/Feedback/AddFeedback',
    api: true,
    body: { type: 'json', value: { feedback: 'The fuel report saves us hours' } },
  },
  {
    method: 'POST',
    path: '/api/Newsletter/Subscribe',
    api: true,
    body: { type: 'json', value: { email: 'ops@whitfield.com.au' } },
  },
  {
    method: 'POST',
    path: '/api/SignIn',
    api: true,
    body: { type: 'json', value: { username: 'alice', password: PASSWORD } },
  },
  { method: 'POST', path: '/api/RequestDemo', api: true, body: { type: 'json', value: DEMO } },
  { method: 'POST', path: '/api/ContactUs', api: true, image: true, body: { type: 'multipart', value: CONTACT } },
  {
    method: 'PUT',
    path: '/api/inbox/feedback/1/status',
    api: true,
    auth: true,
    body: { type: 'json', value: { status: 'done' } },
  },
  {
    method: 'POST',
    path: '/api/inbox/feedback/1/notes',
    api: true,
    auth: true,
    body: { type: 'json', value: { note: 'Called back' } },
  },
  {
    method: 'POST',
    path: '/forms/feedback',
    api: false,
    body: { type: 'urlencoded', value: { feedback: 'The fuel report saves us hours' } },
  },
  {
    method: 'POST',
    path: '/forms/newsletter',
    api: false,
    body: { type: 'urlencoded', value: { email: 'fleet@whitfield.com.au' } },
  },
  { method: 'POST', path: '/forms/contact', api: false, image: true, body: { type: 'multipart', value: CONTACT } },
  {
    method: 'POST',
    path: '/request-demo',
    api: false,
    body: { type: 'urlencoded', value: { ...DEMO, country: 'AU', number: '412345678' } },
  },
  {
    method: 'POST',
    path: '/sign-in',
    api: false,
    body: { type: 'urlencoded', value: { username: 'alice', password: PASSWORD } },
  },
];

/** How the CSRF proof is sent: the cookie, the token echoed (header or form field), the Origin. */
type Proof = { cookie?: string; echoed?: string; origin?: string };

const ATTACKS: [string, Proof | (() => Proof)][] = [
  ['no header or field', () => ({ cookie: tokenA })],
  ['a wrong token echoed', () => ({ cookie: tokenA, echoed: 'forged.token' })],
  ["another visitor's token echoed (cookie A, token B)", () => ({ cookie: tokenA, echoed: tokenB })],
  ['a self-made token in both places', { cookie: 'made-up.value', echoed: 'made-up.value' }],
  ['a cross-site Origin', () => ({ cookie: tokenA, echoed: tokenA, origin: 'https://evil.example' })],
  ['a look-alike Origin', () => ({ cookie: tokenA, echoed: tokenA, origin: `${server.url}.evil.example` })],
  ['Origin null (sandboxed frame)', () => ({ cookie: tokenA, echoed: tokenA, origin: 'null' })],
  ['no cookie', () => ({ echoed: tokenA })],
];

function send(call: Call, proof: Proof) {
  const headers: Record<string, string> = {};
  if (proof.cookie) headers.cookie = `${CSRF_COOKIE}=${proof.cookie}`;
  if (proof.origin) headers.origin = proof.origin;
  if (call.api && proof.echoed) headers[CSRF_HEADER] = proof.echoed;
  if (call.auth) headers.authorization = `Bearer ${bearer}`;
  const fields = { ...call.body.value, ...(!call.api && proof.echoed ? { [CSRF_FIELD]: proof.echoed } : {}) };
  let body: BodyInit;
  if (call.body.type === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(fields);
  } else if (call.body.type === 'urlencoded') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(fields).toString();
  } else {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (call.image) form.set('img', new Blob([new Uint8Array(png(4, 4))], { type: 'image/png' }), 'cab.png');
    body = form;
  }
  return fetch(server.url + call.path, { method: call.method, headers, body, redirect: 'manual' });
}

describe('CSRF on every state-changing call', () => {
  for (const call of CALLS) {
    test(`${call.method} ${call.path}: every forgery is a 403 and stores nothing`, async () => {
      for (const [label, make] of ATTACKS) {
        const proof = typeof make === 'function' ? make() : make;
        const before = databaseDigest();
        const response = await send(call, proof);
        const text = await response.text();
        assert.equal(response.status, 403, `${label}: ${response.status} ${text.slice(0, 200)}`);
        if (call.api) assert.match(text, new RegExp(MESSAGES.csrf.replace(/[.]/g, '\\.')), label);
        assert.equal(databaseDigest(), before, `${label}: the database changed`);
      }
      // The same request with the proof right is accepted and stored: the refusals were about CSRF.
      const before = databaseDigest();
      const response = await send(call, { cookie: tokenA, echoed: tokenA, origin: server.url });
      await response.arrayBuffer();
      assert.ok(response.status === 200 || response.status === 303, `valid request answered ${response.status}`);
      assert.notEqual(databaseDigest(), before, 'the valid request stored something');
    });
  }
});
