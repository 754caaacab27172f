// scripts/data.ts run as a child process against a data folder filled here: the retention purge
// (old rows gone with their events, emails and images; recent ones kept) and the export of
// everything stored about one address.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { DatabaseSync as Database } from 'node:sqlite';
import { openDatabase } from '../../server/db/driver.ts';
import { migrate } from '../../server/db/migrate.ts';
import { monthsBefore } from '../../server/db/repositories/retention.ts';

const script = fileURLToPath(new URL('../../scripts/data.ts', import.meta.url));
let dataDir: string;

type Result = { code: number | null; stdout: string; stderr: string };

function runCli(args: string[], env: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'test', TOKEN_SECRET: 'x'.repeat(40), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const OLD = ago(800); // beyond the default 24 months
const RECENT = ago(30);
const IMAGE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

/** The data folder's SQLite file, migrated, for `work` to read and write directly. */
async function withDb<T>(work: (db: Database) => T): Promise<T> {
  const db = await openDatabase({ file: join(dataDir, 'haulora.sqlite') });
  try {
    await migrate(db);
    return work(db.sqlite!);
  } finally {
    await db.close();
  }
}

function insert(db: Database, table: string, row: Record<string, string | number | Uint8Array | null>): number {
  const columns = Object.keys(row);
  return Number(
    db
      .prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
      .run(...Object.values(row)).lastInsertRowid,
  );
}

const hasOutbox = (db: Database) => db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'outbox'").get() !== undefined;

/** One demo request and one contact message from `email` at `at`, each with an event and an email. */
function seed(db: Database, email: string, at: string) {
  const demo = insert(db, 'demo_requests', {
    name: 'Jo',
    job_title: 'Fleet manager',
    company: 'Jo Freight',
    country: '61',
    number: '+61 412345678',
    email,
    text: 'Demo please',
    created_at: at,
  });
  const contact = insert(db, 'contact_messages', {
    name: 'Jo',
    email,
    subject: 'Photo',
    inq_type: 1,
    message: 'See photo',
    img: IMAGE,
    img_type: 'image/png',
    img_size: IMAGE.byteLength,
    img_sha256: 'x',
    created_at: at,
  });
  const feedback = insert(db, 'feedback', { feedback: `Please reply to ${email}`, created_at: at });
  insert(db, 'newsletter_subscribers', { email, created_at: at });
  for (const [kind, id] of [
    ['demo-requests', demo],
    ['contact-messages', contact],
    ['feedback', feedback],
  ] as const) {
    insert(db, 'submission_events', {
      kind,
      submission_id: id,
      username: 'alice',
      action: 'note',
      note: `Note on ${email}`,
      created_at: at,
    });
  }
  if (hasOutbox(db)) {
    for (const [kind, id] of [
      ['demo-requests', demo],
      ['contact-messages', contact],
    ] as const) {
      insert(db, 'outbox', {
        kind: kind === 'demo-requests' ? 'sales-demo' : 'sales-contact',
        submission_kind: kind,
        submission_id: id,
        recipient: 'sales@haulora.example',
        reply_to: email,
        subject: 'New',
        body_text: `From ${email}`,
        message_id: `<${kind}-${id}@haulora.example>`,
        created_at: at,
        next_attempt_at: at,
      });
    }
    insert(db, 'outbox', {
      kind: 'demo-confirmation',
      submission_kind: 'demo-requests',
      submission_id: demo,
      recipient: email,
      subject: 'Thanks',
      body_text: 'Thanks',
      message_id: `<confirm-${demo}@haulora.example>`,
      created_at: at,
      next_attempt_at: at,
    });
  }
  return { demo, contact, feedback };
}

const TABLES = ['demo_requests', 'contact_messages', 'feedback', 'newsletter_subscribers', 'submission_events'];
const counts = (db: Database) =>
  Object.fromEntries(
    [...TABLES, ...(hasOutbox(db) ? ['outbox'] : [])].map((table) => [
      table,
      Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n),
    ]),
  );

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'haulora-data-cli-'));
});
after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

