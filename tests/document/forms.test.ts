// The forms as a browser without JavaScript uses them, against the production build: each native
// post (urlencoded, or multipart for the contact image) is checked with the API's schema and
// service, answered 303 to the result page, and stored; invalid input comes back as a 400 page
// with the field messages; a post without this visitor's CSRF token is refused with 403.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CSRF_COOKIE, HONEYPOT_FIELD, SESSION_COOKIE } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { png } from '../helpers/images.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer({}, { pages: true });
  await server.app.repos.users.create(
    'yard.manager',
    await hashPassword('long enough password 42'),
    new Date().toISOString(),
  );
});
after(() => server.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };

/** A visitor who has loaded `path`: their cookie, and the token the page's forms carry. */
async function visitor(path = '/home') {
  const client = new ApiClient(server.url);
  const page = await client.get(path);
  assert.equal(page.status, 200, path);
  const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
  assert.ok(token, `a _csrf field on ${path}`);
  return { client, token, html: page.text };
}

function post(client: ApiClient, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return client.request('POST', path, {
    headers: { ...FORM, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const latest = (sql: string, ...params: string[]) =>
  server.app.database.sqlite!.prepare(sql).get(...params) as Record<string, unknown> | undefined;

describe('the CSRF field', () => {
  test("each form carries the visitor's token, the one set in the same answer on a first visit", async () => {
    const client = new ApiClient(server.url);
    const page = await client.get('/request-demo');
    const tokens = [...page.text.matchAll(/name="_csrf" value="([^"]+)"/g)].map((match) => match[1]);
    // The demo form, the footer's newsletter and feedback forms, the navbar's theme menu.
    assert.equal(tokens.length, 4);
    assert.ok(tokens.every((token) => token === client.cookies.get(CSRF_COOKIE)));
  });

  const cases: [
    string,
    (v: { client: ApiClient; token: string }) => [ApiClient, Record<string, string>, Record<string, string>],
  ][] = [
    ['no _csrf field', ({ client }) => [client, { feedback: 'forged' }, {}]],
    [
      'a _csrf field that differs from the cookie',
      ({ client }) => [client, { _csrf: 'forged.value', feedback: 'forged' }, {}],
    ],
    [
      'a _csrf field of other characters, as long as the token',
      ({ client, token }) => [client, { _csrf: 'é'.repeat(token.length), feedback: 'forged' }, {}],
    ],
    ['no cookie', ({ token }) => [new ApiClient(server.url), { _csrf: token, feedback: 'forged' }, {}]],
    [
      'a cross-site Origin',
      ({ client, token }) => [client, { _csrf: token, feedback: 'forged' }, { origin: 'https://evil.example' }],
    ],
  ];
  for (const [label, make] of cases) {
    test(`a forged post with ${label} is refused with 403 and stores nothing`, async () => {
      const before = server.count('feedback');
      const [client, fields, headers] = make(await visitor());
      const response = await post(client, '/forms/feedback', fields, headers);
      assert.equal(response.status, 403);
      assert.equal(server.count('feedback'), before);
    });
  }

  test("another visitor's genuine token is refused", async () => {
    const other = await visitor();
    const { client } = await visitor();
    const response = await post(client, '/forms/feedback', { _csrf: other.token, feedback: 'forged' });
    assert.equal(response.status, 403);
    assert.match(response.text, new RegExp(MESSAGES.csrf.replace('.', '\\.')));
  });

  test('a forged multipart contact post is refused before anything is stored', async () => {
    const before = server.count('contact_messages');
    const { client } = await visitor();
    const form = contactForm('Forged', png());
    const response = await client.request('POST', '/forms/contact', { headers: { accept: 'text/html' }, body: form });
    assert.equal(response.status, 403);
    assert.equal(server.count('contact_messages'), before);
  });
});

describe('feedback and newsletter', () => {
  test('feedback: 303 to the result page with a link back, and the row stored', async () => {
    const { client, token } = await visitor('/faq');
    const response = await post(client, '/forms/feedback', {
      _csrf: token,
      _back: '/faq',
      feedback: '  Clear docs  ',
      [HONEYPOT_FIELD]: '',
    });
    assert.equal(response.status, 303);
    const location = response.headers.get('location')!;
    assert.equal(location, '/result?form=feedback&outcome=success&back=%2Ffaq');
    assert.deepEqual(
      { ...latest('SELECT feedback, is_spam FROM feedback ORDER BY id DESC LIMIT 1') },
      { feedback: 'Clear docs', is_spam: 0 },
    );

    const result = await client.get(location);
    assert.equal(result.status, 200);
    assert.match(result.text, /<div class="alert" data-variant="success" role="status">Success!<\/div>/);
    assert.match(result.text, /<a href="\/faq"[^>]*>Go back to where you were<\/a>/);
    assert.match(result.text, /<meta name="robots" content="noindex"/);
  });

  test('blank feedback comes back as a 400 page with its message and the form again', async () => {
    const before = server.count('feedback');
    const { client, token } = await visitor();
    const response = await post(client, '/forms/feedback', { _csrf: token, feedback: '   ' });
    assert.equal(response.status, 400);
    assert.match(response.text, /<p id="[^"]+-error" class="field-error">Feedback is required<\/p>/);
    assert.match(response.text, /aria-invalid="true"/);
    assert.match(response.text, /data-variant="danger">Error!</);
    assert.equal(server.count('feedback'), before);
  });

  test('a filled honeypot is answered like a success and stored flagged as spam', async () => {
    const { client, token } = await visitor();
    const response = await post(client, '/forms/feedback', {
      _csrf: token,
      feedback: 'Cheap tyres here',
      [HONEYPOT_FIELD]: 'http://spam.example',
    });
    assert.equal(response.status, 303);
    assert.deepEqual(
      { ...latest('SELECT feedback, is_spam FROM feedback ORDER BY id DESC LIMIT 1') },
      { feedback: 'Cheap tyres here', is_spam: 1 },
    );
  });

  test('newsletter: stored once however often it is posted', async () => {
    const { client, token } = await visitor('/glossary');
    for (let time = 0; time < 2; time++) {
      const response = await post(client, '/forms/newsletter', {
        _csrf: token,
        _back: '/glossary',
        email: 'Depot@Fleet.com.au',
      });
      assert.equal(response.status, 303);
      assert.equal(response.headers.get('location'), '/result?form=newsletter&outcome=success&back=%2Fglossary');
    }
    assert.equal(
      Number(latest('SELECT count(*) AS n FROM newsletter_subscribers WHERE email = ?', 'depot@fleet.com.au')?.n),
      1,
    );
  });

  test('newsletter: an invalid address comes back with its message', async () => {
    const { client, token } = await visitor();
    const response = await post(client, '/forms/newsletter', { _csrf: token, email: 'depot@fleet' });
    assert.equal(response.status, 400);
    assert.match(response.text, /class="field-error">Enter a valid email address, like name@company\.com</);
    assert.match(response.text, /value="depot@fleet"/);
  });
});

describe('demo request', () => {
  const demo = {
    name: 'Dana Whitfield',
    job_title: 'Operations Manager',
    company: 'Whitfield Haulage',
    country: 'AU',
    number: '412345678',
    email: 'dana@whitfield.com.au',
    text: 'Linehaul dispatch for 40 trucks.',
  };

  test('303 to the result page with the service message, stored with +61 and the digits', async () => {
    const { client, token } = await visitor('/request-demo');
    const response = await post(client, '/request-demo', { _csrf: token, _back: '/request-demo', ...demo });
    assert.equal(response.status, 303);
    const location = response.headers.get('location')!;
    assert.equal(location, '/result?form=demo&outcome=demoThanks&back=%2Frequest-demo');
    assert.deepEqual(
      { ...latest('SELECT country, number, email FROM demo_requests ORDER BY id DESC LIMIT 1') },
      {
        country: '61',
        number: '+61 412345678',
        email: 'dana@whitfield.com.au',
      },
    );
    const result = await client.get(location);
    assert.ok(result.text.includes(MESSAGES.demoThanks));
  });

  test('the page lists about 240 countries as options', async () => {
    const { html } = await visitor('/request-demo');
    const options = [...html.matchAll(/<option value="([A-Z]{2})">([^<]+) \(\+(\d+)\)<\/option>/g)];
    assert.ok(options.length >= 230 && options.length <= 260, `${options.length} countries`);
    assert.ok(options.some(([, code, , callingCode]) => code === 'AU' && callingCode === '61'));
  });

  test('the pages carry the country options they render, not the time zones behind the preselection', async () => {
    // Issue 32: the zones' countries come with GET /forms/countries once the form runs; the
    // integration request form's list comes with its code, so only its HTML lists them.
    const pageData = (html: string) =>
      [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)]
        .map((match) => JSON.parse(match[1]!) as string)
        .join('');
    for (const path of ['/request-demo', '/integrations']) {
      const { html } = await visitor(path);
      const options = [...html.matchAll(/<option value="([A-Z]{2})">[^<]+ \(\+\d+\)<\/option>/g)];
      assert.ok(options.length >= 230, `${path}: ${options.length} countries in the form`);
      const data = pageData(html);
      assert.ok(data.includes('loaderData'), `${path}: the page's data found`);
      assert.ok(!data.includes('Europe/Berlin') && !data.includes('zoneCountry'), `${path}: no time zones in the data`);
      assert.equal(data.includes('Philippines'), path === '/request-demo', `${path}: the options in the data`);
    }
    const list = await new ApiClient(server.url).get('/forms/countries');
    assert.equal(list.status, 200);
    assert.equal((list.body as { zoneCountry: Record<string, string> }).zoneCountry['Asia/Manila'], 'PH');
  });

  test('invalid input comes back as a 400 page with every field message and Book Demo Error!', async () => {
    const before = server.count('demo_requests');
    const { client, token } = await visitor('/request-demo');
    const response = await post(client, '/request-demo', {
      _csrf: token,
      name: ' ',
      job_title: '',
      company: '',
      country: 'ZZ',
      number: '',
      email: '',
      text: '',
    });
    assert.equal(response.status, 400);
    const messages = [...response.text.matchAll(/class="field-error">([^<]+)</g)].map((match) => match[1]);
    assert.deepEqual(messages, [
      MESSAGES.nameRequired,
      MESSAGES.jobTitleRequired,
      MESSAGES.jobTitleRequired,
      MESSAGES.emailRequired,
      MESSAGES.countryAndNumber,
      MESSAGES.messageRequired,
    ]);
    assert.match(response.text, /data-variant="danger">Book Demo Error!</);
    assert.equal(server.count('demo_requests'), before);
  });
});

function contactForm(name: string, image: Uint8Array, token?: string) {
  const form = new FormData();
  if (token) form.set('_csrf', token);
  form.set('_back', '/home#contact');
  form.set('name', name);
  form.set('email', 'sam@roadtrain.com.au');
  form.set('subject', 'Fuel cards');
  form.set('inq_type', '3');
  form.set('img', new Blob([Buffer.from(image)], { type: 'image/png' }), 'photo.png');
  form.set('message', 'How do fuel cards import?');
  return form;
}

describe('contact message (multipart)', () => {
  test('a PNG: 303 to the result page, the row and the image stored', async () => {
    const { client, token } = await visitor();
    const image = png(6, 4);
    const response = await client.request('POST', '/forms/contact', {
      headers: { accept: 'text/html' },
      body: contactForm('Sam Roadtrain', image, token),
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), '/result?form=contact&outcome=success&back=%2Fhome%23contact');
    const row = latest(
      'SELECT name, inq_type, img, img_type, img_size FROM contact_messages ORDER BY id DESC LIMIT 1',
    )!;
    assert.equal(row.name, 'Sam Roadtrain');
    assert.equal(row.inq_type, 3);
    assert.equal(row.img_type, 'image/png');
    // Stored re-encoded (metadata stripped): still a PNG of the same size in pixels.
    const stored = Buffer.from(row.img as Uint8Array);
    assert.equal(row.img_size, stored.length);
    assert.deepEqual([stored.readUInt32BE(16), stored.readUInt32BE(20)], [6, 4]);
  });

  test('a text file named .png meets the same byte check: 400 with the image message, nothing stored', async () => {
    const before = server.count('contact_messages');
    const { client, token } = await visitor();
    const response = await client.request('POST', '/forms/contact', {
      headers: { accept: 'text/html' },
      body: contactForm('Text File', new TextEncoder().encode('not an image'), token),
    });
    assert.equal(response.status, 400);
    assert.match(response.text, /class="field-error">The image must be a PNG, JPEG, WebP or GIF file</);
    assert.equal(server.count('contact_messages'), before);
  });

  test('no image and empty fields: 400 with each message and the invalid-form message', async () => {
    const { client, token } = await visitor();
    const form = new FormData();
    form.set('_csrf', token);
    form.set('img', new Blob([]), '');
    const response = await client.request('POST', '/forms/contact', { headers: { accept: 'text/html' }, body: form });
    assert.equal(response.status, 400);
    for (const message of [
      MESSAGES.nameRequired,
      MESSAGES.emailRequired,
      MESSAGES.subjectRequired,
      MESSAGES.inquiryTypeRequired,
      MESSAGES.imageRequired,
      MESSAGES.messageRequired,
    ]) {
      assert.ok(response.text.includes(`class="field-error">${message}<`), message);
    }
    assert.ok(response.text.includes('Error, this section can&#x27;t be empty!'));
  });

  const unexpectedParts: [string, (form: FormData) => void][] = [
    ['a field the form does not have', (form) => form.set('role', 'admin')],
    [
      'a second image',
      (form) => form.append('img', new Blob([Buffer.from(png())], { type: 'image/png' }), 'second.png'),
    ],
    ['a file under another name', (form) => form.set('message', new Blob(['text']), 'message.txt')],
    [
      'a file name with a path',
      (form) => form.set('img', new Blob([Buffer.from(png())], { type: 'image/png' }), '../../etc/photo.png'),
    ],
  ];
  for (const [label, change] of unexpectedParts) {
    test(`${label} is refused as the API refuses it (400, the form back, nothing stored)`, async () => {
      const before = server.count('contact_messages');
      const { client, token } = await visitor();
      const form = contactForm('Extra Parts', png(), token);
      change(form);
      const response = await client.request('POST', '/forms/contact', { headers: { accept: 'text/html' }, body: form });
      assert.equal(response.status, 400);
      assert.ok(response.text.includes(MESSAGES.badRequest.replaceAll("'", '&#x27;')), 'the bad-request message');
      assert.match(response.text, /value="Extra Parts"/, 'the form comes back with what was typed');
      assert.equal(server.count('contact_messages'), before);
    });
  }

  test('a body over the limit is refused with 413 before it is read', async () => {
    const { client, token } = await visitor();
    const response = await client.request('POST', '/forms/contact', {
      headers: { accept: 'text/html' },
      body: contactForm('Too Big', new Uint8Array(6 * 1024 * 1024), token),
    });
    assert.equal(response.status, 413);
  });
});

describe('sign-in', () => {
  test('right credentials: 303 to Sign In Success!, the sign-in kept in the HttpOnly session cookie', async () => {
    const { client, token } = await visitor('/sign-in');
    const response = await post(client, '/sign-in', {
      _csrf: token,
      _back: '/sign-in',
      username: ' yard.manager ',
      password: 'long enough password 42',
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), '/result?form=signIn&outcome=signInSuccess&back=%2Fsign-in');
    // One staff sign-in for the whole staff side (issue 31, decision 049): the page's sign-in
    // lives on in the session cookie, which holds the refresh token and no script can read.
    const session = latest('SELECT revoked_at FROM refresh_tokens ORDER BY id DESC LIMIT 1');
    assert.equal(session?.revoked_at, null, 'the session the page sign-in made is kept');
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    assert.ok(cookie, 'the session cookie is set');
    assert.match(cookie, /; HttpOnly/i);
    assert.match(cookie, /; SameSite=Strict/i);
    assert.ok((await client.get(response.headers.get('location')!)).text.includes(MESSAGES.signInSuccess));
  });

  test("wrong credentials: 303 to a result page with the server's message", async () => {
    const { client, token } = await visitor('/sign-in');
    const response = await post(client, '/sign-in', { _csrf: token, username: 'nobody', password: 'wrong' });
    assert.equal(response.status, 303);
    const result = await client.get(response.headers.get('location')!);
    assert.match(result.text, /data-variant="danger" role="alert">Incorrect username or password</);
  });

  test('blank fields: 400 with both messages and All fields are required!', async () => {
    const { client, token } = await visitor('/sign-in');
    const response = await post(client, '/sign-in', { _csrf: token, username: '  ', password: '   ' });
    assert.equal(response.status, 400);
    assert.ok(response.text.includes(`class="field-error">${MESSAGES.usernameRequired}<`));
    assert.ok(response.text.includes(`class="field-error">${MESSAGES.passwordRequired}<`));
    assert.ok(response.text.includes(`>${MESSAGES.allFieldsRequired}<`));
  });

  test('a refused sign-in never sends the password back into the page', async () => {
    const { client, token } = await visitor('/sign-in');
    const response = await post(client, '/sign-in', { _csrf: token, username: ' ', password: 'secret-ish-password' });
    assert.equal(response.status, 400);
    assert.doesNotMatch(response.text, /secret-ish-password/);
  });
});

describe('the result page', () => {
  test('an unknown form or outcome is a 404', async () => {
    for (const query of ['form=feedback&outcome=nope', 'form=nope&outcome=success', '']) {
      const response = await fetch(`${server.url}/result?${query}`);
      assert.equal(response.status, 404, query);
    }
  });

  test('the link back stays on this site', async () => {
    for (const back of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const html = await (
        await fetch(`${server.url}/result?form=feedback&outcome=success&back=${encodeURIComponent(back)}`)
      ).text();
      assert.match(html, /<a href="\/home"[^>]*>Go back to where you were<\/a>/, back);
    }
  });
});

test('page form posts share the forms rate limit', async () => {
  const limited = await startServer({ RATE_LIMIT_FORMS_PER_MINUTE: '2' }, { pages: true });
  try {
    const client = new ApiClient(limited.url);
    const page = await client.get('/home');
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await post(client, '/forms/feedback', { _csrf: token, feedback: `try ${i}` })).status);
    assert.deepEqual(statuses, [303, 303, 429]);
    assert.equal(limited.count('feedback'), 2);
  } finally {
    await limited.close();
  }
});
