// Email notifications through the outbox (decision 010), against a real SMTP server started
// here: each demo request sends one sales email and one confirmation, each contact message one
// sales email, a honeypot submission nothing; a mail-server outage and a restart of the site lose
// nothing and send nothing twice; without SMTP_URL each message becomes an .eml file. Also the
// marketing consent field, through the JSON API, the multipart contact API and the no-JS pages.
//
// The no-JS page posts need the production build (`BUILD_DIR=… npm run build` first).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { HONEYPOT_FIELD, MARKETING_CONSENT_VERSION } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { serverBuildFile } from '../../server/paths.ts';
import { type ServerProcess, startServerProcess } from '../../scripts/lib/server-process.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { png } from '../helpers/images.ts';
import { startServer, TEST_TOKEN_SECRET, type TestServer } from '../helpers/server.ts';
import { type ReceivedMail, startSmtp, type TestSmtp } from '../helpers/smtp.ts';

const SALES = 'sales@haulora.example';
const FROM = 'Haulora website <website@haulora.example>';
/** Fast polling and retries so the tests take seconds, not minutes. */
const FAST = { OUTBOX_POLL_MS: '25', OUTBOX_RETRY_BASE_MS: '100', SALES_EMAIL: SALES, MAIL_FROM: FROM };

const demo = {
  name: 'Priya Natarajan',
  job_title: 'Operations manager',
  company: 'Southern Cross Freight',
  country: '61',
  number: '+61 412345678',
  email: 'priya@southerncross.com.au',
  text: 'We run 40 trucks out of Dandenong and want to see dispatch and proof of delivery.',
};

const contactFields = {
  name: 'Sam Lee',
  email: 'sam@coastfreight.com.au',
  subject: 'Driver app photos',
  inq_type: '1',
  message: 'Our drivers see an error when attaching a second photo.',
};

function contactForm(overrides: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...contactFields, ...overrides })) form.set(name, value);
  form.set('img', new Blob([new Uint8Array(png(8, 6))], { type: 'image/png' }), 'photo.png');
  return form;
}

async function waitFor<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

type OutboxRow = {
  id: number;
  kind: string;
  submission_id: number;
  recipient: string;
  message_id: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
};
const outboxRows = (server: TestServer) =>
  server.app.database.sqlite!.prepare('SELECT * FROM outbox ORDER BY id').all() as OutboxRow[];
const unsent = (server: TestServer) => outboxRows(server).filter((row) => !row.sent_at);

/** Waits until every outbox row is sent, then a few polls more, so a duplicate would show. */
async function allSent(server: TestServer) {
  await waitFor('every outbox row sent', () => unsent(server).length === 0);
  await sleep(150);
}

const bySubject = (messages: ReceivedMail[], pattern: RegExp) =>
  messages.filter((m) => pattern.test(m.header('subject') ?? ''));

