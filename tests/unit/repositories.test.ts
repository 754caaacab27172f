// The repository contract: every repository against a real database with the real migrations,
// on both engines (SQLite in memory, and a throwaway PostgreSQL cluster). What one engine does,
// the other must do the same way.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Database } from '../../server/db/driver.ts';
import { latestVersion, listMigrations, migrate, schemaVersion } from '../../server/db/migrate.ts';
import { createRepositories, type Repositories } from '../../server/db/repositories/index.ts';
import { likePattern } from '../../server/db/repositories/inbox.ts';
import { seedContent } from '../../server/db/seed.ts';
import type { ContentService } from '../../server/services/site-content.ts';
import { createContentEditing } from '../../server/services/content-editing.ts';
import { unwrapped } from '../helpers/results.ts';
import { countryLabel, nextStatuses } from '../../server/services/inbox/index.ts';
import { checkImage } from '../../server/services/images.ts';
import { createIntake } from '../../server/services/intake.ts';
import { createSubmissionService } from '../../server/services/submissions.ts';
import { engineSuites, rows } from '../helpers/engines.ts';

const at = '2026-11-21T10:00:00.000Z';

/** Contact messages not spam that `reader` has not opened. */
const unread = async (repos: Repositories, reader: string) =>
  (await repos.inbox.counts(['contact-messages'], reader))['contact-messages']?.unread;

