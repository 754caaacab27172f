// The golden answers (issue 27): what the spec's eight API calls and the four forms' posts without
// JavaScript answer, what each stores, the emails it writes and how the inbox and its export show
// it, recorded once before the refactor in tests/api/golden/answers.json and compared on every
// run, so a refactor cannot drift. Request ids, times, tokens and the port are replaced by
// placeholders. After an intended change: UPDATE_GOLDEN=1 npx node --test tests/api/golden.test.ts,
// then read the fixture's diff before committing it.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ApiClient, type ApiResponse } from '../helpers/api-client.ts';
import { png } from '../helpers/images.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { signInAs, STAFF_PASSWORD, type StaffClient } from '../helpers/staff.ts';

const FIXTURE = fileURLToPath(new URL('./golden/answers.json', import.meta.url));
const SITE_URL = 'https://www.haulora.test';

let server: TestServer;
let staff: StaffClient;
before(async () => {
  server = await startServer({ SITE_URL, SALES_EMAIL: 'sales@haulora.test' }, { pages: true });
  staff = await signInAs(server, 'golden.admin');
});
after(() => server.close());

/** Replaces what changes from run to run: times, ids made per request, tokens, the port. */
function stable(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value)
      .replaceAll(server.url, '<origin>')
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>')
      .replace(/haulora-([a-z-]+)-\d{4}-\d{2}-\d{2}\./g, 'haulora-$1-<day>.')
      .replace(/<[0-9a-f-]{36}@[^>]+>/g, '<message-id>')
      .replace(/name=\\"_csrf\\" value=\\"[^"\\]+\\"/g, 'name=\\"_csrf\\" value=\\"<csrf>\\"'),
  );
}

const HEADERS = ['content-type', 'location', 'cache-control', 'content-disposition', 'x-robots-tag'];

/** Status, the headers a client acts on, and the body (a page: its alerts and field messages). */
function answer(response: ApiResponse) {
  const headers = Object.fromEntries(
    HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)]] : [])),
  );
  const html = typeof response.body === 'string' && response.headers.get('content-type')?.includes('text/html');
  const body = html
    ? {
        alerts: [...response.text.matchAll(/<div class="alert" data-variant="(\w+)"[^>]*>([^<]*)</g)].flatMap((m) =>
          m[2] ? [`${m[1]}: ${m[2]}`] : [],
        ),
        fieldErrors: [...response.text.matchAll(/class="field-error">([^<]+)</g)].map((m) => m[1]),
      }
    : response.body;
  return { status: response.status, headers, body };
}

/** Rows as stored, without ids, times and image bytes. */
const rows = (sql: string) =>
  (server.app.database.sqlite!.prepare(sql).all() as Record<string, unknown>[]).map((row) =>
    Object.fromEntries(Object.entries(row).filter(([name]) => !['id', 'created_at', 'img'].includes(name))),
  );

const DEMO = {
  name: 'Dana Whitfield',
  job_title: 'Operations Manager',
  company: 'Whitfield Haulage',
  country: '+61',
  number: '+61 412345678',
  email: 'Dana@Whitfield.com.au',
  text: 'Linehaul dispatch for 40 trucks.',
  marketing_consent: true,
};

function contactForm(fields: Record<string, string>, image: Uint8Array | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (image) form.set('img', new Blob([Buffer.from(image)], { type: 'image/png' }), 'photo.png');
  return form;
}
const CONTACT = {
  name: 'Sam Road',
  email: 'sam@roadtrain.com.au',
  subject: 'Fuel cards',
  inq_type: '2',
  message: 'How do fuel cards import?\nTwo lines.',
};

