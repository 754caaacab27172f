// The notification emails (decision 010): header sanitising, message composition from the copy
// in content/emails.yaml, the message nodemailer builds from a row, the retry schedule, and the
// outbox worker against an in-memory database with a transport that fails, then recovers.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { MARKETING_CONSENT_VERSION } from '../../common/constants.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { loadEmailContent } from '../../server/content-files.ts';
import { openDatabase } from '../../server/db/driver.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createRepositories } from '../../server/db/repositories/index.ts';
import type { OutboxRow } from '../../server/db/repositories/outbox.ts';
import { mailOptions, type MailTransport } from '../../server/services/mail-transport.ts';
import {
  bodyText,
  createNotificationService,
  domainOf,
  fill,
  headerText,
  type MailSettings,
} from '../../server/services/notifications.ts';
import { createOutboxWorker, MAX_RETRY_DELAY_MS, retryDelay } from '../../server/services/outbox-worker.ts';
import { createSubmissionService } from '../../server/services/submissions.ts';
import { contactMessage, demoRequest } from '../../server/submission-kinds/index.ts';
import type { Consent } from '../../server/submission-kinds/types.ts';
import { formatSize } from '../../common/format-size.ts';
import { parseMail } from '../helpers/smtp.ts';

const copy = loadEmailContent();
const settings: MailSettings = {
  salesEmail: 'sales@haulora.com',
  demoConfirmation: true,
  siteUrl: 'https://www.haulora.com/',
  brand: 'Haulora',
};
let counter = 0;
const messageId = () => `<test-${++counter}@haulora.com>`;

/** A demo request as its schema produces it and the row stores it. */
const demo = {
  id: 7,
  name: 'Priya Natarajan',
  job_title: 'Operations manager',
  company: 'Southern Cross Freight',
  country: '61',
  number: '+61 412345678',
  email: 'priya@southerncross.com.au',
  text: 'Dispatch board\nand proof of delivery',
  marketing_consent: false,
  consent: null as Consent,
  createdAt: '2026-11-21T10:00:00.000Z',
};
type Demo = typeof demo;

/** The emails the demo request's description sends for `d`. */
const composeDemoMessages = ({ id, consent, createdAt, ...values }: Demo, mailSettings = settings) =>
  demoRequest.emails!({ id, values, consent, createdAt, image: null }, { copy, settings: mailSettings, messageId });

describe('headerText', () => {
  const cases: [string, string][] = [
    ['Eve\r\nBcc: victim@evil.example', 'Eve Bcc: victim@evil.example'],
    ['a\rb\nc', 'a b c'],
    ['tab\there', 'tab here'],
    ['nul\u0000byte', 'nul byte'],
    ['escape\u001b[31mred', 'escape [31mred'],
    ['del\u007fchar', 'del char'],
    ['c1\u0085next line', 'c1 next line'],
    ['line\u2028separator\u2029para', 'line separator para'],
    ['bidi \u202eevil\u202c override', 'bidi evil override'],
    ['zero\u200bwidth', 'zero width'],
    ['  spaced   out  ', 'spaced out'],
    ['Zoë Ōtaki 山田', 'Zoë Ōtaki 山田'],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
      assert.equal(headerText(input), expected);
    });
  }
  test('cuts long values at whole characters with an ellipsis', () => {
    const value = headerText('🚚'.repeat(300), 10);
    assert.equal(Array.from(value).length, 10);
    assert.ok(value.endsWith('…'));
    assert.equal(value.isWellFormed(), true);
  });
});

