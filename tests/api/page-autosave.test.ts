// Autosave of page documents (issue 31, decision 059) over real HTTP, on both engines: one
// editor's typing kept for them alone (another editor never sees it), given back until a save,
// publish or restore of theirs drops it; bad input is a 400 and keeps nothing; the FAQ's
// autosaves (integer ids, migration 018) still work after migration 022 made item_id text.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { startPostgres } from '../helpers/postgres.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { signInAs, type StaffClient } from '../helpers/staff.ts';

const cluster = await startPostgres();
after(async () => {
  await cluster?.close();
});

type Autosaved = { version: number; document: Record<string, any>; savedAt: string };

const engines: [string, () => Promise<Record<string, string>>][] = [
  ['sqlite', async () => ({})],
  ['postgres', async () => ({ DATABASE_URL: await cluster!.createDatabase() })],
];

for (const [engine, env] of engines) {
  describe(
    `page autosave on ${engine}`,
    { skip: engine === 'postgres' && !cluster ? 'PostgreSQL is not available here' : false },
    () => {
      let server: TestServer;
      let ada: StaffClient;
      let bea: StaffClient;
      const autosaveRows = async () =>
        (
          await sql<{ kind: string; item_id: string; username: string }>`
            SELECT kind, item_id, username FROM content_autosaves ORDER BY kind, item_id, username`.execute(
            server.app.database.kysely,
          )
        ).rows.map((row) => ({ ...row }));

      before(async () => {
        server = await startServer(await env());
        ada = await signInAs(server, 'ada');
        bea = await signInAs(server, 'bea');
      });
      after(() => server?.close());

      test('typing is kept for its editor alone, given back, and dropped by their save', async () => {
        const opened = (await ada.get('/api/content/pages/home')).body as { version: number; document: any };
        const typed = structuredClone(opened.document);
        typed.hero.slides[0].title = 'Half-typed headline';
        assert.equal((await ada.get('/api/content/pages/home/autosave')).status, 404, 'nothing kept yet');

        const kept = await ada.call('PUT', '/api/content/pages/home/autosave', { version: 1, document: typed });
        assert.equal(kept.status, 200, kept.text);
        const first = kept.body as Autosaved;
        assert.equal(first.version, 1);
        assert.ok(Date.parse(first.savedAt) > 0);
        typed.hero.slides[0].title = 'Half-typed headline, more';
        assert.equal(
          (await ada.call('PUT', '/api/content/pages/home/autosave', { version: 1, document: typed })).status,
          200,
        );

        const back = (await ada.get('/api/content/pages/home/autosave')).body as Autosaved;
        assert.equal(back.document.hero.slides[0].title, 'Half-typed headline, more', 'the latest typing, one row');
        assert.deepEqual(await autosaveRows(), [{ kind: 'page', item_id: 'home', username: 'ada' }]);
        assert.equal((await bea.get('/api/content/pages/home/autosave')).status, 404, 'not another editor’s');
        const page = (await ada.get('/api/content/pages/home')).body as { version: number; document: any; draft: any };
        assert.equal(page.version, 1, 'an autosave is no version');
        assert.notEqual(page.document.hero.slides[0].title, 'Half-typed headline, more');
        assert.equal(page.draft, null, 'an autosave is not the draft');

        // Bea's save drops only her own autosave; Ada's save drops Ada's.
        assert.equal(
          (await bea.call('PUT', '/api/content/pages/home/autosave', { version: 1, document: typed })).status,
          200,
        );
        const saved = await ada.call('PUT', '/api/content/pages/home', {
          version: 1,
          document: typed,
          status: 'draft',
        });
        assert.equal(saved.status, 200, saved.text);
        assert.equal((await ada.get('/api/content/pages/home/autosave')).status, 404, 'dropped on save');
        assert.equal((await bea.get('/api/content/pages/home/autosave')).status, 200, 'Bea’s typing is hers');
        const dropped = await bea.call('DELETE', '/api/content/pages/home/autosave');
        assert.equal(dropped.status, 200, dropped.text);
        assert.deepEqual(dropped.body, { deleted: true });
        assert.deepEqual(await autosaveRows(), []);
      });

      test("the live pane's link shows its editor's typing when the schema takes it, else the page as saved", async () => {
        const pages = server.app.services.pageEditing;
        const opened = (await ada.get('/api/content/pages/offer')).body as { document: any };
        const shown = async (token: string) => ((await pages.preview(token)) as { draft: unknown; live?: true }).draft;
        const live = pages.livePreviewLink('offer', 'ada')!.replace('/preview/', '');
        assert.equal(((await pages.preview(live)) as { live?: true }).live, true);
        assert.deepEqual(await shown(live), opened.document, 'nothing typed yet: the page as saved');

        const typed = structuredClone(opened.document);
        typed.page.title = 'Typed, not saved';
        await ada.call('PUT', '/api/content/pages/offer/autosave', { version: 1, document: typed });
        assert.deepEqual(await shown(live), typed);
        const shared = await pages.previewLink('offer');
        assert.ok(shared.ok);
        assert.deepEqual(
          await shown(shared.value.path.replace('/preview/', '')),
          opened.document,
          'a shared link: no typing',
        );
        const bea = pages.livePreviewLink('offer', 'bea')!.replace('/preview/', '');
        assert.deepEqual(await shown(bea), opened.document, "another editor's pane: not Ada's typing");

        typed.page.title = 42;
        await ada.call('PUT', '/api/content/pages/offer/autosave', { version: 1, document: typed });
        assert.deepEqual(await shown(live), opened.document, 'typing the schema refuses: the page as saved');
        await ada.call('DELETE', '/api/content/pages/offer/autosave');
      });

      test('bad input is a 400 in the error shape and keeps nothing; an unknown page 404; sales 403', async () => {
        const bad: [unknown, RegExp][] = [
          [{ version: 1 }, /document/i],
          [{ version: 0, document: {} }, /version/i],
          [{ version: 1, document: 'text' }, /document/i],
          [{ version: 1, document: { text: 'x'.repeat(600 * 1024) } }, /too long/i],
        ];
        for (const [body, words] of bad) {
          const refused = await ada.call('PUT', '/api/content/pages/offer/autosave', body);
          assert.equal(refused.status, 400, `${JSON.stringify(body).slice(0, 60)}: ${refused.text.slice(0, 200)}`);
          assert.equal(typeof (refused.body as { errorInfo?: unknown }).errorInfo, 'string', 'the route’s error shape');
          assert.match(refused.text, words);
        }
        assert.equal(
          (await ada.call('PUT', '/api/content/pages/nope/autosave', { version: 1, document: {} })).status,
          404,
        );
        assert.equal((await ada.call('DELETE', '/api/content/pages/nope/autosave')).status, 404);
        const sales = await signInAs(server, 'sam', { role: 'sales' });
        assert.equal(
          (await sales.call('PUT', '/api/content/pages/offer/autosave', { version: 1, document: {} })).status,
          403,
        );
        assert.deepEqual(await autosaveRows(), []);
      });

      test('the FAQ’s autosaves (integer ids) still work beside the pages’', async () => {
        const faq = (
          await sql<{ id: number }>`SELECT id FROM faqs ORDER BY id LIMIT 1`.execute(server.app.database.kysely)
        ).rows[0]!;
        const edit = server.app.services.contentEditing;
        const kept = await edit.autosave('faq', faq.id, 'ada', 1, { question: 'Typed question?', answer: 'Typed.' });
        assert.ok(kept.ok);
        assert.equal((await edit.findAutosave('faq', faq.id, 'ada'))?.fields.question, 'Typed question?');
        await edit.clearAutosave('faq', faq.id, 'ada');
        assert.equal(await edit.findAutosave('faq', faq.id, 'ada'), null);
      });
    },
  );
}