test('monthsBefore counts calendar months in UTC and clamps the day', () => {
  assert.equal(monthsBefore(new Date('2026-11-21T10:00:00Z'), 24).toISOString(), '2024-11-21T10:00:00.000Z');
  assert.equal(monthsBefore(new Date('2026-03-31T00:00:00Z'), 1).toISOString(), '2026-02-28T00:00:00.000Z');
  assert.equal(monthsBefore(new Date('2026-01-15T00:00:00Z'), 13).toISOString(), '2024-12-15T00:00:00.000Z');
});

test('purge: Content items in the trash for more than 30 days go too (a dry run counts them)', async () => {
  await withDb((db) => {
    insert(db, 'faqs', { position: 900, question: 'Trashed long ago?', answer: 'a', deleted_at: ago(31) });
    insert(db, 'faqs', { position: 901, question: 'Trashed last week?', answer: 'b', deleted_at: ago(7) });
    insert(db, 'glossary_entries', { category: 'Old', term: 'Gone', description: 'c', deleted_at: ago(45) });
  });
  const trashed = (db: Database) =>
    (
      db.prepare('SELECT question FROM faqs WHERE deleted_at IS NOT NULL ORDER BY question').all() as {
        question: string;
      }[]
    ).map((row) => row.question);
  const dry = await runCli(['purge', '--dry-run']);
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /faqs_in_trash\s+1\n/);
  assert.match(dry.stdout, /glossary_entries_in_trash\s+1\n/);
  await withDb((db) => assert.deepEqual(trashed(db), ['Trashed last week?', 'Trashed long ago?']));
  const real = await runCli(['purge']);
  assert.equal(real.code, 0, real.stderr);
  assert.match(real.stdout, /faqs_in_trash\s+1\n/);
  await withDb((db) => {
    assert.deepEqual(trashed(db), ['Trashed last week?']);
    assert.equal(db.prepare("SELECT count(*) AS n FROM glossary_entries WHERE term = 'Gone'").get()!.n, 0);
  });
});

test('purge: uploaded content images no page names, older than 30 days, go too (a dry run counts them)', async () => {
  const hash = (digit: string) => digit.repeat(64);
  const image = (id: string, at: string) => ({
    id,
    type: 'image/png',
    bytes: IMAGE,
    size: IMAGE.length,
    width: 1,
    height: 1,
    alt: 'x',
    created_at: at,
    created_by: 'ada',
  });
  await withDb((db) => {
    insert(db, 'content_images', image(hash('a'), ago(40))); // unused, old: goes
    insert(db, 'content_images', image(hash('b'), ago(40))); // named in a page's history: stays
    insert(db, 'content_images', image(hash('c'), ago(5))); // unused, recent: stays
    const document = JSON.stringify({ integrations: [{ logo: { src: `/media/${hash('b')}.png` } }] });
    insert(db, 'page_document_history', {
      page_id: 'integrations',
      version: 2,
      document,
      saved_at: ago(40),
      saved_by: 'ada',
    });
  });
  const left = (db: Database) =>
    (db.prepare('SELECT id FROM content_images ORDER BY id').all() as { id: string }[]).map((row) => row.id[0]);
  const dry = await runCli(['purge', '--dry-run']);
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /unused_content_images\s+1\n/);
  await withDb((db) => assert.deepEqual(left(db), ['a', 'b', 'c']));
  const real = await runCli(['purge']);
  assert.equal(real.code, 0, real.stderr);
  assert.match(real.stdout, /unused_content_images\s+1\n/);
  await withDb((db) => assert.deepEqual(left(db), ['b', 'c']));
});

