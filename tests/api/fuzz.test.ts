// Property-based fuzzing (fast-check) of every POST endpoint: the JSON API's five calls and the
// page actions that take the same forms without JavaScript. Arbitrary JSON, urlencoded and
// multipart bodies, mostly with a valid CSRF token so they reach validation: the answer is always
// a 2xx (or the page actions' 303 to the result page) or a 4xx in the spec's shapes, never a 5xx,
// and a refused request leaves every table as it was.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { CSRF_COOKIE, CSRF_HEADER } from '../../common/constants.ts';
import { png } from '../helpers/images.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

/** Runs per endpoint: enough to reach odd corners, bounded so the file takes seconds. */
const RUNS = 150;

/** Tables a submission may write; sign_in_failures is left out for sign-in (below). */
const TABLES = [
  'feedback',
  'demo_requests',
  'contact_messages',
  'newsletter_subscribers',
  'users',
  'refresh_tokens',
  'sign_in_failures',
];

type Endpoint = {
  path: string;
  /** The API answers JSON in the spec's shapes; page actions answer HTML or redirect. */
  kind: 'api' | 'page';
  fields: string[];
  /** Values that pass validation, mixed in so some requests succeed and take the storing path. */
  valid: Record<string, string>;
  /** Tables this endpoint writes even when it refuses (sign-in counts failures for its lockout). */
  writesOnRefusal?: string[];
};

const FEEDBACK = { fields: ['feedback', 'website'], valid: { feedback: 'The fuel report saves us hours' } };
const NEWSLETTER = { fields: ['email', 'website'], valid: { email: 'ops@whitfield.com.au' } };
const SIGN_IN = {
  fields: ['username', 'password'],
  valid: { username: 'nobody', password: 'not-a-real-password' },
  writesOnRefusal: ['sign_in_failures'],
};
const CONTACT = {
  fields: ['name', 'email', 'subject', 'inq_type', 'img', 'message', 'website'],
  valid: {
    name: 'Dana Whitfield',
    email: 'dana@whitfield.com.au',
    subject: 'Linehaul',
    inq_type: '1',
    message: 'Please call me about dispatch.',
  },
};
const DEMO_API_VALID = {
  name: 'Dana Whitfield',
  job_title: 'Operations Manager',
  company: 'Whitfield Haulage',
  country: '+61',
  number: '+61 412345678',
  email: 'dana@whitfield.com.au',
  text: 'We run 40 trucks.',
};
const DEMO_FIELDS = ['name', 'job_title', 'company', 'country', 'number', 'email', 'text', 'website'];

const ENDPOINTS: Endpoint[] = [
  { path: '/api/Feedback/AddFeedback', kind: 'api', ...FEEDBACK },
  { path: '/api/Newsletter/Subscribe', kind: 'api', ...NEWSLETTER },
  { path: '/api/SignIn', kind: 'api', ...SIGN_IN },
  { path: '/api/RequestDemo', kind: 'api', fields: DEMO_FIELDS, valid: DEMO_API_VALID },
  { path: '/api/ContactUs', kind: 'api', ...CONTACT },
  { path: '/forms/feedback', kind: 'page', ...FEEDBACK },
  { path: '/forms/newsletter', kind: 'page', ...NEWSLETTER },
  { path: '/forms/contact', kind: 'page', ...CONTACT },
  // The page form picks the country by region code and sends the local number.
  {
    path: '/request-demo',
    kind: 'page',
    fields: DEMO_FIELDS,
    valid: { ...DEMO_API_VALID, country: 'AU', number: '412345678' },
  },
  { path: '/sign-in', kind: 'page', ...SIGN_IN },
];

let server: TestServer;
let token: string;
before(async () => {
  server = await startServer({}, { pages: true });
  const client = await server.client().visit();
  token = client.csrfToken!;
});
after(() => server.close());

/** A field value: random text, one of the valid ones, or text with awkward characters. */
const text = (endpoint: Endpoint, field: string) =>
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constant(endpoint.valid[field] ?? ''),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      '99999999999999999999',
      'a@b.co',
      '<script>alert(1)</script>',
      "'; DROP TABLE feedback;--",
      '\u0000',
      '🚚'.repeat(300),
    ),
  );

