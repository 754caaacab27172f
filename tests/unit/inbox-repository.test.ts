// The inbox's SQL on an in-memory database: migration 002 over existing rows, the honeypot's
// initial status, and a status change that lost a race logging nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openDatabase } from '../../server/db/driver.ts';
import { listMigrations, migrate } from '../../server/db/migrate.ts';
import { createRepositories } from '../../server/db/repositories/index.ts';
import { likePattern } from '../../server/db/repositories/inbox.ts';
import { countryLabel, nextStatuses } from '../../server/services/inbox.ts';

test('migration 002 moves existing honeypot rows to spam and the rest to new', () => {
  const db = openDatabase(':memory:');
  const migrations = listMigrations();
  migrate(db, migrations.filter((m) => m.version === 1));
  db.exec(`
    INSERT INTO feedback (feedback, is_spam, created_at) VALUES ('real', 0, '2026-01-01T00:00:00.000Z'), ('bot', 1, '2026-01-01T00:00:00.000Z');
    INSERT INTO newsletter_subscribers (email, is_spam, created_at) VALUES ('a@b.com', 1, '2026-01-01T00:00:00.000Z');`);
  migrate(db, migrations);
  assert.deepEqual(db.prepare('SELECT feedback, status FROM feedback ORDER BY id').all().map((row) => ({ ...row })), [
    { feedback: 'real', status: 'new' },
    { feedback: 'bot', status: 'spam' },
  ]);
  assert.equal((db.prepare('SELECT status FROM newsletter_subscribers').get() as { status: string }).status, 'spam');
  assert.throws(() => db.exec("UPDATE feedback SET status = 'archived'"), /CHECK constraint/);
  db.close();
});

test('new submissions start as new, or spam when the honeypot was filled', () => {
  const db = openDatabase(':memory:');
  migrate(db);
  const repos = createRepositories(db);
  const real = repos.submissions.addFeedback({ feedback: 'real', isSpam: false, createdAt: '2026-01-01T00:00:00.000Z' });
  const bot = repos.submissions.addFeedback({ feedback: 'bot', isSpam: true, createdAt: '2026-01-01T00:00:00.000Z' });
  repos.submissions.addSubscriber('bot@spam.com', true, '2026-01-01T00:00:00.000Z');
  assert.equal(repos.inbox.find('feedback', real)?.status, 'new');
  assert.equal(repos.inbox.find('feedback', bot)?.status, 'spam');
  assert.equal(repos.inbox.countByStatus('newsletter').spam, 1);
  db.close();
});

test('a status change from a status the row no longer has changes and logs nothing', () => {
  const db = openDatabase(':memory:');
  migrate(db);
  const repos = createRepositories(db);
  const id = repos.submissions.addFeedback({ feedback: 'x', isSpam: false, createdAt: '2026-01-01T00:00:00.000Z' });
  const at = '2026-01-02T00:00:00.000Z';
  assert.equal(repos.inbox.changeStatus({ kind: 'feedback', id, from: 'new', to: 'done', username: 'alice', at }), true);
  assert.equal(repos.inbox.changeStatus({ kind: 'feedback', id, from: 'new', to: 'in_progress', username: 'bob', at }), false);
  assert.equal(repos.inbox.find('feedback', id)?.status, 'done');
  assert.deepEqual(repos.inbox.events('feedback', id).map((event) => event.username), ['alice']);
  assert.equal(repos.inbox.addNote({ kind: 'feedback', id: 999, note: 'x', username: 'alice', at }), false);
  db.close();
});

test('helpers: LIKE escaping, status moves, country labels', () => {
  assert.equal(likePattern('50%_a\\b'), '%50\\%\\_a\\\\b%');
  assert.deepEqual(nextStatuses('spam'), ['new']);
  assert.deepEqual(nextStatuses('done'), ['new', 'in_progress', 'spam']);
  assert.equal(countryLabel('61'), '+61 (Australia)');
  assert.equal(countryLabel('44'), '+44 (United Kingdom)');
  assert.equal(countryLabel('1'), '+1 (United States)');
  assert.equal(countryLabel('999'), '+999');
});
