// The repositories against a real (in-memory) SQLite database with the real migrations.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { type Database, openDatabase } from '../../server/db/driver.ts';
import { listMigrations, migrate } from '../../server/db/migrate.ts';
import { createRepositories, type Repositories } from '../../server/db/repositories/index.ts';
import { seedContent } from '../../server/db/seed.ts';

let db: Database;
let repos: Repositories;
const at = '2026-11-21T10:00:00.000Z';

beforeEach(() => {
  db = openDatabase(':memory:');
  migrate(db);
  repos = createRepositories(db);
});

describe('migrations', () => {
  test('apply once, recorded in user_version', () => {
    const fresh = openDatabase(':memory:');
    assert.deepEqual(migrate(fresh), listMigrations().map((m) => m.name));
    assert.deepEqual(migrate(fresh), []);
    const { user_version } = fresh.prepare('PRAGMA user_version').get() as { user_version: number };
    assert.equal(user_version, listMigrations().at(-1)!.version);
  });
});

describe('submissions repository', () => {
  test('stores feedback with its arrival time and spam flag', () => {
    const id = repos.submissions.addFeedback({ feedback: 'Great dispatch board', isSpam: false, createdAt: at });
    assert.deepEqual({ ...(db.prepare('SELECT feedback, is_spam, created_at FROM feedback WHERE id = ?').get(id) as object) }, {
      feedback: 'Great dispatch board',
      is_spam: 0,
      created_at: at,
    });
  });

  test('stores a contact message with its image bytes, type, size and hash', () => {
    const img = new Uint8Array([137, 80, 78, 71]);
    const id = repos.submissions.addContactMessage({
      name: 'Sam', email: 'sam@example.com', subject: 'Hi', inqType: 2, message: 'Pricing please',
      img, imgType: 'image/png', imgSha256: 'abc', isSpam: true, createdAt: at,
    });
    const row = db.prepare('SELECT img, img_type, img_size, img_sha256, inq_type, is_spam FROM contact_messages WHERE id = ?').get(id) as any;
    assert.deepEqual(new Uint8Array(row.img), img);
    assert.equal(row.img_size, 4);
    assert.equal(row.img_type, 'image/png');
    assert.equal(row.inq_type, 2);
    assert.equal(row.is_spam, 1);
  });

  test('refuses an inquiry type outside 1-3', () => {
    assert.throws(() =>
      repos.submissions.addContactMessage({
        name: 'Sam', email: 'sam@example.com', subject: 'Hi', inqType: 9, message: 'x',
        img: new Uint8Array([1]), imgType: 'image/png', imgSha256: 'abc', isSpam: false, createdAt: at,
      }),
    );
  });

  test('a repeated newsletter address keeps one row', () => {
    assert.equal(repos.submissions.addSubscriber('ops@fleet.io', false, at), true);
    assert.equal(repos.submissions.addSubscriber('ops@fleet.io', false, at), false);
    assert.equal((db.prepare('SELECT count(*) AS n FROM newsletter_subscribers').get() as { n: number }).n, 1);
  });
});

describe('content repository and seed', () => {
  test('seeding adds the FAQ and glossary once; running it again changes nothing', () => {
    const first = seedContent(db, repos.content);
    assert.ok(first.faqs >= 12, `at least 12 FAQ items, got ${first.faqs}`);
    assert.ok(first.glossary >= 80, `at least 80 glossary terms, got ${first.glossary}`);
    const faqsBefore = repos.content.listFaqs();
    assert.deepEqual(seedContent(db, repos.content), { faqs: 0, glossary: 0 });
    assert.deepEqual(repos.content.listFaqs(), faqsBefore);
  });

  test('the glossary spans at least six categories, each entry complete', () => {
    seedContent(db, repos.content);
    const entries = repos.content.listGlossary();
    assert.ok(new Set(entries.map((e) => e.category)).size >= 6);
    for (const entry of entries) {
      assert.equal(typeof entry.id, 'number');
      assert.ok(entry.term && entry.description && entry.category);
    }
  });

  test('FAQ items keep the order of content/faq.yaml', () => {
    repos.content.addMissingFaqs([
      { question: 'Second?', answer: 'B' },
      { question: 'First?', answer: 'A' },
    ]);
    assert.deepEqual(repos.content.listFaqs().map((f) => f.question), ['Second?', 'First?']);
  });
});

describe('users and sessions repositories', () => {
  test('usernames are unique regardless of case', () => {
    repos.users.create('Alice', 'hash', at);
    assert.throws(() => repos.users.create('alice', 'hash', at));
    assert.equal(repos.users.findByUsername('ALICE')?.username, 'Alice');
    assert.equal(repos.users.findByUsername('bob'), null);
  });

  test('a session is revoked once; revoking all for a user counts live sessions', () => {
    const userId = repos.users.create('alice', 'hash', at);
    repos.sessions.create({ userId, sessionId: 's1', tokenHash: 'h1', createdAt: at, expiresAt: at });
    repos.sessions.create({ userId, sessionId: 's2', tokenHash: 'h2', createdAt: at, expiresAt: at });
    assert.equal(repos.sessions.revoke('s1', at), true);
    assert.equal(repos.sessions.revoke('s1', at), false);
    assert.equal(repos.sessions.revokeAllForUser(userId, at), 1);
    assert.equal(repos.sessions.findBySessionId('s2')?.revokedAt, at);
    assert.equal(repos.sessions.findBySessionId('nope'), null);
  });

  test('failure counters are saved, read and cleared by key', () => {
    repos.sessions.saveFailures('user:alice', { failures: 2, lastFailedAt: at, lockedUntil: null });
    assert.deepEqual({ ...repos.sessions.findFailures('user:alice') }, { failures: 2, lastFailedAt: at, lockedUntil: null });
    repos.sessions.clearFailures('user:alice');
    assert.equal(repos.sessions.findFailures('user:alice'), null);
  });
});