const fieldName = (endpoint: Endpoint) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...endpoint.fields) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );

/** A record of form fields, often the valid one with a few fields changed. */
const fields = (endpoint: Endpoint) =>
  fc.oneof(
    fc.dictionary(fieldName(endpoint), fc.string({ maxLength: 30 }), { maxKeys: 10 }),
    fc
      .record(Object.fromEntries(endpoint.fields.map((field) => [field, text(endpoint, field)])), { requiredKeys: [] })
      .map((record) => ({ ...endpoint.valid, ...(record as Record<string, string>) })),
    fc.constant(endpoint.valid),
  );

/** The CSRF value sent: usually the visitor's, sometimes missing or wrong (403 then). */
const csrf = fc.oneof(
  { weight: 8, arbitrary: fc.constant('valid') },
  { weight: 1, arbitrary: fc.constant('missing') },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

const file = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ name: 'photo.png', type: 'image/png', bytes })),
  fc.constant({ name: 'photo.png', type: 'image/png', bytes: new Uint8Array(png(4, 4)) }),
  fc.constant({
    name: 'evil.svg',
    type: 'image/svg+xml',
    bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
  }),
  fc
    .string({ maxLength: 60 })
    .map((name) => ({ name, type: 'application/octet-stream', bytes: new TextEncoder().encode(name) })),
);

type Body =
  | { kind: 'json'; csrf: string; text: string }
  | { kind: 'urlencoded'; csrf: string; fields: Record<string, string> }
  | {
      kind: 'multipart';
      csrf: string;
      fields: Record<string, string>;
      files: { field: string; name: string; type: string; bytes: Uint8Array }[];
    };

const body = (endpoint: Endpoint): fc.Arbitrary<Body> =>
  fc.oneof(
    fc.record({
      kind: fc.constant('json' as const),
      csrf,
      text: fc.oneof(
        fields(endpoint).map((record) => JSON.stringify(record)),
        fc.jsonValue().map((value) => JSON.stringify(value)),
        fc
          .dictionary(fieldName(endpoint), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 8 })
          .map((value) => JSON.stringify({ ...endpoint.valid, ...value })),
        fc.string({ maxLength: 60 }),
      ),
    }),
    fc.record({ kind: fc.constant('urlencoded' as const), csrf, fields: fields(endpoint) }),
    fc.record({
      kind: fc.constant('multipart' as const),
      csrf,
      fields: fields(endpoint),
      files: fc.array(
        fc
          .record({ field: fc.oneof(fc.constant('img'), fieldName(endpoint)), file })
          .map(({ field, file }) => ({ field, ...file })),
        { maxLength: 2 },
      ),
    }),
  );

/** The CSRF token in the form (page actions) or header (API), as this run picked it. */
const csrfValue = (choice: string) => (choice === 'valid' ? token : choice === 'missing' ? undefined : choice);

async function send(endpoint: Endpoint, input: Body) {
  const submitted = csrfValue(input.csrf);
  const headers: Record<string, string> = { cookie: `${CSRF_COOKIE}=${token}`, origin: server.url };
  if (endpoint.kind === 'api' && submitted !== undefined) headers[CSRF_HEADER] = submitted;
  const pageCsrf: Record<string, string> =
    endpoint.kind === 'page' && submitted !== undefined ? { _csrf: submitted } : {};
  let payload: BodyInit;
  if (input.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = input.text;
  } else if (input.kind === 'urlencoded') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams({ ...input.fields, ...pageCsrf }).toString();
  } else {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...input.fields, ...pageCsrf })) form.append(name, value);
    for (const item of input.files)
      form.append(item.field, new Blob([item.bytes as Uint8Array<ArrayBuffer>], { type: item.type }), item.name);
    payload = form;
  }
  const response = await fetch(server.url + endpoint.path, {
    method: 'POST',
    headers,
    body: payload,
    redirect: 'manual',
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    location: response.headers.get('location'),
    text: await response.text(),
  };
}

const isStringPair = (value: unknown, first: string[]) =>
  Array.isArray(value) && value.length === 2 && first.includes(value[0]) && typeof value[1] === 'string';