describe('small helpers', () => {
  test('bodyText keeps line breaks (as LF) and tabs, drops other controls', () => {
    assert.equal(bodyText('a\r\nb\rc\nd\te\u0000f\u001bg\u2028h'), 'a\nb\nc\nd\tefgh');
  });
  test('fill replaces known placeholders and leaves unknown ones visible', () => {
    assert.equal(fill('{a} and {b}', { a: 'one' }), 'one and {b}');
    assert.equal(fill('{toString} {constructor}', {}), '{toString} {constructor}');
  });
  test('formatSize reads like people write it', () => {
    // One function and one unit for the visitor's form and the sales email (decimal, as file managers show sizes).
    assert.deepEqual(
      [
        formatSize(820),
        formatSize(999),
        formatSize(1000),
        formatSize(12_400),
        formatSize(34 * 1024),
        formatSize(999_960),
        formatSize(1.25 * 1024 * 1024),
      ],
      ['820 bytes', '999 bytes', '1 kB', '12.4 kB', '34.8 kB', '1 MB', '1.3 MB'],
    );
  });
  test('domainOf takes the domain of an address, with or without a name', () => {
    assert.equal(domainOf('Haulora website <website@Haulora.example>'), 'haulora.example');
    assert.equal(domainOf('website@haulora.com'), 'haulora.com');
  });
});

describe('composing a demo request', () => {
  test('a sales email to the sales address, replying to the requester, and a confirmation', () => {
    const [sales, confirmation, ...rest] = composeDemoMessages(demo);
    assert.equal(rest.length, 0);
    assert.equal(sales!.kind, 'sales-demo');
    assert.equal(sales!.recipient, 'sales@haulora.com');
    assert.equal(sales!.replyTo, demo.email);
    assert.equal(sales!.subject, 'Demo request: Priya Natarajan, Southern Cross Freight');
    assert.ok(sales!.bodyText.includes('What to show in the demo:\nDispatch board\nand proof of delivery'));
    assert.ok(sales!.bodyText.includes('Received: 2026-11-21T10:00:00.000Z'));
    assert.ok(sales!.bodyText.endsWith('https://www.haulora.com/inbox/demo-requests/7\n'));
    assert.equal(confirmation!.kind, 'demo-confirmation');
    assert.equal(confirmation!.recipient, demo.email);
    assert.equal(confirmation!.replyTo, 'sales@haulora.com');
    assert.equal(confirmation!.subject, 'Your Haulora demo request');
    // Nothing the visitor typed reaches an address the visitor typed (issue 33).
    assert.ok(confirmation!.bodyText.startsWith('Hello,\n\n'));
    for (const typed of [demo.name, demo.company, demo.job_title, demo.number, 'Dispatch board'])
      assert.ok(!confirmation!.bodyText.includes(typed), typed);
    assert.ok(!confirmation!.bodyText.includes('/inbox/'));
    assert.notEqual(sales!.messageId, confirmation!.messageId);
    for (const message of [sales!, confirmation!]) {
      assert.equal(message.submissionKind, 'demo-requests');
      assert.equal(message.submissionId, 7);
      assert.equal(message.createdAt, demo.createdAt);
    }
  });

  test('without confirmations, the sales email only', () => {
    const messages = composeDemoMessages(demo, { ...settings, demoConfirmation: false });
    assert.deepEqual(
      messages.map((m) => m.kind),
      ['sales-demo'],
    );
  });

  test('the consent line says whether and which version was ticked', () => {
    const [sales] = composeDemoMessages({
      ...demo,
      consent: { version: MARKETING_CONSENT_VERSION, at: demo.createdAt },
    });
    assert.ok(
      sales!.bodyText.includes(
        `Product news: Yes, ticked (consent text ${MARKETING_CONSENT_VERSION}, ${demo.createdAt})`,
      ),
    );
    const [without] = composeDemoMessages(demo);
    assert.ok(without!.bodyText.includes('Product news: No'));
  });

  test('hostile names and companies stay on one line, in the subject and in the body', () => {
    const hostile = { ...demo, name: 'Eve\r\nBcc: victim@evil.example', company: 'Acme\n\nInjected: body' };
    const [sales, confirmation] = composeDemoMessages(hostile);
    assert.equal(sales!.subject, 'Demo request: Eve Bcc: victim@evil.example, Acme Injected: body');
    assert.ok(sales!.bodyText.includes('Name: Eve Bcc: victim@evil.example\n'));
    assert.ok(
      !confirmation!.bodyText.includes('Eve') && !confirmation!.bodyText.includes('Injected'),
      'the confirmation quotes none of it',
    );
    assert.doesNotMatch(sales!.subject, /[\r\n]/);
  });
});