describe('with an SMTP server', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  before(async () => {
    smtp = await startSmtp();
    server = await startServer({ ...FAST, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  after(async () => {
    await server.close();
    await smtp.close();
  });

  test('a demo request sends exactly one sales email and one confirmation', async () => {
    smtp.messages.length = 0;
    const response = await server.client().post('/api/RequestDemo', demo);
    assert.deepEqual(response.body, ['SUCCESS', MESSAGES.demoThanks]);
    await allSent(server);
    assert.equal(smtp.messages.length, 2);

    const rows = outboxRows(server).filter((row) => row.kind !== 'sales-contact');
    const sales = smtp.messages.find((m) => m.rcptTo.includes(SALES))!;
    assert.ok(sales, 'a message to the sales address');
    assert.deepEqual(sales.rcptTo, [SALES]);
    assert.equal(sales.mailFrom, 'website@haulora.example');
    assert.equal(sales.header('to'), SALES);
    assert.equal(sales.header('reply-to'), demo.email);
    assert.equal(sales.header('subject'), 'Demo request: Priya Natarajan, Southern Cross Freight');
    assert.equal(sales.header('message-id'), rows.find((row) => row.kind === 'sales-demo')!.message_id);
    assert.equal(sales.header('auto-submitted'), 'auto-generated');
    for (const line of [
      'Name: Priya Natarajan',
      'Job title: Operations manager',
      'Company: Southern Cross Freight',
      'Phone: +61 412345678',
      `Email: ${demo.email}`,
      demo.text,
      'Product news: No',
    ]) {
      assert.ok(sales.body.includes(line), `sales body has ${line}:\n${sales.body}`);
    }
    assert.match(sales.body, /\/inbox\/demo-requests\/\d+/);

    const confirmation = smtp.messages.find((m) => m.rcptTo.includes(demo.email))!;
    assert.ok(confirmation, 'a confirmation to the requester');
    assert.deepEqual(confirmation.rcptTo, [demo.email]);
    assert.equal(confirmation.header('to'), demo.email);
    assert.equal(confirmation.header('reply-to'), SALES);
    assert.equal(confirmation.header('subject'), 'Your Haulora demo request');
    assert.equal(confirmation.header('message-id'), rows.find((row) => row.kind === 'demo-confirmation')!.message_id);
    assert.ok(confirmation.body.startsWith('Hello,'));
    assert.ok(
      !confirmation.body.includes(demo.text) && !confirmation.body.includes(demo.name),
      "none of the visitor's words",
    );
    assert.ok(!confirmation.body.includes('/inbox/'), 'no staff link in the visitor copy');
    assert.notEqual(sales.header('message-id'), confirmation.header('message-id'));
  });

  test('a contact message sends exactly one sales email, describing the image', async () => {
    smtp.messages.length = 0;
    const response = await server.client().postForm('/api/ContactUs', contactForm());
    assert.deepEqual(response.body, ['SUCCESS', MESSAGES.contactThanks]);
    await allSent(server);
    assert.equal(smtp.messages.length, 1);
    const [mail] = smtp.messages as [ReceivedMail];
    assert.deepEqual(mail.rcptTo, [SALES]);
    assert.equal(mail.header('reply-to'), contactFields.email);
    assert.equal(mail.header('subject'), 'Contact (Technical Support): Driver app photos - Sam Lee');
    assert.ok(mail.body.includes(contactFields.message));
    assert.match(mail.body, /Image: image\/png, \d+ bytes/);
    assert.match(mail.body, /\/inbox\/contact-messages\/\d+/);
    assert.equal(mail.header('content-type')?.startsWith('text/plain'), true, 'no attachment: one text part');
  });

  test('visitor text cannot add a header: CR, LF and other controls are flattened', async () => {
    smtp.messages.length = 0;
    const hostile = {
      ...demo,
      name: 'Eve\r\nBcc: victim@evil.example\r\nX-Injected: yes',
      company: 'Acme\nSubject: free money\u0000\u2028Reply-To: eve@evil.example',
      text: 'Line one\r\n.\r\nRCPT TO:<victim@evil.example>\r\nLast line',
    };
    const response = await server.client().post('/api/RequestDemo', hostile);
    assert.equal(response.status, 200);
    const form = contactForm({ name: 'Mallory\rCc: victim@evil.example', subject: 'Hi\n\nInjected body' });
    assert.equal((await server.client().postForm('/api/ContactUs', form)).status, 200);
    await allSent(server);
    assert.equal(smtp.messages.length, 3);
    for (const mail of smtp.messages) {
      for (const name of ['bcc', 'cc', 'x-injected'])
        assert.equal(mail.headers.has(name), false, `${name} header in ${mail.raw}`);
      assert.equal(mail.headers.get('subject')?.length, 1);
      assert.equal(mail.headers.get('reply-to')?.length, 1);
      assert.ok(
        mail.rcptTo.every((to) => to === SALES || to === demo.email),
        mail.rcptTo.join(),
      );
      assert.doesNotMatch(mail.header('subject')!, /[\r\n\u0000-\u001f\u2028]/);
    }
    const [sales] = bySubject(smtp.messages, /^Demo request/);
    assert.equal(
      sales!.header('subject'),
      'Demo request: Eve Bcc: victim@evil.example X-Injected: yes, Acme Subject: free money Reply-To: eve@evil.example',
    );
    assert.equal(sales!.header('reply-to'), demo.email);
    assert.ok(
      sales!.body.includes('Name: Eve Bcc: victim@evil.example X-Injected: yes'),
      'a name stays on its own line in the body',
    );
    assert.ok(
      sales!.body.includes('RCPT TO:<victim@evil.example>\nLast line'),
      'the message text is kept, as body text',
    );
    const [contact] = bySubject(smtp.messages, /^Contact/);
    assert.equal(
      contact!.header('subject'),
      'Contact (Technical Support): Hi Injected body - Mallory Cc: victim@evil.example',
    );
  });

  test('a honeypot submission is stored and sends nothing', async () => {
    smtp.messages.length = 0;
    const rowsBefore = outboxRows(server).length;
    assert.equal(
      (await server.client().post('/api/RequestDemo', { ...demo, [HONEYPOT_FIELD]: 'http://spam.example' })).status,
      200,
    );
    assert.equal(
      (await server.client().postForm('/api/ContactUs', contactForm({ [HONEYPOT_FIELD]: 'x' }))).status,
      200,
    );
    await sleep(200);
    assert.equal(outboxRows(server).length, rowsBefore);
    assert.equal(smtp.messages.length, 0);
    const stored = server.app.database
      .sqlite!.prepare('SELECT is_spam FROM demo_requests ORDER BY id DESC LIMIT 1')
      .get() as { is_spam: number };
    assert.equal(stored.is_spam, 1);
  });

  test('an invalid demo request stores nothing and queues nothing', async () => {
    const rowsBefore = outboxRows(server).length;
    const response = await server.client().post('/api/RequestDemo', { ...demo, email: 'not an email' });
    assert.equal(response.status, 400);
    assert.equal(outboxRows(server).length, rowsBefore);
  });
});

describe('DEMO_CONFIRMATION_EMAIL=false', () => {
  test('sends the sales email only', async () => {
    const smtp = await startSmtp();
    const server = await startServer({
      ...FAST,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      DEMO_CONFIRMATION_EMAIL: 'false',
    });
    try {
      await server.client().post('/api/RequestDemo', demo);
      await allSent(server);
      assert.deepEqual(
        smtp.messages.map((m) => m.rcptTo),
        [[SALES]],
      );
      assert.deepEqual(
        outboxRows(server).map((row) => row.kind),
        ['sales-demo'],
      );
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});

describe('a mail-server outage', () => {
  test('the message waits, retrying, and is sent exactly once when the server is back', async () => {
    // Take a free port, then close it: the SMTP server is "down" there until it starts again.
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close();
    const server = await startServer({
      ...FAST,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      DEMO_CONFIRMATION_EMAIL: 'false',
    });
    let smtp: TestSmtp | undefined;
    try {
      await server.client().post('/api/RequestDemo', demo);
      const [row] = await waitFor('a failed attempt', () => {
        const rows = outboxRows(server);
        return rows.length === 1 && rows[0]!.attempts >= 2 ? rows : undefined;
      });
      assert.equal(row!.sent_at, null);
      assert.ok(row!.last_error, 'the error is recorded');
      smtp = await startSmtp(port);
      await allSent(server);
      assert.equal(smtp.messages.length, 1);
      assert.equal(smtp.messages[0]!.header('message-id'), row!.message_id);
      assert.equal(outboxRows(server)[0]!.last_error, null);
    } finally {
      await server.close();
      await smtp?.close();
    }
  });
});

describe('the SMTP password', () => {
  test('appears in no log line and no stored error', async () => {
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close();
    const password = 'Sup3r-Secret-Passw0rd';
    const logLines: string[] = [];
    const server = await startServer(
      { ...FAST, SMTP_URL: `smtp://website:${password}@127.0.0.1:${port}`, DEMO_CONFIRMATION_EMAIL: 'false' },
      { logLines },
    );
    try {
      await server.client().post('/api/RequestDemo', demo);
      await waitFor('two failed attempts', () => (outboxRows(server)[0]?.attempts ?? 0) >= 2);
      await sleep(50);
      assert.ok(
        logLines.some((line) => line.includes('outbox worker started')),
        'the start is logged',
      );
      assert.ok(
        logLines.some((line) => line.includes('email not sent')),
        'the failure is logged',
      );
      for (const line of logLines) assert.ok(!line.includes(password), line);
      assert.ok(!outboxRows(server)[0]!.last_error!.includes(password));
    } finally {
      await server.close();
    }
  });
});

describe('a restart of the site during an outage', () => {
  const servers = new Set<ServerProcess>();
  let dataDir: string | undefined;
  after(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** The real process shell serving the API on `env.DATA_DIR`; stop() is a SIGTERM that must exit 0. */
  async function startSite(env: Record<string, string> & { DATA_DIR: string }) {
    const server = await startServerProcess({ dataDir: env.DATA_DIR, env, apiOnly: true });
    servers.add(server);
    return {
      url: server.url,
      async stop() {
        assert.equal(await server.stop('SIGTERM'), 0, server.output());
        servers.delete(server);
      },
    };
  }

  const readOutbox = (file: string) => {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return db.prepare('SELECT * FROM outbox ORDER BY id').all() as OutboxRow[];
    } finally {
      db.close();
    }
  };

  test('the waiting messages are sent exactly once by the new process', { timeout: 60_000 }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'haulora-outbox-'));
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close();
    const env = {
      ...FAST,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      TOKEN_SECRET: TEST_TOKEN_SECRET,
      LOG_LEVEL: 'silent',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
    };
    const first = await startSite(env);
    const response = await new ApiClient(first.url).post('/api/RequestDemo', demo);
    assert.equal(response.status, 200);
    const file = join(dataDir, 'haulora.sqlite');
    await waitFor('failed attempts on both messages', () => {
      const rows = readOutbox(file);
      return rows.length === 2 && rows.every((row) => row.attempts >= 1 && row.last_error && !row.sent_at);
    });
    await first.stop();
    const waiting = readOutbox(file);

    const smtp = await startSmtp(port);
    try {
      const second = await startSite(env);
      await waitFor('both messages sent', () => readOutbox(file).every((row) => row.sent_at));
      await sleep(200);
      await second.stop();
      assert.equal(smtp.messages.length, 2);
      assert.deepEqual(
        smtp.messages.map((m) => m.header('message-id')).sort(),
        waiting.map((row) => row.message_id).sort(),
      );
    } finally {
      await smtp.close();
    }
  });
});

describe('without SMTP_URL', () => {
  test('each message is written as an .eml file under DATA_DIR/outbox and marked sent', async () => {
    const server = await startServer({ OUTBOX_POLL_MS: '25' });
    try {
      await server.client().post('/api/RequestDemo', demo);
      await allSent(server);
      const dir = join(server.dataDir, 'outbox');
      const files = (await readdir(dir)).sort();
      // Named by row id, in the order the rows were written: the sales copy first.
      assert.deepEqual(
        files.map((name) => name.replace(/^\d+/, 'N')),
        ['N-sales-demo.eml', 'N-demo-confirmation.eml'],
      );
      const rows = outboxRows(server);
      for (const row of rows) {
        const raw = await readFile(
          join(
            dir,
            files.find((name) => name.endsWith(`-${row.kind}.eml`))!,
          ),
          'utf8',
        );
        assert.ok(raw.includes(`Message-ID: ${row.message_id}`), raw);
        assert.ok(raw.includes(`To: ${row.recipient}`), raw);
      }
      // The sales address defaults to the site's contact email.
      assert.equal(rows.find((row) => row.kind === 'sales-demo')!.recipient, server.config.site.contact.email);
    } finally {
      await server.close();
    }
  });
});

describe('marketing consent', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ OUTBOX_POLL_MS: '60000' });
  });
  after(() => server.close());

  const latestDemo = () =>
    server.app.database
      .sqlite!.prepare(
        'SELECT marketing_consent_version AS version, marketing_consent_at AS at, created_at FROM demo_requests ORDER BY id DESC LIMIT 1',
      )
      .get() as {
      version: string | null;
      at: string | null;
      created_at: string;
    };
  const latestContact = () =>
    server.app.database
      .sqlite!.prepare(
        'SELECT marketing_consent_version AS version, marketing_consent_at AS at, created_at FROM contact_messages ORDER BY id DESC LIMIT 1',
      )
      .get() as {
      version: string | null;
      at: string | null;
      created_at: string;
    };

  for (const value of [true, 'true', 'on', 'yes']) {
    test(`JSON ${JSON.stringify(value)} is stored with the version and time`, async () => {
      const response = await server.client().post('/api/RequestDemo', { ...demo, marketing_consent: value });
      assert.deepEqual(response.body, ['SUCCESS', MESSAGES.demoThanks]);
      const row = latestDemo();
      assert.equal(row.version, MARKETING_CONSENT_VERSION);
      assert.equal(row.at, row.created_at);
    });
  }
  for (const value of [undefined, false, '']) {
    test(`JSON ${JSON.stringify(value) ?? 'absent'} stores no consent`, async () => {
      const response = await server.client().post('/api/RequestDemo', { ...demo, marketing_consent: value });
      assert.equal(response.status, 200);
      assert.deepEqual({ ...latestDemo(), created_at: null }, { version: null, at: null, created_at: null });
    });
  }
  for (const value of ['no', 'false', 1, null, 'YES', ['yes']]) {
    test(`JSON ${JSON.stringify(value)} is refused with 400 and stores nothing`, async () => {
      const before = server.count('demo_requests');
      const response = await server.client().post('/api/RequestDemo', { ...demo, marketing_consent: value });
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, ['ERROR', MESSAGES.marketingConsentInvalid]);
      assert.equal(server.count('demo_requests'), before);
    });
  }

  test('multipart contact: "yes" is stored, absent is not, a bad value is refused', async () => {
    assert.equal(
      (await server.client().postForm('/api/ContactUs', contactForm({ marketing_consent: 'yes' }))).status,
      200,
    );
    assert.equal(latestContact().version, MARKETING_CONSENT_VERSION);
    assert.equal(latestContact().at, latestContact().created_at);
    assert.equal((await server.client().postForm('/api/ContactUs', contactForm())).status, 200);
    assert.equal(latestContact().version, null);
    const before = server.count('contact_messages');
    const refused = await server.client().postForm('/api/ContactUs', contactForm({ marketing_consent: 'maybe' }));
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, ['ErrorInfo', MESSAGES.marketingConsentInvalid]);
    assert.equal(server.count('contact_messages'), before);
  });

  test('the OpenAPI description documents the optional field on both forms', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body;
    const demoBody = doc.paths['/api/RequestDemo'].post.requestBody.content['application/json'].schema;
    const contactBody = doc.paths['/api/ContactUs'].post.requestBody.content['multipart/form-data'].schema;
    for (const body of [demoBody, contactBody]) {
      assert.ok(body.properties.marketing_consent, JSON.stringify(body));
      assert.ok(!body.required.includes('marketing_consent'));
    }
  });
});