/** The spec's answer shapes for the API: ['SUCCESS', msg] or tokens; ['ErrorInfo'|'ERROR', msg] or {errorInfo}. */
function checkApiAnswer(endpoint: Endpoint, answer: Awaited<ReturnType<typeof send>>) {
  assert.match(answer.type, /application\/json/, `${endpoint.path} ${answer.status} answers JSON`);
  const value: unknown = JSON.parse(answer.text);
  if (answer.status < 300) {
    const tokens = typeof value === 'object' && value !== null && 'access_token' in value;
    assert.ok(isStringPair(value, ['SUCCESS']) || tokens, `${endpoint.path} 2xx shape: ${answer.text}`);
  } else {
    const errorObject =
      typeof value === 'object' && value !== null && typeof (value as { errorInfo?: unknown }).errorInfo === 'string';
    assert.ok(isStringPair(value, ['ErrorInfo', 'ERROR']) || errorObject, `${endpoint.path} 4xx shape: ${answer.text}`);
  }
}

/** Page actions: a 303 to the result page on success, or a page (or plain message) on refusal. */
function checkPageAnswer(endpoint: Endpoint, answer: Awaited<ReturnType<typeof send>>) {
  if (answer.status >= 300 && answer.status < 400) {
    assert.equal(answer.status, 303, `${endpoint.path} redirects with 303`);
    assert.match(
      answer.location ?? '',
      /^\/result\?|^\/[\w/-]*(\?|#|$)/,
      `${endpoint.path} redirects on site: ${answer.location}`,
    );
    return;
  }
  assert.match(answer.type, /text\/html|text\/plain/, `${endpoint.path} ${answer.status} answers a page`);
  if (answer.type.includes('text/html')) assert.match(answer.text, /<\/html>\s*$/);
}

/** A body that must succeed, run first so every endpoint's storing path is always reached. */
function validExample(endpoint: Endpoint): Body {
  if (endpoint.fields.includes('img')) {
    return {
      kind: 'multipart',
      csrf: 'valid',
      fields: endpoint.valid,
      files: [{ field: 'img', name: 'cab.png', type: 'image/png', bytes: new Uint8Array(png(4, 4)) }],
    };
  }
  return endpoint.kind === 'api'
    ? { kind: 'json', csrf: 'valid', text: JSON.stringify(endpoint.valid) }
    : { kind: 'urlencoded', csrf: 'valid', fields: endpoint.valid };
}

const counts = () => Object.fromEntries(TABLES.map((table) => [table, server.count(table)]));

describe('fuzzing every POST endpoint', () => {
  for (const endpoint of ENDPOINTS) {
    test(`${endpoint.path}: never a 5xx, always the spec's shapes, nothing stored when refused`, async () => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(body(endpoint), async (input) => {
          const before = counts();
          const answer = await send(endpoint, input);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          assert.ok(answer.status < 500, `${endpoint.path} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
          assert.ok(
            answer.status >= 200 && (answer.status < 300 || answer.status >= 400 || endpoint.kind === 'page'),
            `${endpoint.path} answered ${answer.status}`,
          );
          if (endpoint.kind === 'api') checkApiAnswer(endpoint, answer);
          else checkPageAnswer(endpoint, answer);
          if (answer.status >= 400) {
            const after = counts();
            for (const table of endpoint.writesOnRefusal ?? []) after[table] = before[table]!;
            assert.deepEqual(after, before, `${endpoint.path} refused with ${answer.status} but stored a row`);
          }
        }),
        { numRuns: RUNS, examples: [[validExample(endpoint)]] },
      );
      // The runs must reach both sides: some refusals and, with the valid values mixed in, some successes (sign-in has no user).
      assert.ok(
        [...statuses.keys()].some((status) => status >= 400),
        `${endpoint.path} statuses ${[...statuses].join(' ')}`,
      );
      if (endpoint.writesOnRefusal === undefined)
        assert.ok(
          [...statuses.keys()].some((status) => status < 400),
          `${endpoint.path} statuses ${[...statuses].join(' ')}`,
        );
    });
  }
});
