// Drafts, publishing, scheduled publishing, the trash and preview links of the Content area
// (issue 31, decision 052) over real HTTP, on SQLite and on PostgreSQL: a draft never reaches the
// spec's public APIs until published; an edit of a published item leaves the live text until
// Publish; a schedule publishes once, even with two instances looking; the trash drops an item
// from the site at once and gives it back; preview links are signed and expire; bad input is a
// clear 4xx with nothing stored.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CONTENT_MESSAGES } from '../../common/content.ts';
import { createPreviewLinks } from '../../server/services/content-preview.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { startServer, TEST_TOKEN_SECRET, type TestServer } from '../helpers/server.ts';
import { signInAs, type StaffClient } from '../helpers/staff.ts';

const cluster = await startPostgres();
after(async () => cluster?.close());

const engines = [
  { name: 'SQLite', env: async (): Promise<Record<string, string>> => ({}) },
  ...(cluster ? [{ name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await cluster.createDatabase() }) }] : []),
];

/** The token with one character of its signature changed. */
const tampered = (token: string) => `${token.slice(0, -6)}${token.at(-6) === 'A' ? 'B' : 'A'}${token.slice(-5)}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds (the machine is loaded: generous), else fails with `what`. */
async function until(what: string, check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(200);
  }
  assert.fail(`not within ${ms} ms: ${what}`);
}

for (const engine of engines) {
  describe(`drafts, schedule, trash, preview (${engine.name})`, () => {
    let server: TestServer;
    let ada: StaffClient;
    let sam: StaffClient;
    let env: Record<string, string>;
    before(async () => {
      env = { ...(await engine.env()), CONTENT_SCHEDULE_SECONDS: '1' };
      server = await startServer(env);
      ada = await signInAs(server, 'ada');
      sam = await signInAs(server, 'sam', { role: 'sales' });
    });
    after(() => server?.close());

    const publicQuestions = async () =>
      ((await ada.client.get('/api/Faqs/GetAllFromFaqs')).body as { question: string; answer: string }[]).map(
        (item) => `${item.question} ${item.answer}`,
      );
    const publicTerms = async () =>
      (
        (await ada.client.get('/api/Glossary/GetAllFromGlossary')).body[1] as { term: string; description: string }[]
      ).map((entry) => `${entry.term} ${entry.description}`);
    const history = async (path: string) =>
      ((await ada.get(`${path}/history`)).body as { action: string; username: string }[]).map(
        (entry) => `${entry.action}:${entry.username}`,
      );

    test('a new FAQ draft stays off the site until published; an edit of a published item waits for Publish', async () => {
      const created = await ada.call('POST', '/api/content/faqs', {
        question: 'Is the draft private?',
        answer: 'Until published.',
        status: 'draft',
      });
      assert.equal(created.status, 200, created.text);
      const id = created.body.id as number;
      assert.equal(created.body.status, 'draft');
      assert.ok(!(await publicQuestions()).some((line) => line.startsWith('Is the draft private?')));
      assert.equal((await ada.get(`/api/content/faqs/${id}`)).body.status, 'draft');
      // Saving the draft again keeps it a draft; publishing from a stale version is refused.
      const saved = await ada.call('PUT', `/api/content/faqs/${id}`, {
        question: 'Is the draft private?',
        answer: 'Until someone publishes it.',
        status: 'draft',
        version: 1,
      });
      assert.equal(saved.status, 200, saved.text);
      assert.equal(saved.body.version, 2);
      assert.equal((await ada.call('POST', `/api/content/faqs/${id}/publish`, { version: 1 })).status, 409);
      assert.ok(!(await publicQuestions()).some((line) => line.startsWith('Is the draft private?')));
      const published = await ada.call('POST', `/api/content/faqs/${id}/publish`, { version: 2 });
      assert.equal(published.status, 200, published.text);
      assert.equal(published.body.status, 'published');
      assert.ok((await publicQuestions()).includes('Is the draft private? Until someone publishes it.'));
      const nothing = await ada.call('POST', `/api/content/faqs/${id}/publish`, { version: 3 });
      assert.equal(nothing.status, 409);
      assert.equal(nothing.body.errorInfo, CONTENT_MESSAGES.nothingToPublish);

      // An edit saved as a draft: the live text stays, the draft waits beside it.
      const drafted = await ada.call('PUT', `/api/content/faqs/${id}`, {
        question: 'Is the draft private?',
        answer: 'Yes, until Publish.',
        status: 'draft',
        version: 3,
      });
      assert.equal(drafted.status, 200, drafted.text);
      assert.equal(drafted.body.answer, 'Until someone publishes it.');
      assert.equal(drafted.body.draft.answer, 'Yes, until Publish.');
      assert.ok((await publicQuestions()).includes('Is the draft private? Until someone publishes it.'));
      assert.equal((await ada.call('POST', `/api/content/faqs/${id}/publish`, { version: 4 })).status, 200);
      assert.ok((await publicQuestions()).includes('Is the draft private? Yes, until Publish.'));
      assert.deepEqual(await history(`/api/content/faqs/${id}`), [
        'publish:ada',
        'draft:ada',
        'publish:ada',
        'draft:ada',
        'create:ada',
      ]);
      // A sales user may not publish.
      assert.equal((await sam.call('POST', `/api/content/faqs/${id}/publish`, { version: 5 })).status, 403);
    });

    test('a glossary draft stays off the site and the glossary API until published', async () => {
      const created = await ada.call('POST', '/api/content/glossary', {
        category: 'Drafts',
        term: 'Unpublished term',
        description: 'Not yet.',
        status: 'draft',
      });
      assert.equal(created.status, 200, created.text);
      assert.ok(!(await publicTerms()).some((line) => line.startsWith('Unpublished term')));
      const published = await ada.call('POST', `/api/content/glossary/${created.body.id}/publish`, { version: 1 });
      assert.equal(published.status, 200, published.text);
      assert.ok((await publicTerms()).includes('Unpublished term Not yet.'));
    });

    test('bad input is refused with a clear 4xx and nothing stored', async () => {
      const rows = () => server.app.database.kysely.selectFrom('faqs').select('id').execute();
      const before = (await rows()).length;
      const base = { question: 'Bad schedule?', answer: 'No.' };
      const inAMinute = new Date(Date.now() + 60_000).toISOString();
      const cases: [unknown, number, string][] = [
        [{ ...base, status: 'live' }, 400, CONTENT_MESSAGES.badStatus],
        [{ ...base, status: 'draft', publish_at: 'tomorrow' }, 400, CONTENT_MESSAGES.badPublishAt],
        [{ ...base, status: 'draft', publish_at: '2020-01-01T00:00:00Z' }, 400, CONTENT_MESSAGES.publishAtPast],
        [{ ...base, publish_at: inAMinute }, 400, CONTENT_MESSAGES.publishAtDraftOnly],
      ];
      for (const [body, status, message] of cases) {
        const answer = await ada.call('POST', '/api/content/faqs', body);
        assert.equal(answer.status, status, JSON.stringify(body));
        assert.equal(answer.body.errorInfo, message, JSON.stringify(body));
      }
      assert.equal((await rows()).length, before);
      assert.equal((await ada.call('POST', '/api/content/faqs/999999/publish', { version: 1 })).status, 404);
      assert.equal((await ada.call('POST', '/api/content/faqs/1/publish', {})).status, 400);
      assert.equal((await ada.call('POST', '/api/content/faqs/abc/untrash', { version: 1 })).status, 404);
      assert.equal((await ada.call('POST', '/api/content/faqs/999999/preview-link')).status, 404);
    });

    test('a scheduled draft is published on time, once, and reaches the public API', async () => {
      const at = new Date(Date.now() + 3000).toISOString();
      const created = await ada.call('POST', '/api/content/faqs', {
        question: 'When does this appear?',
        answer: 'On schedule.',
        status: 'draft',
        publish_at: at,
      });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.body.publishAt, at);
      assert.ok(!(await publicQuestions()).some((line) => line.startsWith('When does this appear?')));
      // A second instance on the same PostgreSQL database looks for due drafts too.
      const second = engine.name === 'PostgreSQL' ? await startServer(env) : null;
      try {
        await until('the scheduled draft is public', async () =>
          (await publicQuestions()).includes('When does this appear? On schedule.'),
        );
        const seenAt = Date.now();
        assert.ok(seenAt >= Date.parse(at), 'not before its time');
        await sleep(2500);
        const entries = await history(`/api/content/faqs/${created.body.id}`);
        assert.deepEqual(entries, ['publish:schedule', 'create:ada']);
        const item = (await ada.get(`/api/content/faqs/${created.body.id}`)).body;
        assert.equal(item.publishAt, null);
        assert.equal(item.status, 'published');
      } finally {
        await second?.close();
      }
    });

    test('due drafts looked for at once by several workers are published exactly once', async () => {
      const created = await ada.call('POST', '/api/content/glossary', {
        category: 'Drafts',
        term: 'Raced term',
        description: 'Once.',
        status: 'draft',
        publish_at: new Date(Date.now() + 1500).toISOString(),
      });
      assert.equal(created.status, 200, created.text);
      await sleep(1600);
      const edit = server.app.services.contentEditing;
      const counts = await Promise.all([edit.publishDue(), edit.publishDue(), edit.publishDue()]);
      const entries = await history(`/api/content/glossary/${created.body.id}`);
      assert.deepEqual(entries, ['publish:schedule', 'create:ada'], `published ${counts.join('+')}`);
    });

    test('a scheduled draft that cannot publish (its question taken meanwhile) is unscheduled once, with the reason in its history', async () => {
      const taken = await ada.call('POST', '/api/content/faqs', { question: 'Clash: who takes it?', answer: 'B.' });
      assert.equal(taken.status, 200, taken.text);
      const mine = await ada.call('POST', '/api/content/faqs', { question: 'Clash: mine?', answer: 'A.' });
      const scheduled = await ada.call('PUT', `/api/content/faqs/${mine.body.id}`, {
        version: 1,
        question: 'Clash: who takes it?',
        answer: 'A, renamed onto the other question.',
        status: 'draft',
        publish_at: new Date(Date.now() + 1500).toISOString(),
      });
      assert.equal(scheduled.status, 200, scheduled.text);
      await sleep(1600);
      const edit = server.app.services.contentEditing;
      assert.equal(await edit.publishDue(), 0);
      assert.equal(await edit.publishDue(), 0, 'not tried again');
      const entries = (await ada.get(`/api/content/faqs/${mine.body.id}/history`)).body as {
        action: string;
        username: string;
        after: { note?: string; question?: string } | null;
      }[];
      assert.deepEqual(
        entries.map((entry) => `${entry.action}:${entry.username}`),
        ['draft:schedule', 'draft:ada', 'create:ada'],
      );
      assert.match(entries[0]!.after!.note!, new RegExp(`^Not published at .+: ${CONTENT_MESSAGES.duplicateQuestion}`));
      assert.equal(entries[0]!.after!.question, 'Clash: who takes it?', 'the draft is kept');
      const item = (await ada.get(`/api/content/faqs/${mine.body.id}`)).body;
      assert.equal(item.publishAt, null);
      assert.equal(item.question, 'Clash: mine?', 'the live text is unchanged');
      for (const id of [taken.body.id, mine.body.id]) {
        const current = (await ada.get(`/api/content/faqs/${id}`)).body;
        assert.equal((await ada.call('DELETE', `/api/content/faqs/${id}?version=${current.version}`)).status, 200);
      }
    });

    test('delete moves to the trash: off the site at once, listed, restorable, purged after 30 days', async () => {
      const created = await ada.call('POST', '/api/content/faqs', { question: 'Trash me?', answer: 'Then back.' });
      const id = created.body.id as number;
      assert.ok((await publicQuestions()).includes('Trash me? Then back.'));
      assert.equal((await ada.call('DELETE', `/api/content/faqs/${id}?version=1`)).status, 200);
      assert.ok(!(await publicQuestions()).some((line) => line.startsWith('Trash me?')));
      assert.equal((await ada.get(`/api/content/faqs/${id}`)).status, 404);
      assert.ok(!((await ada.get('/api/content/faqs')).body as { id: number }[]).some((item) => item.id === id));
      const trash = (await ada.get('/api/content/trash')).body as {
        kind: string;
        id: number;
        title: string;
        version: number;
        deletedAt: string;
        deletedBy: string;
        purgeAfter: string;
      }[];
      const trashed = trash.find((item) => item.kind === 'faq' && item.id === id);
      assert.ok(trashed, 'listed in the trash');
      assert.equal(trashed.title, 'Trash me?');
      assert.equal(trashed.deletedBy, 'ada');
      assert.equal(Date.parse(trashed.purgeAfter) - Date.parse(trashed.deletedAt), 30 * 86_400_000);
      // Editing it, or adding the same question again, is refused while it is in the trash.
      const edit = await ada.call('PUT', `/api/content/faqs/${id}`, { question: 'Trash me?', answer: 'X', version: 2 });
      assert.equal(edit.status, 404);
      const again = await ada.call('POST', '/api/content/faqs', { question: 'Trash me?', answer: 'Again.' });
      assert.equal(again.status, 409);
      assert.equal(again.body.errorInfo, CONTENT_MESSAGES.duplicateInTrash);
      assert.equal((await ada.call('POST', `/api/content/faqs/${id}/untrash`, { version: 1 })).status, 409);
      const back = await ada.call('POST', `/api/content/faqs/${id}/untrash`, { version: 2 });
      assert.equal(back.status, 200, back.text);
      assert.ok((await publicQuestions()).includes('Trash me? Then back.'));
      assert.equal((await ada.call('POST', `/api/content/faqs/${id}/untrash`, { version: 3 })).status, 404);
      assert.deepEqual(await history(`/api/content/faqs/${id}`), ['untrash:ada', 'delete:ada', 'create:ada']);

      // Purged 30 days after: one trashed 31 days ago goes, one trashed today stays.
      assert.equal((await ada.call('DELETE', `/api/content/faqs/${id}?version=3`)).status, 200);
      const old = await ada.call('POST', '/api/content/faqs', { question: 'Long gone?', answer: 'Yes.' });
      assert.equal((await ada.call('DELETE', `/api/content/faqs/${old.body.id}?version=1`)).status, 200);
      const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
      await server.app.database.kysely
        .updateTable('faqs')
        .set({ deleted_at: longAgo })
        .where('id', '=', old.body.id)
        .execute();
      const purged = await server.app.services.contentEditing.purgeTrash();
      assert.equal(purged.faq, 1);
      const left = ((await ada.get('/api/content/trash')).body as { id: number }[]).map((item) => item.id);
      assert.ok(left.includes(id) && !left.includes(old.body.id));
      assert.deepEqual(await history(`/api/content/faqs/${old.body.id}`), ['delete:ada', 'create:ada']);
    });

    test('a preview link shows the public page with the draft applied; tampered → 404, expired → 410', async () => {
      const live = await ada.call('POST', '/api/content/faqs', { question: 'Preview me?', answer: 'Live text.' });
      const id = live.body.id as number;
      await ada.call('PUT', `/api/content/faqs/${id}`, {
        question: 'Preview me?',
        answer: 'Draft text.',
        status: 'draft',
        version: 1,
      });
      const link = await ada.call('POST', `/api/content/faqs/${id}/preview-link`);
      assert.equal(link.status, 200, link.text);
      assert.match(link.body.path, /^\/preview\/p1\.[\w-]+\.[\w-]{43}$/);
      const hour = Date.parse(link.body.expiresAt) - Date.now();
      assert.ok(hour > 55 * 60_000 && hour <= 60 * 60_000, String(hour));
      const edit = server.app.services.contentEditing;
      const token = link.body.path.slice('/preview/'.length);
      const page = await edit.preview(token);
      assert.ok(typeof page === 'object' && page.kind === 'faq');
      assert.ok(page.faqs.some((item) => item.question === 'Preview me?' && item.answer === 'Draft text.'));
      assert.ok(!page.faqs.some((item) => item.answer === 'Live text.'));
      assert.ok((await publicQuestions()).includes('Preview me? Live text.'));
      assert.equal(await edit.preview(tampered(token)), 404);
      assert.equal(await edit.preview('p1.e30.xyz'), 404);
      const past = createPreviewLinks(TEST_TOKEN_SECRET, () => Date.now() - 2 * 3600_000).sign('faq', id);
      assert.equal(await edit.preview(past.token), 410);
      const otherKey = createPreviewLinks('another-secret-that-is-long-enough-for-hs256').sign('faq', id);
      assert.equal(await edit.preview(otherKey.token), 404);
    });
  });
}