for (const { engine, open } of await engineSuites()) {
  const fresh = async (): Promise<{ db: Database; repos: Repositories }> => {
    const db = await open();
    return { db, repos: createRepositories(db.kysely, db.engine) };
  };

  describe(`migrations (${engine})`, () => {
    test('apply once, in order, recorded with the schema version', async () => {
      const db = await open({ migrated: false });
      assert.equal(await schemaVersion(db), 0);
      assert.deepEqual(
        await migrate(db),
        listMigrations(engine).map((m) => m.name),
      );
      assert.deepEqual(await migrate(db), []);
      assert.equal(await schemaVersion(db), latestVersion(engine));
    });

    test('both engines know the same migration numbers', () => {
      assert.deepEqual(
        listMigrations(engine).map((m) => m.version),
        listMigrations('sqlite').map((m) => m.version),
      );
    });

    test('three migrators starting together apply each migration once', async () => {
      const db = await open({ migrated: false });
      const results = await Promise.all([migrate(db), migrate(db), migrate(db)]);
      assert.deepEqual(
        results.flat().sort(),
        listMigrations(engine)
          .map((m) => m.name)
          .sort(),
      );
    });

    test('migration 002 moves existing honeypot rows to spam and the rest to new', async () => {
      const db = await open({ migrated: false });
      await migrate(
        db,
        listMigrations(engine).filter((m) => m.version === 1),
      );
      await rows(
        db,
        `INSERT INTO feedback (feedback, is_spam, created_at) VALUES ('real', 0, '2026-01-01T00:00:00.000Z'), ('bot', 1, '2026-01-01T00:00:00.000Z')`,
      );
      await rows(
        db,
        `INSERT INTO newsletter_subscribers (email, is_spam, created_at) VALUES ('a@b.com', 1, '2026-01-01T00:00:00.000Z')`,
      );
      await migrate(db);
      assert.deepEqual(
        (await rows(db, 'SELECT feedback, status FROM feedback ORDER BY id')).map((row) => ({ ...row })),
        [
          { feedback: 'real', status: 'new' },
          { feedback: 'bot', status: 'spam' },
        ],
      );
      assert.equal(
        (await rows<{ status: string }>(db, 'SELECT status FROM newsletter_subscribers'))[0]?.status,
        'spam',
      );
      await assert.rejects(rows(db, "UPDATE feedback SET status = 'archived'"), /check constraint/i);
    });

    test('migration 008 makes existing users admins, keeps every FAQ and glossary row, and lets a term repeat across categories', async () => {
      const db = await open({ migrated: false });
      await migrate(
        db,
        listMigrations(engine).filter((m) => m.version < 8),
      );
      await rows(db, `INSERT INTO users (username, password_hash, created_at) VALUES ('veteran', 'hash', '${at}')`);
      await rows(db, "INSERT INTO faqs (position, question, answer) VALUES (0, 'Old question?', 'Old answer.')");
      await rows(
        db,
        "INSERT INTO glossary_entries (category, term, description) VALUES ('Yard', 'Dock', 'A door.'), ('Fleet', 'Prime mover', 'A truck.')",
      );
      const glossary = async () =>
        (await rows(db, 'SELECT id, category, term, description FROM glossary_entries ORDER BY id')).map((row) => ({
          ...row,
        }));
      const before = await glossary();
      assert.deepEqual(
        await migrate(db),
        listMigrations(engine)
          .filter((m) => m.version >= 8)
          .map((m) => m.name),
      );
      assert.equal(
        (await rows<{ role: string }>(db, "SELECT role FROM users WHERE username = 'veteran'"))[0]?.role,
        'admin',
      );
      assert.deepEqual(
        (await rows(db, 'SELECT question, hidden, version FROM faqs')).map((row) => ({ ...row })),
        [{ question: 'Old question?', hidden: 0, version: 1 }],
      );
      assert.deepEqual(await glossary(), before);
      const keys = (
        await rows<{ kind: string; seed_key: string }>(
          db,
          'SELECT kind, seed_key FROM content_seed_keys ORDER BY kind, seed_key',
        )
      ).map((row) => `${row.kind}:${row.seed_key}`);
      assert.deepEqual(keys, ['faq:Old question?', 'glossary:fleet|prime mover', 'glossary:yard|dock']);
      // Unique per category now, whatever the case; the same term in another category is fine.
      await rows(
        db,
        "INSERT INTO glossary_entries (category, term, description) VALUES ('Fleet', 'Dock', 'Where a truck parks.')",
      );
      await assert.rejects(
        rows(db, "INSERT INTO glossary_entries (category, term, description) VALUES ('yard', 'DOCK', 'Again.')"),
        /unique|duplicate/i,
      );
      await assert.rejects(rows(db, "UPDATE users SET role = 'owner'"), /check constraint/i);
    });
  });

  describe(`submissions repository (${engine})`, () => {
    test('stores feedback with its arrival time and spam flag', async () => {
      const { db, repos } = await fresh();
      const id = await repos.submissions.insert('feedback', {
        values: { feedback: 'Great dispatch board' },
        isSpam: false,
        createdAt: at,
      });
      assert.deepEqual(
        { ...(await rows(db, `SELECT feedback, is_spam, created_at FROM feedback WHERE id = ${id}`))[0] },
        {
          feedback: 'Great dispatch board',
          is_spam: 0,
          created_at: at,
        },
      );
    });

    test('stores a contact message with its image bytes, type, size and hash', async () => {
      const { db, repos } = await fresh();
      const img = new Uint8Array([137, 80, 78, 71, 0, 255]);
      const id = await repos.submissions.insert('contact_messages', {
        values: {
          name: 'Sam',
          email: 'sam@example.com',
          subject: 'Hi',
          inq_type: 2,
          message: 'Pricing please',
          img,
          img_type: 'image/png',
          img_size: img.byteLength,
          img_sha256: 'abc',
        },
        isSpam: true,
        createdAt: at,
      });
      const [row] = await rows<any>(
        db,
        `SELECT img, img_type, img_size, img_sha256, inq_type, is_spam FROM contact_messages WHERE id = ${id}`,
      );
      assert.deepEqual(new Uint8Array(row.img), img);
      assert.deepEqual([row.img_size, row.img_type, row.inq_type, row.is_spam], [6, 'image/png', 2, 1]);
      assert.deepEqual(await repos.inbox.findImage('contact-messages', id), { bytes: row.img, type: 'image/png' });
    });

    test('keeps a value that is an object as JSON text (a kind field such as an attribution)', async () => {
      const { db, repos } = await fresh();
      // No column takes an object today: the conversion is checked on the one text column feedback has.
      const id = await repos.submissions.insert('feedback', {
        values: { feedback: { source: 'newsletter', page: '/faq' } },
        isSpam: false,
        createdAt: at,
      });
      assert.deepEqual(
        { ...(await rows(db, `SELECT feedback FROM feedback WHERE id = ${id}`))[0] },
        { feedback: '{"source":"newsletter","page":"/faq"}' },
      );
    });

    test('a repeated newsletter address keeps one row', async () => {
      const { db, repos } = await fresh();
      assert.equal(
        (await repos.submissions.insertOnce(
          'newsletter_subscribers',
          { values: { email: 'ops@fleet.io' }, isSpam: false, createdAt: at },
          'email',
        )) !== null,
        true,
      );
      assert.equal(
        (await repos.submissions.insertOnce(
          'newsletter_subscribers',
          { values: { email: 'ops@fleet.io' }, isSpam: false, createdAt: at },
          'email',
        )) !== null,
        false,
      );
      assert.equal(
        Number((await rows<{ n: number }>(db, 'SELECT count(*) AS n FROM newsletter_subscribers'))[0]?.n),
        1,
      );
    });

    test('a transaction stores all of its writes or none', async () => {
      const { db, repos } = await fresh();
      await assert.rejects(
        db.transaction(async (trx) => {
          await createRepositories(trx).submissions.insert('feedback', {
            values: { feedback: 'kept?' },
            isSpam: false,
            createdAt: at,
          });
          throw new Error('fails after the insert');
        }),
      );
      assert.equal((await repos.inbox.list('feedback', {}, 1, 10)).total, 0);
    });
  });

  describe(`content repository and seed (${engine})`, () => {
    test('seeding adds the FAQ and glossary once; running it again changes nothing', async () => {
      const { db, repos } = await fresh();
      const first = await seedContent(db);
      assert.ok(first.faqs >= 12, `at least 12 FAQ items, got ${first.faqs}`);
      assert.ok(first.glossary >= 80, `at least 80 glossary terms, got ${first.glossary}`);
      const faqsBefore = await repos.content.listFaqs();
      assert.deepEqual(await seedContent(db), { faqs: 0, glossary: 0 });
      assert.deepEqual(await repos.content.listFaqs(), faqsBefore);
    });

    test('the glossary spans at least six categories, each entry complete, terms unique whatever their case', async () => {
      const { db, repos } = await fresh();
      await seedContent(db);
      const entries = await repos.content.listGlossary();
      assert.ok(new Set(entries.map((e) => e.category)).size >= 6);
      for (const entry of entries) {
        assert.equal(typeof entry.id, 'number');
        assert.ok(entry.term && entry.description && entry.category);
      }
      const { term, category } = entries[0]!;
      await assert.rejects(
        repos.content.insertGlossaryEntry(
          { category: category.toLowerCase(), term: term.toUpperCase(), description: 'dup' },
          { at, username: 'a' },
        ),
      );
      // Unique within a category only (issue 19): the same term may stand in another one.
      assert.ok(
        await repos.content.insertGlossaryEntry(
          { category: 'Elsewhere', term, description: 'other' },
          { at, username: 'a' },
        ),
      );
    });

    test('reseeding never brings back an item staff changed or deleted, and never overwrites an edit', async () => {
      const { db, repos } = await fresh();
      await seedContent(db);
      const [faq] = await repos.content.listStaffFaqs();
      const [entry] = await repos.content.listStaffGlossary();
      assert.ok(
        await repos.content.updateFaq(
          faq!.id,
          faq!.version,
          { question: 'Edited?', answer: 'Edited.', hidden: false },
          { at, username: 'a' },
        ),
      );
      assert.ok(await repos.content.deleteGlossaryEntry(entry!.id, entry!.version));
      assert.deepEqual(await seedContent(db), { faqs: 0, glossary: 0 });
      assert.equal((await repos.content.findFaq(faq!.id))?.question, 'Edited?');
      assert.equal(await repos.content.findGlossaryTerm(entry!.category, entry!.term), null);
      // A question new in content/ is still added, after the existing ones.
      assert.equal(await repos.content.addMissingFaqs([{ question: 'Brand new?', answer: 'Yes.' }]), 1);
      assert.equal((await repos.content.listFaqs()).at(-1)?.question, 'Brand new?');
    });

    test('FAQ items keep the order of content/faq.yaml', async () => {
      const { repos } = await fresh();
      await repos.content.addMissingFaqs([
        { question: 'Second?', answer: 'B' },
        { question: 'First?', answer: 'A' },
      ]);
      assert.deepEqual(
        (await repos.content.listFaqs()).map((f) => f.question),
        ['Second?', 'First?'],
      );
    });
  });

  describe(`content editing (${engine})`, () => {
    const editing = async () => {
      const { db, repos } = await fresh();
      let invalidations = 0;
      const content = { invalidate: async () => void invalidations++ } as unknown as ContentService;
      return {
        db,
        repos,
        edit: unwrapped(createContentEditing({ database: db, content, previewSecret: 'x'.repeat(32) })),
        invalidations: () => invalidations,
      };
    };

    test('add, save, hide, delete: each change is stored with its history and tells every instance', async () => {
      const { repos, edit, invalidations } = await editing();
      const added = await edit.addFaq({ question: 'Can drivers sign?', answer: 'Yes.', hidden: false }, 'ann');
      assert.equal(added.version, 1);
      assert.equal(added.updatedBy, 'ann');
      const saved = await edit.updateFaq(
        added.id,
        1,
        { question: 'Can drivers sign on glass?', answer: 'Yes, in the app.', hidden: true },
        'bob',
      );
      assert.equal(saved.version, 2);
      assert.deepEqual(await repos.content.listFaqs(), [], 'a hidden item leaves the public list');
      const history = await edit.history('faq', added.id);
      assert.deepEqual(
        history.map((h) => [h.action, h.version, h.username]),
        [
          ['update', 2, 'bob'],
          ['create', 1, 'ann'],
        ],
      );
      assert.deepEqual(history[0]!.before, { question: 'Can drivers sign?', answer: 'Yes.', hidden: false });
      assert.deepEqual(history[0]!.after, {
        question: 'Can drivers sign on glass?',
        answer: 'Yes, in the app.',
        hidden: true,
      });
      await edit.deleteFaq(added.id, 2, 'ann');
      assert.equal(await repos.content.findFaq(added.id), null);
      assert.equal((await edit.history('faq', added.id))[0]!.action, 'delete');
      assert.equal(invalidations(), 3);
    });

    test('a save from a stale version is refused with who changed it and when, and changes nothing', async () => {
      const { repos, edit } = await editing();
      const item = await edit.addFaq({ question: 'Q?', answer: 'A.', hidden: false }, 'ann');
      const theirs = await edit.updateFaq(item.id, 1, { question: 'Q?', answer: 'Theirs.', hidden: false }, 'bob');
      await assert.rejects(
        edit.updateFaq(item.id, 1, { question: 'Q?', answer: 'Mine.', hidden: false }, 'ann'),
        (error: Error & { reason: string }) => {
          assert.equal(error.reason, 'conflict');
          assert.ok(
            error.message.startsWith(`Changed by bob at ${theirs.updatedAt} since you opened it`),
            error.message,
          );
          return true;
        },
      );
      await assert.rejects(edit.deleteFaq(item.id, 1, 'ann'), /Changed by bob/);
      assert.equal((await repos.content.findFaq(item.id))?.answer, 'Theirs.');
      assert.equal((await edit.history('faq', item.id)).length, 2);
      await edit.deleteFaq(item.id, 2, 'bob');
      await assert.rejects(
        edit.updateFaq(item.id, 2, { question: 'Q?', answer: 'Late.', hidden: false }, 'ann'),
        (error: Error & { reason: string }) => error.reason === 'not-found',
      );
    });

    test('restore puts an earlier version back as a new version', async () => {
      const { edit } = await editing();
      const item = await edit.addFaq({ question: 'Q?', answer: 'First.', hidden: false }, 'ann');
      await edit.updateFaq(item.id, 1, { question: 'Q?', answer: 'Second.', hidden: false }, 'bob');
      const first = (await edit.history('faq', item.id)).find((h) => h.action === 'create')!;
      const restored = await edit.restoreFaq(item.id, 2, first.id, 'ann');
      assert.equal(restored.answer, 'First.');
      assert.equal(restored.version, 3);
      assert.equal((await edit.history('faq', item.id))[0]!.action, 'restore');
      await assert.rejects(
        edit.restoreFaq(item.id, 3, 999_999, 'ann'),
        (error: Error & { reason: string }) => error.reason === 'not-found',
      );
    });

    test('duplicates are refused: the same question, the same term in a category whatever its case', async () => {
      const { edit } = await editing();
      await edit.addFaq({ question: 'Q?', answer: 'A.', hidden: false }, 'ann');
      await assert.rejects(
        edit.addFaq({ question: 'Q?', answer: 'B.', hidden: false }, 'ann'),
        (error: Error & { reason: string }) => error.reason === 'conflict',
      );
      await edit.addEntry({ category: 'Fleet', term: 'POD', description: 'Proof of delivery.' }, 'ann');
      await assert.rejects(
        edit.addEntry({ category: 'fleet', term: 'pod', description: 'Again.' }, 'ann'),
        /already in this category/,
      );
      await edit.addEntry({ category: 'Billing', term: 'POD', description: 'Payment on delivery.' }, 'ann');
    });

    test('reorder needs every id once; move goes up and down one place', async () => {
      const { edit } = await editing();
      const a = await edit.addFaq({ question: 'A?', answer: 'a', hidden: false }, 'ann');
      const b = await edit.addFaq({ question: 'B?', answer: 'b', hidden: false }, 'ann');
      const c = await edit.addFaq({ question: 'C?', answer: 'c', hidden: false }, 'ann');
      assert.deepEqual(
        (await edit.reorderFaqs([c.id, a.id, b.id], 'ann')).map((f) => f.question),
        ['C?', 'A?', 'B?'],
      );
      await assert.rejects(edit.reorderFaqs([c.id, a.id], 'ann'), /changed since you opened it/);
      await assert.rejects(edit.reorderFaqs([c.id, a.id, a.id], 'ann'), /changed since you opened it/);
      assert.deepEqual(
        (await edit.moveFaq(a.id, -1, 'ann')).map((f) => f.question),
        ['A?', 'C?', 'B?'],
      );
      assert.deepEqual(
        (await edit.moveFaq(b.id, 1, 'ann')).map((f) => f.question),
        ['A?', 'C?', 'B?'],
      );
    });

    test('renaming a category moves every entry or none', async () => {
      const { repos, edit } = await editing();
      await edit.addEntry({ category: 'Fleet', term: 'POD', description: 'x' }, 'ann');
      await edit.addEntry({ category: 'Fleet', term: 'ETA', description: 'y' }, 'ann');
      await edit.addEntry({ category: 'Billing', term: 'ETA', description: 'z' }, 'ann');
      await assert.rejects(edit.renameCategory('Fleet', 'Billing', 'ann'), /already in this category/);
      assert.equal((await repos.content.listCategory('Fleet')).length, 2);
      assert.deepEqual(await edit.renameCategory('fleet', 'Vehicles', 'ann'), { renamed: 2 });
      assert.deepEqual(
        (await repos.content.listCategory('Vehicles')).map((e) => e.version),
        [2, 2],
      );
      await assert.rejects(
        edit.renameCategory('Nowhere', 'X', 'ann'),
        (error: Error & { reason: string }) => error.reason === 'not-found',
      );
    });

    test('CSV import: the preview says add, change, unchanged or refuse per row; the import saves all rows or none', async () => {
      const { repos, edit } = await editing();
      await edit.addEntry({ category: 'Fleet', term: 'POD', description: 'Proof of delivery.' }, 'ann');
      await edit.addEntry({ category: 'Fleet', term: 'ETA', description: 'Estimated arrival.' }, 'ann');
      const lines = [
        '\uFEFFCategory,Term,Description',
        'Fleet,POD,Proof of delivery.',
        'fleet,eta,"Estimated time of arrival, live."',
        'Billing,Invoice,"A bill; ""quoted"""',
        'Billing,,No term',
        'Billing,invoice,Again',
      ];
      const csv = lines.join('\r\n') + '\r\n';
      const preview = await edit.importGlossary(csv, true, 'ann');
      assert.equal(preview.saved, false);
      assert.deepEqual(
        preview.rows.map((r) => [r.line, r.outcome]),
        [
          [2, 'unchanged'],
          [3, 'change'],
          [4, 'add'],
          [5, 'refuse'],
          [6, 'refuse'],
        ],
      );
      assert.equal(preview.rows[2]!.description, 'A bill; "quoted"');
      assert.equal(preview.rows[3]!.message, 'Term is required');
      const refused = await edit.importGlossary(csv, false, 'ann');
      assert.equal(refused.saved, false);
      assert.equal((await repos.content.listStaffGlossary()).length, 2, 'nothing stored while a row is refused');
      assert.equal((await edit.importGlossary(lines.slice(0, 4).join('\n'), false, 'ann')).saved, true);
      const stored = await repos.content.listStaffGlossary();
      assert.deepEqual(
        stored.map((e) => [e.category, e.term]).sort(),
        [
          ['Billing', 'Invoice'],
          ['Fleet', 'POD'],
          ['fleet', 'eta'],
        ].sort(),
      );
      const eta = stored.find((e) => e.term === 'eta')!;
      assert.equal((await edit.history('glossary', eta.id))[0]!.action, 'import');
      await assert.rejects(edit.importGlossary('term,description\nA,B', true, 'ann'), /first line must be the columns/);
      await assert.rejects(
        edit.importGlossary('category,term,description\n"open', true, 'ann'),
        /closing " is missing/,
      );
    });

    test('export: the table columns, formulas neutralised, and it imports back unchanged', async () => {
      const { edit } = await editing();
      await edit.addEntry({ category: 'Fleet', term: '=SUM(A1)', description: 'Line one, "two"' }, 'ann');
      const csv = await edit.exportGlossary();
      assert.ok(csv.startsWith('\uFEFFCategory,Term,Description\r\n'));
      assert.match(csv, /'=SUM\(A1\)/);
      assert.deepEqual(
        (await edit.importGlossary(csv, true, 'ann')).rows.map((r) => r.outcome),
        ['unchanged'],
      );
    });
  });

  describe(`users and sessions repositories (${engine})`, () => {
    test('users are admins unless made sales; the role can change', async () => {
      const { repos } = await fresh();
      await repos.users.create('ann', 'hash', at);
      await repos.users.create('sam', 'hash', at, null, 'sales');
      assert.equal((await repos.users.findByUsername('ann'))?.role, 'admin');
      assert.equal((await repos.users.findByUsername('sam'))?.role, 'sales');
      assert.ok(await repos.users.setRole('SAM', 'admin'));
      assert.equal((await repos.users.findByUsername('sam'))?.role, 'admin');
      assert.equal(await repos.users.setRole('nobody', 'admin'), false);
      await assert.rejects(repos.users.create('root', 'hash', at, null, 'root' as 'admin'), /check constraint/i);
    });

    test('usernames are unique regardless of case', async () => {
      const { repos } = await fresh();
      await repos.users.create('Alice', 'hash', at);
      await assert.rejects(repos.users.create('alice', 'hash', at));
      assert.equal((await repos.users.findByUsername('ALICE'))?.username, 'Alice');
      assert.equal(await repos.users.findByUsername('bob'), null);
      assert.equal(await repos.users.disable('ALICE', at), true);
      assert.equal(await repos.users.setPassword('alice', 'hash2'), true);
      assert.deepEqual(
        (await repos.users.list()).map((user) => [user.username, user.disabledAt]),
        [['Alice', null]],
      );
    });

    test('a session is revoked once; revoking all for a user counts live sessions', async () => {
      const { repos } = await fresh();
      const userId = await repos.users.create('alice', 'hash', at);
      await repos.sessions.create({ userId, sessionId: 's1', tokenHash: 'h1', createdAt: at, expiresAt: at });
      await repos.sessions.create({ userId, sessionId: 's2', tokenHash: 'h2', createdAt: at, expiresAt: at });
      assert.equal(await repos.sessions.revoke('s1', at), true);
      assert.equal(await repos.sessions.revoke('s1', at), false);
      assert.equal(await repos.sessions.revokeAllForUser(userId, at), 1);
      assert.equal((await repos.sessions.findBySessionId('s2'))?.revokedAt, at);
      assert.equal(await repos.sessions.findBySessionId('nope'), null);
    });

    test('failures are counted atomically, locked at the threshold, taken back and cleared', async () => {
      const { repos } = await fresh();
      const policy = { staleBefore: '2026-11-21T09:45:00.000Z', threshold: 5, lockUntil: '2026-11-21T10:15:00.000Z' };
      const counts = await Promise.all(
        Array.from({ length: 8 }, () => repos.sessions.recordFailure('user:alice', at, policy)),
      );
      assert.deepEqual(
        counts.map((c) => c.failures).sort((a, b) => a - b),
        [1, 2, 3, 4, 5, 6, 7, 8],
      );
      assert.deepEqual(
        { ...(await repos.sessions.findFailures('user:alice')) },
        { failures: 8, lastFailedAt: at, lockedUntil: policy.lockUntil },
      );
      await repos.sessions.takeBackFailure('user:alice', 5);
      await repos.sessions.takeBackFailure('user:alice', 5);
      await repos.sessions.takeBackFailure('user:alice', 5);
      assert.deepEqual(
        { ...(await repos.sessions.findFailures('user:alice')) },
        { failures: 5, lastFailedAt: at, lockedUntil: policy.lockUntil },
      );
      await repos.sessions.takeBackFailure('user:alice', 5);
      assert.equal((await repos.sessions.findFailures('user:alice'))?.lockedUntil, null);
      // A counter whose last failure is stale and that is not locked starts again from one.
      const later = '2026-11-21T11:00:00.000Z';
      assert.equal(
        (
          await repos.sessions.recordFailure('user:alice', later, {
            ...policy,
            staleBefore: '2026-11-21T10:45:00.000Z',
          })
        ).failures,
        1,
      );
      await repos.sessions.clearFailures('user:alice');
      assert.equal(await repos.sessions.findFailures('user:alice'), null);
    });
  });

  describe(`inbox repository (${engine})`, () => {
    test('new submissions start as new, or spam when the honeypot was filled', async () => {
      const { repos } = await fresh();
      const real = await repos.submissions.insert('feedback', {
        values: { feedback: 'real' },
        isSpam: false,
        createdAt: at,
      });
      const bot = await repos.submissions.insert('feedback', {
        values: { feedback: 'bot' },
        isSpam: true,
        createdAt: at,
      });
      await repos.submissions.insertOnce(
        'newsletter_subscribers',
        { values: { email: 'bot@spam.com' }, isSpam: true, createdAt: at },
        'email',
      );
      assert.equal((await repos.inbox.find('feedback', real))?.status, 'new');
      assert.equal((await repos.inbox.find('feedback', bot))?.status, 'spam');
      assert.equal((await repos.inbox.counts(['newsletter'], null)).newsletter?.byStatus.spam, 1);
    });

    test('a status change from a status the row no longer has changes and logs nothing', async () => {
      const { repos } = await fresh();
      const id = await repos.submissions.insert('feedback', {
        values: { feedback: 'x' },
        isSpam: false,
        createdAt: at,
      });
      const later = '2026-11-22T00:00:00.000Z';
      assert.equal(
        await repos.inbox.changeStatus({ kind: 'feedback', id, from: 'new', to: 'done', username: 'alice', at: later }),
        true,
      );
      assert.equal(
        await repos.inbox.changeStatus({
          kind: 'feedback',
          id,
          from: 'new',
          to: 'in_progress',
          username: 'bob',
          at: later,
        }),
        false,
      );
      assert.equal((await repos.inbox.find('feedback', id))?.status, 'done');
      assert.deepEqual(
        (await repos.inbox.events('feedback', id)).map((event) => event.username),
        ['alice'],
      );
      assert.equal(
        await repos.inbox.addNote({ kind: 'feedback', id, note: 'called back', username: 'alice', at: later }),
        true,
      );
      assert.equal(
        await repos.inbox.addNote({ kind: 'feedback', id: 999, note: 'x', username: 'alice', at: later }),
        false,
      );
    });

    test('lists newest first, filters by status, dates and text (case-insensitive, wildcards literal), pages, iterates', async () => {
      const { repos } = await fresh();
      for (let day = 1; day <= 30; day++) {
        const createdAt = `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`;
        await repos.submissions.insert('demo_requests', {
          values: {
            name: `Driver ${day}`,
            job_title: 'Ops',
            company: day % 2 ? 'Acme Freight' : 'Road 50% Co',
            country: '61',
            number: '0412345678',
            email: `d${day}@example.com`,
            text: 'Fleet of 12',
          },
          isSpam: day === 30,
          createdAt,
        });
      }
      const page = await repos.inbox.list('demo-requests', {}, 1, 10);
      assert.equal(page.total, 29);
      assert.equal(page.rows[0]?.values.name, 'Driver 29');
      assert.equal((await repos.inbox.list('demo-requests', { status: 'all' }, 3, 10)).rows.length, 10);
      assert.equal((await repos.inbox.list('demo-requests', { status: 'spam' }, 1, 10)).total, 1);
      assert.equal((await repos.inbox.list('demo-requests', { q: 'ACME' }, 1, 10)).total, 15);
      assert.equal((await repos.inbox.list('demo-requests', { q: '50%' }, 1, 10)).total, 14);
      assert.equal((await repos.inbox.list('demo-requests', { q: '5_%' }, 1, 10)).total, 0);
      assert.equal((await repos.inbox.list('demo-requests', { from: '2026-11-10', to: '2026-11-12' }, 1, 10)).total, 3);
      const all: number[] = [];
      for await (const row of repos.inbox.iterate('demo-requests', { status: 'all' }, 7)) all.push(row.id);
      assert.equal(all.length, 30);
      assert.equal(new Set(all).size, 30);
    });
    test('search through the index finds exactly what the plain LIKE finds, and follows edits and deletes', async () => {
      const { db, repos } = await fresh();
      // The same rows read without the engine's index: the LIKE alone, the reference.
      const plain = createRepositories(db.kysely);
      const texts = [
        'Acme Freight',
        'ACME freight',
        'acmE',
        'Road 50% Co',
        'Road 5_0 Co',
        'a_b%c',
        'say "hi" now',
        'Café Zoë',
        'CAFÉ ZOË',
        'x',
        'ab',
        'line\nbreak',
        'tab\there',
        'Straße',
        'İstanbul',
        'ﬁne print',
        '😀 trucks',
        "it's",
      ];
      const ids: number[] = [];
      for (const text of texts)
        ids.push(
          await repos.submissions.insert('feedback', { values: { feedback: text }, isSpam: false, createdAt: at }),
        );
      const terms = [
        'acme',
        'ACME',
        'cme f',
        '50%',
        '5_0',
        '_',
        '%',
        'a_b%',
        '"hi"',
        'say "',
        'café',
        'CAFÉ',
        'zoë',
        'é z',
        'x',
        'ab',
        'abc',
        'e\nb',
        'b\th',
        'straße',
        'STRASSE',
        'istanbul',
        'i̇stanbul',
        'fine',
        'ﬁne',
        '😀 t',
        "t's",
        'zzz',
        '\\',
      ];
      const found = async (r: Repositories, q: string) =>
        (await r.inbox.list('feedback', { q, status: 'all' }, 1, 100)).rows.map((row) => row.id).sort((a, b) => a - b);
      for (const q of terms) {
        const expected = await found(plain, q);
        assert.deepEqual(await found(repos, q), expected, `search ${JSON.stringify(q)}`);
        assert.equal(
          (await repos.inbox.list('feedback', { q, status: 'all' }, 1, 100)).total,
          expected.length,
          `count of ${JSON.stringify(q)}`,
        );
      }
      assert.deepEqual(await found(repos, 'acme'), ids.slice(0, 3));
      // Many matches beside the page (the page is then found by walking the sort order) or few:
      // the same rows in the same order as the plain LIKE, page by page.
      for (let n = 0; n < 45; n++)
        await repos.submissions.insert('feedback', {
          values: { feedback: `Fleet ${n % 7}` },
          isSpam: false,
          createdAt: `2026-11-0${1 + (n % 9)}T00:00:00.000Z`,
        });
      for (const [page, size] of [
        [1, 1],
        [2, 1],
        [1, 10],
        [5, 10],
        [1, 25],
        [2, 25],
        [46, 1],
      ] as const) {
        for (const order of [undefined, { sort: 'received', dir: 'asc' }, { sort: 'status', dir: 'desc' }] as const) {
          const [mine, theirs] = await Promise.all(
            [repos, plain].map((r) => r.inbox.list('feedback', { q: 'FLEET' }, page, size, order)),
          );
          assert.deepEqual(
            mine!.rows.map((row) => row.id),
            theirs!.rows.map((row) => row.id),
            `page ${page} of ${size}, ${JSON.stringify(order)}`,
          );
          assert.equal(mine!.total, 45);
        }
      }
      // An edit moves the row in the index (as staff never edit text, the table is written directly).
      await rows(db, `UPDATE feedback SET feedback = 'Blue Gum Haulage' WHERE id = ${ids[0]}`);
      assert.deepEqual(await found(repos, 'acme'), ids.slice(1, 3));
      assert.deepEqual(await found(repos, 'gum haul'), [ids[0]]);
      // A status change leaves the text, and the search, alone; a delete (the purge) takes it out.
      await rows(db, `UPDATE feedback SET status = 'done' WHERE id = ${ids[1]}`);
      await rows(db, `DELETE FROM feedback WHERE id = ${ids[2]}`);
      assert.deepEqual(await found(repos, 'acme'), [ids[1]]);
      assert.deepEqual(await found(plain, 'acme'), [ids[1]]);
    });

    test('counts per status and unread for several kinds in one call', async () => {
      const { repos } = await fresh();
      const a = await repos.submissions.insert('feedback', { values: { feedback: 'a' }, isSpam: false, createdAt: at });
      await repos.submissions.insert('feedback', { values: { feedback: 'b' }, isSpam: false, createdAt: at });
      const spam = await repos.submissions.insert('feedback', {
        values: { feedback: 'c' },
        isSpam: true,
        createdAt: at,
      });
      await repos.submissions.insertOnce(
        'newsletter_subscribers',
        { values: { email: 'n@example.com' }, isSpam: false, createdAt: at },
        'email',
      );
      await repos.inbox.changeStatus({ kind: 'feedback', id: a, from: 'new', to: 'done', username: 'alice', at });
      await repos.inbox.markRead('feedback', a, 'alice', at);
      await repos.inbox.markRead('feedback', spam, 'alice', at);
      const counts = await repos.inbox.counts(['feedback', 'newsletter', 'demo-requests'], 'alice');
      assert.deepEqual(counts, {
        feedback: { byStatus: { new: 1, done: 1, spam: 1 }, unread: 1 },
        newsletter: { byStatus: { new: 1 }, unread: 1 },
        'demo-requests': { byStatus: {}, unread: 0 },
      });
      // alice read feedback 1, not newsletter 1 (same id, another kind); bob read nothing.
      assert.equal(a, 1);
      assert.equal((await repos.inbox.counts(['feedback'], 'bob')).feedback?.unread, 2);
      assert.equal((await repos.inbox.counts(['feedback'], null)).feedback?.unread, 0);
    });
  });

  describe(`inbox owners, reads and bulk changes (${engine})`, () => {
    /** Five contact messages with names and subjects out of order, one of them spam. */
    async function seeded() {
      const { db, repos } = await fresh();
      const names = ['carol', 'Alice', 'eve', 'bob', 'Dan'];
      const ids: number[] = [];
      for (const [index, name] of names.entries()) {
        ids.push(
          await repos.submissions.insert('contact_messages', {
            values: {
              name,
              email: `${name.toLowerCase()}@example.com`,
              subject: `S${5 - index}`,
              inq_type: 1,
              message: 'm',
              img: new Uint8Array([1]),
              img_type: 'image/png',
              img_size: 1,
              img_sha256: 'x',
            },
            isSpam: index === 4,
            createdAt: `2026-11-0${index + 1}T00:00:00.000Z`,
          }),
        );
      }
      return { db, repos, ids };
    }
    const names = (page: { rows: { values: Record<string, unknown> }[] }) => page.rows.map((row) => row.values.name);

    test('sorts by each column both ways (case-folded, ties by id), and neighbours follow the order', async () => {
      const { repos, ids } = await seeded();
      const all = { status: 'all' } as const;
      assert.deepEqual(names(await repos.inbox.list('contact-messages', all, 1, 10, { sort: 'name', dir: 'asc' })), [
        'Alice',
        'bob',
        'carol',
        'Dan',
        'eve',
      ]);
      assert.deepEqual(names(await repos.inbox.list('contact-messages', all, 1, 10, { sort: 'name', dir: 'desc' })), [
        'eve',
        'Dan',
        'carol',
        'bob',
        'Alice',
      ]);
      assert.deepEqual(names(await repos.inbox.list('contact-messages', all, 1, 10, { sort: 'subject', dir: 'asc' })), [
        'Dan',
        'bob',
        'eve',
        'Alice',
        'carol',
      ]);
      assert.deepEqual(
        names(await repos.inbox.list('contact-messages', all, 1, 10, { sort: 'received', dir: 'asc' })),
        ['carol', 'Alice', 'eve', 'bob', 'Dan'],
      );
      // Status: new before in progress before done before spam.
      await repos.inbox.changeStatus({
        kind: 'contact-messages',
        id: ids[0]!,
        from: 'new',
        to: 'done',
        username: 'a',
        at,
      });
      assert.deepEqual(names(await repos.inbox.list('contact-messages', all, 1, 10, { sort: 'status', dir: 'asc' })), [
        'Alice',
        'eve',
        'bob',
        'carol',
        'Dan',
      ]);
      // Owner: nobody's first ascending.
      await repos.inbox.changeOwner({ kind: 'contact-messages', id: ids[2]!, to: 'zed', username: 'a', at });
      await repos.inbox.changeOwner({ kind: 'contact-messages', id: ids[3]!, to: 'amy', username: 'a', at });
      assert.deepEqual(
        names(await repos.inbox.list('contact-messages', all, 1, 10, { sort: 'owner', dir: 'desc' })).slice(0, 2),
        ['eve', 'bob'],
      );
      // Neighbours in name order, spam excluded by the default filter.
      const order = { sort: 'name', dir: 'asc' } as const;
      assert.deepEqual(await repos.inbox.neighbours('contact-messages', ids[3]!, {}, order), {
        previous: ids[1],
        next: ids[0],
      });
      assert.deepEqual(await repos.inbox.neighbours('contact-messages', ids[1]!, {}, order), {
        previous: null,
        next: ids[3],
      });
      assert.deepEqual(await repos.inbox.neighbours('contact-messages', ids[2]!, {}, order), {
        previous: ids[0],
        next: null,
      });
      assert.deepEqual(await repos.inbox.neighbours('contact-messages', ids[4]!, {}, order), {
        previous: null,
        next: null,
      });
    });

    test('owner filters (someone, nobody), owner events, unread per reader', async () => {
      const { repos, ids } = await seeded();
      assert.deepEqual(
        await repos.inbox.changeOwner({ kind: 'contact-messages', id: ids[0]!, to: 'alice', username: 'bob', at }),
        { changed: true, from: null },
      );
      assert.deepEqual(
        await repos.inbox.changeOwner({ kind: 'contact-messages', id: ids[0]!, to: 'alice', username: 'bob', at }),
        { changed: false, from: 'alice' },
      );
      assert.equal(
        await repos.inbox.changeOwner({ kind: 'contact-messages', id: 999, to: 'alice', username: 'bob', at }),
        null,
      );
      assert.equal((await repos.inbox.list('contact-messages', { owner: 'alice' }, 1, 10)).total, 1);
      assert.equal((await repos.inbox.list('contact-messages', { owner: null }, 1, 10)).total, 3);
      assert.deepEqual(
        (await repos.inbox.events('contact-messages', ids[0]!)).map((e) => [
          e.action,
          e.username,
          e.from_owner,
          e.to_owner,
        ]),
        [['owner', 'bob', null, 'alice']],
      );
      assert.equal(await unread(repos, 'alice'), 4);
      await repos.inbox.markRead('contact-messages', ids[0]!, 'alice', at);
      await repos.inbox.markRead('contact-messages', ids[0]!, 'alice', at);
      assert.equal(await unread(repos, 'alice'), 3);
      assert.equal(await unread(repos, 'bob'), 4);
      const page = await repos.inbox.list('contact-messages', { ids: [ids[0]!, ids[1]!] }, 1, 10, undefined, 'alice');
      assert.deepEqual(
        page.rows.map((row) => [row.id, row.unread, row.owner]),
        [
          [ids[1], true, null],
          [ids[0], false, 'alice'],
        ],
      );
      await repos.inbox.markUnread('contact-messages', ids[0]!, 'alice');
      assert.equal(await unread(repos, 'alice'), 4);
    });

    test('bulk: all of it or nothing (unknown id, refused by the check), one event per real change', async () => {
      const { db, repos, ids } = await seeded();
      const base = { kind: 'contact-messages' as const, username: 'bob', at, check: () => null };
      const missing = await repos.inbox.bulk({ ...base, ids: [ids[0]!, 999], status: 'done', owner: 'alice' });
      assert.deepEqual(missing, { ok: false, missing: [999] });
      const refused = await repos.inbox.bulk({ ...base, ids: [ids[0]!, ids[4]!], status: 'done', check: () => 'no' });
      assert.deepEqual(refused, { ok: false, refused: 'no' });
      assert.equal(
        Number(
          (
            await rows<{ n: number }>(
              db,
              "SELECT count(*) AS n FROM contact_messages WHERE status = 'done' OR owner IS NOT NULL",
            )
          )[0]!.n,
        ),
        0,
      );
      assert.equal(Number((await rows<{ n: number }>(db, 'SELECT count(*) AS n FROM submission_events'))[0]!.n), 0);
      await repos.inbox.changeOwner({ kind: 'contact-messages', id: ids[1]!, to: 'alice', username: 'bob', at });
      const done = await repos.inbox.bulk({
        ...base,
        ids: [ids[0]!, ids[1]!, ids[1]!],
        status: 'in_progress',
        owner: 'alice',
      });
      assert.ok(done.ok);
      assert.deepEqual([done.changed.sort((a, b) => a - b), done.ownerChanged], [[ids[0], ids[1]], [ids[0]]]);
      assert.equal(Number((await rows<{ n: number }>(db, 'SELECT count(*) AS n FROM submission_events'))[0]!.n), 4);
      // A failure half-way (the CHECK refusing a status) leaves nothing behind.
      await assert.rejects(
        repos.inbox.bulk({ ...base, ids: [ids[2]!, ids[3]!], owner: 'carol', status: 'bogus' as never }),
      );
      assert.equal((await repos.inbox.list('contact-messages', { owner: 'carol' }, 1, 10)).total, 0);
      // 500 ids at once, in one transaction.
      const many: number[] = [];
      for (let i = 0; i < 500; i++)
        many.push(
          await repos.submissions.insert('feedback', { values: { feedback: `f${i}` }, isSpam: false, createdAt: at }),
        );
      const big = await repos.inbox.bulk({ ...base, kind: 'feedback', ids: many, owner: 'alice', status: 'done' });
      assert.equal(big.ok && big.changed.length, 500);
    });
  });

  describe(`refresh token rotation (${engine})`, () => {
    test('rotates once per token; the old hash is retired; a lost race or a revoked session does not rotate', async () => {
      const { repos } = await fresh();
      const userId = await repos.users.create('alice', 'hash', at, 'alice@example.com');
      assert.equal((await repos.users.findById(userId))?.email, 'alice@example.com');
      await repos.sessions.create({ userId, sessionId: 's1', tokenHash: 'h1', createdAt: at, expiresAt: at });
      assert.equal((await repos.sessions.findByTokenHash('h1'))?.lastUsedAt, at);
      const later = '2026-11-21T11:00:00.000Z';
      const race = await Promise.all([
        repos.sessions.rotate({ sessionId: 's1', fromHash: 'h1', toHash: 'h2', at: later }),
        repos.sessions.rotate({ sessionId: 's1', fromHash: 'h1', toHash: 'h3', at: later }),
      ]);
      assert.deepEqual(race.sort(), [false, true]);
      const current = (await repos.sessions.findBySessionId('s1'))!;
      assert.equal(current.lastUsedAt, later);
      assert.equal(await repos.sessions.findByTokenHash('h1'), null);
      assert.equal(await repos.sessions.findRetired('h1'), 's1');
      assert.equal(await repos.sessions.findRetired('h9'), null);
      const live = (await repos.sessions.findByTokenHash('h2')) ? 'h2' : 'h3';
      await repos.sessions.revoke('s1', later);
      assert.equal(await repos.sessions.rotate({ sessionId: 's1', fromHash: live, toHash: 'h4', at: later }), false);
    });
  });

  describe(`idempotency keys (${engine})`, () => {
    const key = { kind: 'feedback', key: 'k-0123456789', bodySha256: 'a'.repeat(64), message: 'Thanks', createdAt: at };
    test('a key is claimed once; found while live, gone once expired', async () => {
      const { repos } = await fresh();
      assert.equal(await repos.idempotency.claim(key, '2026-11-20T10:00:00.000Z'), true);
      assert.equal(
        await repos.idempotency.claim({ ...key, bodySha256: 'b'.repeat(64) }, '2026-11-20T10:00:00.000Z'),
        false,
      );
      assert.deepEqual(await repos.idempotency.find('feedback', key.key, '2026-11-20T10:00:00.000Z'), {
        bodySha256: key.bodySha256,
        message: 'Thanks',
        createdAt: at,
      });
      assert.equal(await repos.idempotency.find('newsletter', key.key, '2026-11-20T10:00:00.000Z'), null);
      assert.equal(await repos.idempotency.find('feedback', key.key, '2026-11-22T10:00:00.000Z'), null);
      // A claim after the key expired deletes it and takes it again.
      assert.equal(
        await repos.idempotency.claim({ ...key, createdAt: '2026-11-23T10:00:00.000Z' }, '2026-11-22T10:00:00.000Z'),
        true,
      );
    });

    test('20 concurrent identical submissions through the intake: one row, twenty identical answers', async () => {
      const { db, repos } = await fresh();
      const intake = createIntake({ submissions: createSubmissionService(db), keys: repos.idempotency, checkImage });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => intake.feedback({ feedback: 'Once only' }, 'same-key-0001')),
      );
      // The same answer for all twenty; exactly one of them stored the row.
      assert.deepEqual(
        new Set(answers.map((answer) => (answer.ok ? answer.value.message : answer.message))),
        new Set(['Thank you for your feedback.']),
      );
      assert.equal(answers.filter((answer) => answer.ok && !answer.value.repeated).length, 1);
      const [stored] = await rows<{ n: number | string }>(
        db,
        "SELECT count(*) AS n FROM feedback WHERE feedback = 'Once only'",
      );
      assert.equal(Number(stored?.n), 1);
      const conflict = await intake.feedback({ feedback: 'Something else' }, 'same-key-0001');
      assert.equal(!conflict.ok && conflict.kind, 'conflict');
    });
  });

  describe(`outbox and rate-limit repositories (${engine})`, () => {
    test('of several workers claiming at once, each due message goes to exactly one', async () => {
      const { repos } = await fresh();
      for (let n = 0; n < 6; n++) {
        await repos.outbox.add({
          kind: 'sales-demo',
          submissionKind: 'demo-requests',
          submissionId: n,
          recipient: 'sales@example.com',
          replyTo: null,
          subject: `s${n}`,
          bodyText: 'b',
          messageId: `<m${n}@example.com>`,
          createdAt: at,
        });
      }
      assert.deepEqual(await repos.outbox.waiting(), { count: 6, oldestCreatedAt: at });
      const lease = '2026-11-21T10:02:00.000Z';
      const claims = await Promise.all(Array.from({ length: 12 }, () => repos.outbox.claimNextDue(at, lease)));
      const won = claims.filter((row) => row !== null).map((row) => row!.id);
      assert.equal(won.length, 6);
      assert.equal(new Set(won).size, 6);
      assert.equal(await repos.outbox.claimNextDue(at, lease), null);
      // After its lease a message is due again: another worker takes over, attempt 2.
      const retaken = await repos.outbox.claimNextDue(lease, '2026-11-21T10:04:00.000Z');
      assert.equal(retaken?.attempts, 2);
      await repos.outbox.markSent(retaken!.id, lease);
      assert.equal((await repos.outbox.waiting()).count, 5);
    });

    test('rate-limit hits count atomically per key and window, and old windows are swept', async () => {
      const { repos } = await fresh();
      const counts = await Promise.all(
        Array.from({ length: 10 }, () => repos.rateLimits.hit('POST /api/SignIn 10.0.0.1', 60_000)),
      );
      assert.deepEqual(
        counts.sort((a, b) => a - b),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      );
      assert.equal(await repos.rateLimits.hit('POST /api/SignIn 10.0.0.1', 120_000), 1);
      assert.equal(await repos.rateLimits.hit('POST /api/SignIn 10.0.0.2', 120_000), 1);
      assert.equal(await repos.rateLimits.deleteOlderThan(120_000), 1);
    });
  });
}

test('helpers: LIKE escaping, status moves, country labels', () => {
  assert.equal(likePattern('50%_a\\b'), '%50\\%\\_a\\\\b%');
  assert.deepEqual(nextStatuses('spam'), ['new']);
  assert.deepEqual(nextStatuses('done'), ['new', 'in_progress', 'spam']);
  assert.equal(countryLabel('61'), '+61 (Australia)');
  assert.equal(countryLabel('44'), '+44 (United Kingdom)');
  assert.equal(countryLabel('1'), '+1 (United States)');
  assert.equal(countryLabel('999'), '+999');
});