async function apiCalls() {
  const visitor = await new ApiClient(server.url).visit();
  const out: Record<string, unknown> = {};
  const faqs = await visitor.get('/api/Faqs/GetAllFromFaqs');
  out.faqs = {
    status: faqs.status,
    type: faqs.headers.get('content-type'),
    count: faqs.body.length,
    first: faqs.body[0],
  };
  const glossary = await visitor.get('/api/Glossary/GetAllFromGlossary');
  out.glossary = {
    status: glossary.status,
    type: glossary.headers.get('content-type'),
    shape: glossary.body.length,
    count: glossary.body[1].length,
    first: glossary.body[1][0],
  };
  out.feedback = answer(await visitor.post('/api/Feedback/AddFeedback', { feedback: '  Clear docs  ' }));
  out.feedbackBlank = answer(await visitor.post('/api/Feedback/AddFeedback', { feedback: '  ' }));
  out.demo = answer(await visitor.post('/api/RequestDemo', DEMO));
  out.demoInvalid = answer(await visitor.post('/api/RequestDemo', { ...DEMO, number: '+61 12', email: 'dana@' }));
  out.demoEmpty = answer(await visitor.post('/api/RequestDemo', {}));
  out.contact = answer(await visitor.postForm('/api/ContactUs', contactForm(CONTACT, png(4, 3))));
  out.contactNoImage = answer(await visitor.postForm('/api/ContactUs', contactForm(CONTACT, null)));
  out.contactBadType = answer(
    await visitor.postForm('/api/ContactUs', contactForm({ ...CONTACT, inq_type: '9' }, png())),
  );
  out.newsletter = answer(await visitor.post('/api/Newsletter/Subscribe', { email: 'depot@fleet.com.au' }));
  out.newsletterInvalid = answer(await visitor.post('/api/Newsletter/Subscribe', { email: 'depot@fleet' }));
  const signIn = await visitor.post('/api/SignIn', { username: 'golden.admin', password: STAFF_PASSWORD });
  out.signIn = {
    status: signIn.status,
    fields: Object.keys(signIn.body).sort(),
    token_type: signIn.body.token_type,
    expires_in: signIn.body.expires_in,
  };
  out.signInWrong = answer(
    await visitor.post('/api/SignIn', { username: 'golden.admin', password: 'not the password' }),
  );
  out.signInEmpty = answer(await visitor.post('/api/SignIn', { username: ' ', password: '' }));
  const bearer = { authorization: `Bearer ${signIn.body.access_token}` };
  out.validateToken = answer(await visitor.get('/api/ValidateToken', bearer));
  out.validateNoToken = answer(await visitor.get('/api/ValidateToken'));
  out.signOut = answer(await visitor.get('/api/SignOut', bearer));
  out.validateAfterSignOut = answer(await visitor.get('/api/ValidateToken', bearer));
  return out;
}

/** A visitor who has loaded `path`, with the token its forms carry. */
async function visitor(path: string) {
  const client = new ApiClient(server.url);
  const page = await client.get(path);
  const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
  return { client, token };
}
const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
const post = (client: ApiClient, path: string, fields: Record<string, string>) =>
  client.request('POST', path, { headers: FORM, body: new URLSearchParams(fields).toString() });

async function formPosts() {
  const out: Record<string, unknown> = {};
  const demoFields = {
    ...DEMO,
    country: 'AU',
    number: '412 345 679',
    email: 'ops@whitfield.com.au',
    marketing_consent: 'yes',
  };
  let { client, token } = await visitor('/request-demo');
  out.demo = answer(await post(client, '/request-demo', { _csrf: token, _back: '/request-demo', ...demoFields }));
  out.demoInvalid = answer(
    await post(client, '/request-demo', {
      _csrf: token,
      name: ' ',
      job_title: '',
      company: '',
      country: 'ZZ',
      number: '',
      email: '',
      text: '',
    }),
  );
  out.demoNoCsrf = answer(await post(client, '/request-demo', demoFields));
  ({ client, token } = await visitor('/faq'));
  out.feedback = answer(
    await post(client, '/forms/feedback', { _csrf: token, _back: '/faq', feedback: 'Form feedback' }),
  );
  out.feedbackBlank = answer(await post(client, '/forms/feedback', { _csrf: token, feedback: ' ' }));
  out.newsletter = answer(
    await post(client, '/forms/newsletter', { _csrf: token, _back: '/faq', email: 'Yard@Fleet.com.au' }),
  );
  out.newsletterInvalid = answer(await post(client, '/forms/newsletter', { _csrf: token, email: 'yard@fleet' }));
  ({ client, token } = await visitor('/home'));
  const contact = (fields: Record<string, string>, image: Uint8Array | null) =>
    client.request('POST', '/forms/contact', {
      headers: { accept: 'text/html' },
      body: contactForm({ _csrf: token, _back: '/home#contact', ...fields }, image),
    });
  out.contact = answer(await contact({ ...CONTACT, inq_type: '1', marketing_consent: 'yes' }, png(3, 3)));
  out.contactInvalid = answer(await contact({ ...CONTACT, subject: '', inq_type: '' }, null));
  out.contactBadImage = answer(await contact(CONTACT, new TextEncoder().encode('not an image at all')));
  return out;
}