test('purge: a dry run only counts; the real run deletes old submissions with their events, emails and images, and keeps recent ones', async () => {
  const {
    old,
    recent,
    before: initial,
  } = await withDb((db) => {
    const old = seed(db, 'old@example.com', OLD);
    const recent = seed(db, 'new@example.com', RECENT);
    return { old, recent, before: counts(db) };
  });

  const dry = await runCli(['purge', '--dry-run']);
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /^Would delete what was received before \d{4}-\d\d-\d\dT[\d:.]+Z \(RETENTION_MONTHS=24\):/);
  assert.match(dry.stdout, /demo_requests\s+1\n/);
  assert.match(dry.stdout, /contact_messages\s+1\n/);
  assert.match(dry.stdout, /feedback\s+1\n/);
  assert.match(dry.stdout, /newsletter_subscribers\s+1\n/);
  assert.match(dry.stdout, /submission_events\s+3\n/);
  assert.match(dry.stdout, /Dry run: nothing was deleted\./);
  await withDb((db) => assert.deepEqual(counts(db), initial));

  const real = await runCli(['purge']);
  assert.equal(real.code, 0, real.stderr);
  assert.match(real.stdout, /^Deleted what was received before/);
  assert.match(real.stdout, /submission_events\s+3\n/);
  await withDb((db) => {
    const outbox = hasOutbox(db);
    if (outbox) assert.match(real.stdout, /outbox\s+3\n/);
    assert.deepEqual(counts(db), {
      demo_requests: 1,
      contact_messages: 1,
      feedback: 1,
      newsletter_subscribers: 1,
      submission_events: 3,
      ...(outbox ? { outbox: 3 } : {}),
    });
    assert.equal(db.prepare('SELECT id FROM demo_requests WHERE id = ?').get(old.demo), undefined);
    assert.ok(db.prepare('SELECT id FROM demo_requests WHERE id = ?').get(recent.demo));
    const image = db.prepare('SELECT img FROM contact_messages').get() as { img: Uint8Array };
    assert.ok(Buffer.from(image.img).equals(IMAGE), 'the recent image is kept');
    const events = db.prepare('SELECT note FROM submission_events').all() as { note: string }[];
    assert.ok(events.every((event) => event.note.includes('new@example.com')));
    if (outbox) {
      const emails = db.prepare('SELECT body_text, recipient FROM outbox').all() as {
        body_text: string;
        recipient: string;
      }[];
      assert.ok(
        emails.every((email) => !email.body_text.includes('old@example.com') && email.recipient !== 'old@example.com'),
      );
    }
  });

  // A period of zero months would delete everything: refused.
  const shorter = await runCli(['purge'], { RETENTION_MONTHS: '0' });
  assert.equal(shorter.code, 1, 'RETENTION_MONTHS must be at least 1');
  assert.match(shorter.stderr, /Configuration error: RETENTION_MONTHS/);
});

test('export prints everything stored about one address, and nothing about others', async () => {
  const ids = await withDb((db) => {
    seed(db, 'someone@else.com', RECENT);
    return seed(db, 'kim@example.com', RECENT);
  });
  const result = await runCli(['export', 'Kim@Example.com']);
  assert.equal(result.code, 0, result.stderr);
  const output = JSON.parse(result.stdout);
  assert.equal(output.email, 'kim@example.com');
  assert.ok(!Number.isNaN(Date.parse(output.exported_at)));
  const { tables } = output;
  assert.deepEqual(
    tables.demo_requests.map((row: { id: number }) => row.id),
    [ids.demo],
  );
  assert.equal(tables.demo_requests[0].company, 'Jo Freight');
  assert.deepEqual(
    tables.contact_messages.map((row: { id: number }) => row.id),
    [ids.contact],
  );
  assert.deepEqual(tables.contact_messages[0].img, { base64: IMAGE.toString('base64') });
  assert.deepEqual(
    tables.feedback.map((row: { id: number }) => row.id),
    [ids.feedback],
  );
  assert.deepEqual(
    tables.newsletter_subscribers.map((row: { email: string }) => row.email),
    ['kim@example.com'],
  );
  assert.equal(tables.submission_events.length, 3);
  assert.ok(tables.submission_events.every((event: { note: string }) => event.note === 'Note on kim@example.com'));
  if (tables.outbox) {
    assert.equal(tables.outbox.length, 3);
    assert.ok(tables.outbox.some((email: { recipient: string }) => email.recipient === 'kim@example.com'));
  }
  assert.ok(!result.stdout.includes('someone@else.com'));

  const nobody = JSON.parse((await runCli(['export', 'nobody@example.com'])).stdout);
  assert.ok(Object.values(nobody.tables).every((rows) => (rows as unknown[]).length === 0));
});

test('wrong usage exits with 2 and the usage', async () => {
  for (const args of [[], ['purge', '--force'], ['export'], ['export', 'not-an-address'], ['delete']]) {
    const result = await runCli(args);
    assert.equal(result.code, 2, args.join(' '));
    assert.match(result.stderr, /Usage:/);
  }
});