describe('composing a contact message', () => {
  test('one sales email naming the inquiry type, the image described and not attached', () => {
    const values = {
      name: 'Sam Lee',
      email: 'sam@coastfreight.com.au',
      subject: 'Pricing for 12 trucks',
      inq_type: 2,
      message: 'Hello,\nwhat does it cost?',
      img: new Uint8Array(),
      marketing_consent: false,
    };
    const [message, ...rest] = contactMessage.emails!(
      {
        id: 42,
        values,
        consent: null,
        createdAt: '2026-11-21T10:00:00.000Z',
        image: { type: 'image/jpeg', size: 2_400_000 },
      },
      { copy, settings, messageId },
    );
    assert.equal(rest.length, 0);
    if (!message) throw new Error('no sales email');
    assert.equal(message.kind, 'sales-contact');
    assert.equal(message.subject, 'Contact (Pricing): Pricing for 12 trucks - Sam Lee');
    assert.equal(message.replyTo, 'sam@coastfreight.com.au');
    assert.ok(message.bodyText.includes('Image: image/jpeg, 2.4 MB'));
    assert.ok(message.bodyText.includes('Message:\nHello,\nwhat does it cost?'));
    assert.ok(message.bodyText.includes('https://www.haulora.com/inbox/contact-messages/42'));
  });
});

function row(overrides: Partial<OutboxRow> = {}): OutboxRow {
  return {
    id: 1,
    kind: 'sales-demo',
    submission_kind: 'demo-requests',
    submission_id: 1,
    recipient: 'sales@haulora.com',
    reply_to: 'priya@southerncross.com.au',
    subject: 'Demo request',
    body_text: 'Hello\n',
    message_id: '<abc@haulora.com>',
    created_at: '2026-11-21T10:00:00.000Z',
    calendar: null,
    booking_uid: null,
    attempts: 1,
    next_attempt_at: '2026-11-21T10:00:00.000Z',
    last_error: null,
    sent_at: null,
    ...overrides,
  };
}

async function build(outboxRow: OutboxRow, from = 'Haulora website <website@haulora.com>') {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await transport.sendMail(mailOptions(outboxRow, from));
  return parseMail((info.message as Buffer).toString('utf8'));
}

describe('the message built from a row', () => {
  test("carries the row's Message-ID and date, its addresses and the Auto-Submitted header", async () => {
    const mail = await build(row());
    assert.equal(mail.header('message-id'), '<abc@haulora.com>');
    assert.equal(mail.header('to'), 'sales@haulora.com');
    assert.equal(mail.header('reply-to'), 'priya@southerncross.com.au');
    assert.equal(mail.header('from'), 'Haulora website <website@haulora.com>');
    assert.equal(mail.header('date'), 'Sat, 21 Nov 2026 10:00:00 +0000');
    assert.equal(mail.header('auto-submitted'), 'auto-generated');
  });

  test('a row written with CR/LF in its header values still yields no extra header (defence in depth)', async () => {
    const mail = await build(
      row({
        subject: 'Hi\r\nBcc: victim@evil.example',
        reply_to: 'eve@evil.example\r\nCc: victim@evil.example',
        recipient: 'sales@haulora.com\nBcc: victim@evil.example',
        message_id: '<abc@haulora.com>\r\nX-Injected: 1',
      }),
      'Website\r\nBcc: victim@evil.example <website@haulora.com>',
    );
    for (const name of ['bcc', 'cc', 'x-injected']) assert.equal(mail.headers.has(name), false, mail.raw);
    assert.equal(mail.header('subject'), 'Hi Bcc: victim@evil.example');
    for (const [name, values] of mail.headers) {
      for (const value of values) assert.doesNotMatch(value, /[\r\n]/, name);
    }
  });
});