/** What the refactor must keep beyond the answers: the rows, the emails, the inbox and exports. */
async function storedAndShown() {
  const out: Record<string, unknown> = {};
  out.rows = {
    demo_requests: rows('SELECT * FROM demo_requests ORDER BY id'),
    contact_messages: rows('SELECT * FROM contact_messages ORDER BY id'),
    feedback: rows('SELECT * FROM feedback ORDER BY id'),
    newsletter_subscribers: rows('SELECT * FROM newsletter_subscribers ORDER BY id'),
  };
  out.outbox = rows(
    'SELECT kind, submission_kind, submission_id, recipient, reply_to, subject, body_text, message_id FROM outbox ORDER BY id',
  );
  for (const kind of ['demo-requests', 'contact-messages', 'feedback', 'newsletter']) {
    const list = await staff.get(`/api/inbox/${kind}?status=all`);
    const detail = await staff.get(`/api/inbox/${kind}/1`);
    const csv = await staff.get(`/api/inbox/${kind}/export.csv?status=all`);
    out[kind] = {
      list: { status: list.status, items: list.body.items, total: list.body.total },
      detail: { status: detail.status, item: detail.body.item },
      csv: { status: csv.status, headers: answer(csv).headers, lines: csv.text.replace(/^\ufeff/, '').split('\r\n') },
    };
  }
  out.notFound = answer(await staff.get('/api/inbox/feedback/999'));
  out.badStatus = answer(await staff.call('PUT', '/api/inbox/newsletter/1/status', { status: 'nope' }));
  out.spamOnlyToNew = answer(await staff.call('PUT', '/api/inbox/feedback/1/status', { status: 'spam' }));
  out.spamToDone = answer(await staff.call('PUT', '/api/inbox/feedback/1/status', { status: 'done' }));
  out.unknownOwner = answer(await staff.call('PUT', '/api/inbox/feedback/1/owner', { owner: 'nobody.here' }));
  out.emptyNote = answer(await staff.call('POST', '/api/inbox/feedback/1/notes', { note: '  ' }));
  // The Content area's refusals: not found, invalid, a duplicate and a stale version.
  const faq = await staff.get('/api/content/faqs/1');
  out.contentNotFound = answer(await staff.get('/api/content/faqs/9999'));
  out.contentBlank = answer(await staff.call('POST', '/api/content/faqs', { question: ' ', answer: '' }));
  out.contentDuplicate = answer(
    await staff.call('POST', '/api/content/faqs', { question: faq.body.question, answer: 'Again.' }),
  );
  out.contentStale = answer(
    await staff.call('PUT', '/api/content/faqs/1', {
      question: faq.body.question,
      answer: faq.body.answer,
      version: faq.body.version + 5,
    }),
  );
  out.glossaryNotFound = answer(await staff.call('DELETE', '/api/content/glossary/9999?version=1'));
  return out;
}

test('the answers, rows, emails and inbox views match the recorded golden fixture', async () => {
  const actual = stable({ api: await apiCalls(), forms: await formPosts(), stored: await storedAndShown() });
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(FIXTURE, JSON.stringify(actual, null, 2) + '\n');
  assert.ok(existsSync(FIXTURE), 'no fixture yet: run once with UPDATE_GOLDEN=1 and review it');
  assert.deepEqual(actual, JSON.parse(readFileSync(FIXTURE, 'utf8')));
});