describe('marketing consent without JavaScript', () => {
  let server: TestServer;
  before(async () => {
    assert.ok(existsSync(serverBuildFile), `missing ${serverBuildFile}: run \`npm run build\` before this test`);
    server = await startServer({ OUTBOX_POLL_MS: '60000' }, { pages: true });
  });
  after(() => server.close());

  async function visitor(path: string) {
    const client = new ApiClient(server.url);
    const page = await client.get(path);
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
    assert.ok(token, `a _csrf field on ${path}`);
    return { client, token };
  }
  const postDemo = async (fields: Record<string, string>) => {
    const { client, token } = await visitor('/request-demo');
    // The page's form picks the country by region code and sends the digits alone.
    const body = new URLSearchParams({
      _csrf: token,
      ...demo,
      country: 'AU',
      number: '412345678',
      ...fields,
    }).toString();
    return client.request('POST', '/request-demo', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body,
    });
  };
  const latest = (table: string) =>
    server.app.database
      .sqlite!.prepare(
        `SELECT marketing_consent_version AS version, marketing_consent_at AS at FROM ${table} ORDER BY id DESC LIMIT 1`,
      )
      .get() as {
      version: string | null;
      at: string | null;
    };

  test('the demo page stores a ticked box, and not an unticked one', async () => {
    assert.equal((await postDemo({ marketing_consent: 'yes' })).status, 303);
    assert.equal(latest('demo_requests').version, MARKETING_CONSENT_VERSION);
    assert.ok(latest('demo_requests').at);
    assert.equal((await postDemo({})).status, 303);
    assert.deepEqual({ ...latest('demo_requests') }, { version: null, at: null });
  });

  test('the demo page refuses a forged value with 400 and stores nothing', async () => {
    const before = server.count('demo_requests');
    const response = await postDemo({ marketing_consent: 'definitely' });
    assert.equal(response.status, 400);
    assert.equal(server.count('demo_requests'), before);
  });

  test('the contact page (multipart) stores a ticked box', async () => {
    const { client, token } = await visitor('/forms/contact');
    const form = contactForm({ marketing_consent: 'yes' });
    form.set('_csrf', token);
    const response = await client.request('POST', '/forms/contact', { headers: { accept: 'text/html' }, body: form });
    assert.equal(response.status, 303);
    assert.equal(latest('contact_messages').version, MARKETING_CONSENT_VERSION);
  });
});