describe('retries', () => {
  test('wait 30 s, 1 min, 2 min … doubling, capped at an hour', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 50, 5000].map((attempts) => retryDelay(attempts, 30_000));
    assert.deepEqual(delays, [
      30_000,
      60_000,
      120_000,
      240_000,
      480_000,
      960_000,
      1_920_000,
      MAX_RETRY_DELAY_MS,
      MAX_RETRY_DELAY_MS,
      MAX_RETRY_DELAY_MS,
    ]);
  });
});

describe('the outbox worker', () => {
  test('retries a failing send with backoff, then marks it sent once', async () => {
    const database = await openDatabase({ file: ':memory:' });
    await migrate(database);
    const db = database.sqlite!;
    const repos = createRepositories(database.kysely);
    const notifications = createNotificationService({
      copy,
      settings: { ...settings, demoConfirmation: false },
      messageId,
    });
    const service = createSubmissionService(database, undefined, { notifications });
    await service.store(demoRequest, {
      name: 'A',
      job_title: 'B',
      company: 'C',
      country: '61',
      number: '+61 4',
      email: 'a@b.com',
      text: 't',
      marketing_consent: false,
    });

    const sent: string[] = [];
    let failures = 2;
    const transport: MailTransport = {
      description: 'test',
      async send(outboxRow) {
        if (failures-- > 0) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
        sent.push(outboxRow.message_id);
      },
      reasonOf: (error) => (error as Error).message,
      close() {},
    };
    const worker = createOutboxWorker({
      outbox: repos.outbox,
      transport,
      pollMs: 5,
      retryBaseMs: 20,
      log: pino({ level: 'silent' }),
    });
    worker.start();
    const deadline = Date.now() + 5000;
    while (sent.length === 0 && Date.now() < deadline) await sleep(5);
    await sleep(60);
    await worker.stop();
    const stored = db.prepare('SELECT attempts, last_error, sent_at, message_id FROM outbox').all() as any[];
    assert.equal(stored.length, 1);
    assert.equal(stored[0].attempts, 3);
    assert.equal(stored[0].last_error, null);
    assert.ok(stored[0].sent_at);
    assert.deepEqual(sent, [stored[0].message_id]);
    await database.close();
  });

  test('stop() waits for the send in flight and records it', async () => {
    const database = await openDatabase({ file: ':memory:' });
    await migrate(database);
    const db = database.sqlite!;
    const repos = createRepositories(database.kysely);
    const notifications = createNotificationService({
      copy,
      settings: { ...settings, demoConfirmation: false },
      messageId,
    });
    const service = createSubmissionService(database, undefined, { notifications });
    await service.store(demoRequest, {
      name: 'A',
      job_title: 'B',
      company: 'C',
      country: '61',
      number: '+61 4',
      email: 'a@b.com',
      text: 't',
      marketing_consent: false,
    });
    let started = false;
    const transport: MailTransport = {
      description: 'slow',
      async send() {
        started = true;
        await sleep(200);
      },
      reasonOf: String,
      close() {},
    };
    const worker = createOutboxWorker({
      outbox: repos.outbox,
      transport,
      pollMs: 5,
      retryBaseMs: 20,
      log: pino({ level: 'silent' }),
    });
    worker.start();
    while (!started) await sleep(2);
    await worker.stop();
    const stored = db.prepare('SELECT sent_at FROM outbox').get() as { sent_at: string | null };
    assert.ok(stored.sent_at, 'marked sent before stop() resolved');
    await database.close();
  });

  test('a honeypot submission queues nothing', async () => {
    const database = await openDatabase({ file: ':memory:' });
    await migrate(database);
    const db = database.sqlite!;
    const notifications = createNotificationService({ copy, settings, messageId });
    const service = createSubmissionService(database, undefined, { notifications });
    await service.store(demoRequest, {
      name: 'A',
      job_title: 'B',
      company: 'C',
      country: '61',
      number: '+61 4',
      email: 'a@b.com',
      text: 't',
      marketing_consent: false,
      website: 'http://spam.example',
    });
    assert.equal((db.prepare('SELECT count(*) AS n FROM demo_requests').get() as { n: number }).n, 1);
    assert.equal((db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n, 0);
    await database.close();
  });

  test('the submission and its emails are one transaction: when queueing fails, nothing is stored', async () => {
    const database = await openDatabase({ file: ':memory:' });
    await migrate(database);
    const db = database.sqlite!;
    // The same Message-ID twice: the confirmation's insert breaks the UNIQUE constraint.
    const notifications = createNotificationService({ copy, settings, messageId: () => '<same@haulora.com>' });
    const service = createSubmissionService(database, undefined, { notifications });
    await assert.rejects(
      service.store(demoRequest, {
        name: 'A',
        job_title: 'B',
        company: 'C',
        country: '61',
        number: '+61 4',
        email: 'a@b.com',
        text: 't',
        marketing_consent: false,
      }),
    );
    assert.equal((db.prepare('SELECT count(*) AS n FROM demo_requests').get() as { n: number }).n, 0);
    assert.equal((db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n, 0);
    await database.close();
  });
});

describe('mail configuration', () => {
  const base = { TOKEN_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/haulora-config-test-unused' };
  test('defaults: .eml files, sales to the contact email, confirmations on, 2 s polls, 30 s first retry', () => {
    const config = loadConfig(base);
    assert.deepEqual(config.mail, {
      smtpUrl: undefined,
      from: 'Haulora website <website@haulora.example>',
      salesEmail: config.site.contact.email,
      demoConfirmation: true,
      pollMs: 2000,
      retryBaseMs: 30_000,
      leaseMs: 120_000,
    });
  });
  test('reads every variable', () => {
    const config = loadConfig({
      ...base,
      SMTP_URL: 'smtps://user:p%40ss@smtp.haulora.com:465',
      MAIL_FROM: 'website@haulora.com',
      SALES_EMAIL: 'sales@haulora.com',
      DEMO_CONFIRMATION_EMAIL: 'false',
      OUTBOX_POLL_MS: '500',
      OUTBOX_RETRY_BASE_MS: '1000',
      OUTBOX_LEASE_MS: '5000',
    });
    assert.deepEqual(config.mail, {
      smtpUrl: 'smtps://user:p%40ss@smtp.haulora.com:465',
      from: 'website@haulora.com',
      salesEmail: 'sales@haulora.com',
      demoConfirmation: false,
      pollMs: 500,
      retryBaseMs: 1000,
      leaseMs: 5000,
    });
  });
  const bad: [string, string, RegExp][] = [
    ['SMTP_URL', 'http://user:hunter2@mail.example.com', /^SMTP_URL: /],
    ['MAIL_FROM', 'Website\r\nBcc: x@y.com <website@haulora.com>', /^MAIL_FROM: /],
    ['MAIL_FROM', 'not an address', /^MAIL_FROM: /],
    ['SALES_EMAIL', 'sales', /^SALES_EMAIL: /],
    ['DEMO_CONFIRMATION_EMAIL', 'maybe', /^DEMO_CONFIRMATION_EMAIL: /],
    ['OUTBOX_POLL_MS', '0', /^OUTBOX_POLL_MS: /],
  ];
  for (const [name, value, message] of bad) {
    test(`${name}=${JSON.stringify(value)} stops the server naming ${name}, without echoing the value`, () => {
      assert.throws(
        () => loadConfig({ ...base, [name]: value }),
        (error: Error) => {
          assert.ok(error instanceof ConfigError);
          assert.match(error.message, message);
          assert.ok(!error.message.includes('hunter2'));
          return true;
        },
      );
    });
  }
});
