// Drafts, publishing, scheduled publishing and preview links of page documents (issue 31,
// decision 055) over real HTTP, on both engines: a draft never reaches what the site reads; Publish
// makes it live; a schedule publishes it within seconds (CONTENT_SCHEDULE_SECONDS=1), once; the
// history says draft / publish; bad input is a 400 and stores nothing; 409 with nothing to
// publish or a stale version; preview links are signed (404 tampered, 410 expired); admins only.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { createPagePreviewLinks } from '../../server/services/page-preview.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { startServer, TEST_TOKEN_SECRET, type TestServer } from '../helpers/server.ts';
import { signInAs, type StaffClient } from '../helpers/staff.ts';

const cluster = await startPostgres();
after(async () => {
  await cluster?.close();
});

type Doc = {
  id: string;
  version: number;
  hasDraft: boolean;
  publishAt: string | null;
  draftBy: string | null;
  document: Record<string, any>;
  draft: Record<string, any> | null;
};

const engines: [string, () => Promise<Record<string, string>>][] = [
  ['sqlite', async () => ({})],
  ['postgres', async () => ({ DATABASE_URL: await cluster!.createDatabase() })],
];

for (const [engine, env] of engines) {
  describe(
    `page drafts on ${engine}`,
    { skip: engine === 'postgres' && !cluster ? 'PostgreSQL is not available here' : false },
    () => {
      let server: TestServer;
      let admin: StaffClient;
      let sales: StaffClient;
      const rows = async () =>
        Number(
          (
            await sql<{ n: number }>`SELECT count(*) AS n FROM page_document_history`.execute(
              server.app.database.kysely,
            )
          ).rows[0]!.n,
        );
      const homeTitle = async () =>
        ((await server.app.services.pageCopy.file('home')) as Doc['document']).hero.slides[0].title as string;

      before(async () => {
        server = await startServer({ ...(await env()), CONTENT_SCHEDULE_SECONDS: '1' });
        admin = await signInAs(server, 'ada');
        sales = await signInAs(server, 'sam', { role: 'sales' });
      });
      after(() => server?.close());

      test('a draft stays off the site until Publish; history says draft, then publish', async () => {
        const opened = (await admin.get('/api/content/pages/home')).body as Doc;
        const seedTitle = opened.document.hero.slides[0].title;
        const document = structuredClone(opened.document);
        document.hero.slides[0].title = 'Drafted headline';
        const drafted = await admin.call('PUT', '/api/content/pages/home', { version: 1, document, status: 'draft' });
        assert.equal(drafted.status, 200, drafted.text);
        const saved = drafted.body as Doc;
        assert.equal(saved.version, 2);
        assert.equal(saved.hasDraft, true);
        assert.equal(saved.draftBy, 'ada');
        assert.equal(saved.draft!.hero.slides[0].title, 'Drafted headline');
        assert.equal(saved.document.hero.slides[0].title, seedTitle, 'the published document is the file still');
        assert.equal(await homeTitle(), seedTitle, 'what the site reads is unchanged');
        const listed = ((await admin.get('/api/content/pages')).body as Doc[]).find((page) => page.id === 'home')!;
        assert.equal(listed.hasDraft, true);

        assert.equal((await admin.call('POST', '/api/content/pages/home/publish', { version: 1 })).status, 409);
        const published = await admin.call('POST', '/api/content/pages/home/publish', { version: 2 });
        assert.equal(published.status, 200, published.text);
        assert.equal(published.body.version, 3);
        assert.equal(published.body.hasDraft, false);
        assert.equal(published.body.draft, null);
        assert.equal(await homeTitle(), 'Drafted headline');
        const again = await admin.call('POST', '/api/content/pages/home/publish', { version: 3 });
        assert.equal(again.status, 409, 'nothing left to publish');
        assert.match(again.body.errorInfo, /no draft/);

        const history = (await admin.get('/api/content/pages/home/history')).body as {
          version: number;
          action: string;
        }[];
        assert.deepEqual(
          history.map((entry) => [entry.version, entry.action]),
          [
            [3, 'publish'],
            [2, 'draft'],
            [1, 'save'],
          ],
        );
      });

      test('a live save replaces a waiting draft; a draft is checked by the schema like a save', async () => {
        const { document, version } = (await admin.get('/api/content/pages/security')).body as Doc;
        const draft = structuredClone(document);
        draft.page.title = 'A draft title';
        const first = await admin.call('PUT', '/api/content/pages/security', {
          version,
          document: draft,
          status: 'draft',
        });
        assert.equal(first.status, 200, first.text);
        const before = await rows();
        const bad = await admin.call('PUT', '/api/content/pages/security', {
          version: first.body.version,
          document: { ...draft, page: { ...draft.page, title: '' } },
          status: 'draft',
        });
        assert.equal(bad.status, 400);
        assert.match(bad.body.errorInfo, /^page\.title: /);
        assert.equal(await rows(), before, 'nothing stored');
        const live = structuredClone(document);
        live.page.title = 'Live title';
        const saved = await admin.call('PUT', '/api/content/pages/security', {
          version: first.body.version,
          document: live,
        });
        assert.equal(saved.status, 200, saved.text);
        assert.equal(saved.body.draft, null, 'the draft went with the live save');
        assert.equal(saved.body.document.page.title, 'Live title');
      });

      test('publish_at: drafts only, in the future, an instant with its offset (400, nothing stored)', async () => {
        const { document, version } = (await admin.get('/api/content/pages/offer')).body as Doc;
        const before = await rows();
        const future = new Date(Date.now() + 3_600_000).toISOString();
        for (const [body, pattern] of [
          [{ version, document, publish_at: future }, /draft/i],
          [{ version, document, status: 'draft', publish_at: new Date(Date.now() - 60_000).toISOString() }, /future/i],
          [{ version, document, status: 'draft', publish_at: 'tomorrow' }, /./],
          [{ version, document, status: 'live' }, /./],
        ] as [object, RegExp][]) {
          const answer = await admin.call('PUT', '/api/content/pages/offer', body);
          assert.equal(answer.status, 400, JSON.stringify(body));
          assert.match(answer.body.errorInfo, pattern);
        }
        assert.equal(await rows(), before, 'nothing stored');
        assert.equal((await admin.call('POST', '/api/content/pages/nope/publish', { version: 1 })).status, 404);
        assert.equal((await admin.call('POST', '/api/content/pages/offer/publish', { version: 1 })).status, 409);
        assert.equal((await admin.call('POST', '/api/content/pages/offer/publish', {})).status, 400);
      });

      test('a scheduled draft is published by the scheduler within seconds, once', async () => {
        const { document, version } = (await admin.get('/api/content/pages/feature-dashboard')).body as Doc;
        const draft = structuredClone(document);
        draft.title = 'Scheduled dashboard title';
        const publishAt = new Date(Date.now() + 1_500).toISOString();
        const saved = await admin.call('PUT', '/api/content/pages/feature-dashboard', {
          version,
          document: draft,
          status: 'draft',
          publish_at: publishAt,
        });
        assert.equal(saved.status, 200, saved.text);
        assert.equal(saved.body.publishAt, publishAt);
        const features = async () =>
          ((await server.app.services.pageCopy.file('features')) as Doc['document']).features.dashboard.title;
        assert.notEqual(await features(), 'Scheduled dashboard title', 'not before its time');
        const end = Date.now() + 10_000;
        while (Date.now() < end && (await features()) !== 'Scheduled dashboard title') await sleep(200);
        assert.equal(await features(), 'Scheduled dashboard title', 'published within seconds');
        const history = (await admin.get('/api/content/pages/feature-dashboard/history')).body as {
          action: string;
          savedBy: string;
        }[];
        assert.deepEqual(
          history.filter((entry) => entry.action === 'publish').map((entry) => entry.savedBy),
          ['schedule'],
          'published once, by the scheduler',
        );
        const page = (await admin.get('/api/content/pages/feature-dashboard')).body as Doc;
        assert.equal(page.publishAt, null);
        assert.equal(page.hasDraft, false);
      });

      test('preview links: signed, for one page, 404 tampered or unknown, 410 expired; admins only', async () => {
        const link = await admin.call('POST', '/api/content/pages/customers/preview-link');
        assert.equal(link.status, 200, link.text);
        assert.match(link.body.path, /^\/preview\/pg1\.[\w-]+\.[\w-]{43}$/);
        assert.ok(Date.parse(link.body.expiresAt) > Date.now() + 3_500_000, 'an hour');
        const token = link.body.path.slice('/preview/'.length) as string;
        const pages = server.app.services.pageEditing;
        const shown = await pages.preview(token);
        assert.ok(shown && typeof shown === 'object');
        assert.equal(shown.path, '/customers');
        const flip = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
        assert.equal(await pages.preview(flip), 404);
        assert.equal(await pages.preview('pg1.e30.xyz'), 404);
        assert.equal(await pages.preview('p1.not-a-page-link'), null, "left to the FAQ's preview");
        const past = createPagePreviewLinks(TEST_TOKEN_SECRET, () => Date.now() - 7_200_000).sign('customers');
        assert.equal(await pages.preview(past.token), 410);
        const otherKey = createPagePreviewLinks(`${TEST_TOKEN_SECRET}-other`).sign('customers');
        assert.equal(await pages.preview(otherKey.token), 404);
        assert.equal((await admin.call('POST', '/api/content/pages/nope/preview-link')).status, 404);

        for (const [method, path, body] of [
          ['POST', '/api/content/pages/home/publish', { version: 1 }],
          ['POST', '/api/content/pages/home/preview-link'],
          ['PUT', '/api/content/pages/home', { version: 1, document: {}, status: 'draft' }],
        ] as [string, string, unknown?][]) {
          assert.equal((await sales.call(method, path, body)).status, 403, `sales: ${method} ${path}`);
          assert.equal((await sales.call(method, path, body, { token: null })).status, 401, `signed out: ${path}`);
        }
      });
    },
  );
}
