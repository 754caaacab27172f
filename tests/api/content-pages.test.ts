// Every page's copy over real HTTP (issue 31), on both engines: the list of editable pages with
// their schemas, a page's whole document read and saved (checked by its file's own schema: a bad
// document is a 400 naming the field, nothing stored), the version check (409), history and
// restore, admins only, and a story's slug change writing a permanent redirect that is served
// (308) and removable.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { parse } from 'yaml';
import { FEATURE_SLUGS } from '../../content/feature-slugs.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { signInAs, type StaffClient } from '../helpers/staff.ts';

const cluster = await startPostgres();
after(async () => {
  await cluster?.close();
});

const seed = (file: string) => parse(readFileSync(new URL(`../../content/${file}.yaml`, import.meta.url), 'utf8'));

type Doc = { id: string; version: number; updatedBy: string | null; document: Record<string, any> };

const engines: [string, () => Promise<Record<string, string>>][] = [
  ['sqlite', async () => ({})],
  ['postgres', async () => ({ DATABASE_URL: await cluster!.createDatabase() })],
];

for (const [engine, env] of engines) {
  describe(
    `page copy on ${engine}`,
    { skip: engine === 'postgres' && !cluster ? 'PostgreSQL is not available here' : false },
    () => {
      let server: TestServer;
      let admin: StaffClient;
      let sales: StaffClient;
      const rowCount = async (table: 'page_documents' | 'page_document_history' | 'redirects') =>
        Number(
          (await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(server.app.database.kysely))
            .rows[0]!.n,
        );

      before(async () => {
        server = await startServer(await env());
        admin = await signInAs(server, 'ada');
        sales = await signInAs(server, 'sam', { role: 'sales' });
      });
      after(() => server?.close());

      test('lists every editable page with its schema; admins only', async () => {
        const answer = await admin.get('/api/content/pages');
        assert.equal(answer.status, 200);
        assert.equal(answer.headers.get('cache-control'), 'no-store');
        const ids = (answer.body as { id: string; schema: string; version: number }[]).map((page) => page.id);
        for (const id of [
          'home',
          'offer',
          'features',
          'customers',
          'integrations',
          'security',
          'changelog',
          'docs',
          'tutorials',
          'site',
        ])
          assert.ok(ids.includes(id), `${id} is listed`);
        for (const slug of FEATURE_SLUGS) assert.ok(ids.includes(`feature-${slug}`), `feature-${slug} is listed`);
        const home = (answer.body as { id: string; schema: string; version: number; updatedBy: null }[]).find(
          (page) => page.id === 'home',
        )!;
        assert.equal(home.schema, 'content/home.schema.ts');
        assert.equal(home.version, 1);
        assert.equal(home.updatedBy, null);

        for (const [method, path, body] of [
          ['GET', '/api/content/pages'],
          ['GET', '/api/content/pages/home'],
          ['PUT', '/api/content/pages/home', { version: 1, document: seed('home') }],
          ['GET', '/api/content/pages/home/history'],
          ['POST', '/api/content/pages/home/restore', { version: 1, restore: 1 }],
          ['GET', '/api/content/redirects'],
          ['DELETE', '/api/content/redirects?from=/x'],
        ] as [string, string, unknown?][]) {
          assert.equal((await sales.call(method, path, body)).status, 403, `sales: ${method} ${path}`);
          const signedOut = await sales.call(method, path, body, { token: null });
          assert.equal(signedOut.status, 401, `no token: ${method} ${path}`);
          assert.ok(signedOut.body.errorInfo, 'the error shape');
        }
        assert.equal(await rowCount('page_documents'), 0, 'nothing stored');
      });

      test('a page reads as its file until edited; a save is the next version, kept in the history, restorable', async () => {
        const opened = (await admin.get('/api/content/pages/home')).body as Doc;
        assert.deepEqual(opened.document.hero, seed('home').hero);
        const document = structuredClone(opened.document);
        document.hero.slides[0].title = 'Freight that runs itself';
        const saved = await admin.call('PUT', '/api/content/pages/home', { version: 1, document });
        assert.equal(saved.status, 200, saved.text);
        assert.equal(saved.body.version, 2);
        assert.equal(saved.body.updatedBy, 'ada');
        assert.equal(
          (await admin.get('/api/content/pages/home')).body.document.hero.slides[0].title,
          'Freight that runs itself',
        );
        // What the site's pages read (server/services/page-copy.ts) follows at once.
        const copy = (await server.app.services.pageCopy.file('home')) as typeof document;
        assert.equal(copy.hero.slides[0].title, 'Freight that runs itself');

        const history = (await admin.get('/api/content/pages/home/history')).body as {
          version: number;
          savedBy: string;
        }[];
        assert.deepEqual(
          history.map((entry) => [entry.version, entry.savedBy]),
          [
            [2, 'ada'],
            [1, 'content/ (the file)'],
          ],
        );
        const restored = await admin.call('POST', '/api/content/pages/home/restore', { version: 2, restore: 1 });
        assert.equal(restored.status, 200, restored.text);
        assert.equal(restored.body.version, 3);
        assert.deepEqual(restored.body.document.hero, seed('home').hero);
        assert.equal(
          (await admin.call('POST', '/api/content/pages/home/restore', { version: 3, restore: 9 })).status,
          404,
        );
      });

      test('the site settings (contact details) are a page too: every page renders the edited ones', async () => {
        const { document } = (await admin.get('/api/content/pages/site')).body as Doc;
        assert.equal(document.contact.email, server.config.site.contact.email, 'starts from what the site shows');
        const edited = structuredClone(document);
        edited.contact.phone = '+61 7 5555 0199';
        assert.equal(
          (await admin.call('PUT', '/api/content/pages/site', { version: 1, document: edited })).status,
          200,
        );
        const site = await server.app.services.pageCopy.site(server.config.site);
        assert.equal(site.contact.phone, '+61 7 5555 0199');
        const bad = await admin.call('PUT', '/api/content/pages/site', {
          version: 2,
          document: { ...edited, contact: { ...edited.contact, email: 'not an address' } },
        });
        assert.equal(bad.status, 400);
        assert.match(bad.body.errorInfo, /^contact\.email: /);
      });

      test('a stale version is refused (409) with who saved it, and nothing changes', async () => {
        const { document, version } = (await admin.get('/api/content/pages/security')).body as Doc;
        const bea = await signInAs(server, 'bea');
        const first = structuredClone(document);
        first.page.title = 'Security at Haulora';
        assert.equal((await bea.call('PUT', '/api/content/pages/security', { version, document: first })).status, 200);
        const second = structuredClone(document);
        second.page.title = 'Our security';
        const clash = await admin.call('PUT', '/api/content/pages/security', { version, document: second });
        assert.equal(clash.status, 409);
        assert.match(clash.body.errorInfo, /Changed by bea at/);
        assert.equal((await admin.get('/api/content/pages/security')).body.document.page.title, 'Security at Haulora');
      });

      test('a document its schema refuses is a 400 naming the field, and nothing is stored', async () => {
        const before = [await rowCount('page_documents'), await rowCount('page_document_history')];
        const feature = (await admin.get('/api/content/pages/feature-dashboard')).body as Doc;
        const cases: [string, unknown, RegExp][] = [
          ['feature-dashboard', { ...feature.document, title: 'x'.repeat(61) }, /^title: /],
          ['feature-dashboard', { ...feature.document, icon: 'Rocket' }, /^icon: /],
          ['feature-dashboard', { ...feature.document, benefits: [] }, /^benefits: /],
          ['feature-dashboard', { ...feature.document, extra: 'field' }, /^\(document\): /],
          [
            'home',
            { ...seed('home'), hero: { ...seed('home').hero, slides: [{ title: 'No eyebrow' }] } },
            /^hero\.slides\.0\./,
          ],
          ['home', 'not an object', /^\(document\): /],
        ];
        for (const [id, document, message] of cases) {
          const answer = await admin.call('PUT', `/api/content/pages/${id}`, {
            version: id === 'home' ? 3 : 1,
            document,
          });
          assert.equal(answer.status, 400, `${id}: ${answer.text}`);
          assert.match(answer.body.errorInfo, message);
        }
        assert.equal((await admin.call('PUT', '/api/content/pages/home', { document: seed('home') })).status, 400);
        assert.equal((await admin.call('PUT', '/api/content/pages/home', 'not json{')).status, 400);
        assert.equal((await admin.call('PUT', '/api/content/pages/nowhere', { version: 1, document: {} })).status, 404);
        assert.equal((await admin.get('/api/content/pages/nowhere')).status, 404);
        assert.deepEqual([await rowCount('page_documents'), await rowCount('page_document_history')], before);
      });

      test("a story's new slug writes a permanent redirect from its old path, served and removable", async () => {
        const { document } = (await admin.get('/api/content/pages/customers')).body as Doc;
        const renamed = structuredClone(document);
        renamed.stories[0].slug = 'coastline-couriers-sydney';
        const saved = await admin.call('PUT', '/api/content/pages/customers', { version: 1, document: renamed });
        assert.equal(saved.status, 200, saved.text);
        const redirects = (await admin.get('/api/content/redirects')).body as { from: string; to: string }[];
        assert.deepEqual(
          redirects.map(({ from, to }) => [from, to]),
          [['/customers/coastline-couriers', '/customers/coastline-couriers-sydney']],
        );
        const old = await fetch(`${server.url}/customers/coastline-couriers?ref=mail`, { redirect: 'manual' });
        assert.equal(old.status, 308);
        assert.equal(old.headers.get('location'), '/customers/coastline-couriers-sydney?ref=mail');

        // Two stories may not share a slug.
        const twice = structuredClone(renamed);
        twice.stories[1].slug = 'coastline-couriers-sydney';
        const duplicate = await admin.call('PUT', '/api/content/pages/customers', { version: 2, document: twice });
        assert.equal(duplicate.status, 400);
        assert.match(duplicate.body.errorInfo, /^stories\.1\.slug: /);

        // Renamed again: the first old path follows to the newest (no chains).
        const again = structuredClone(renamed);
        again.stories[0].slug = 'coastline';
        assert.equal(
          (await admin.call('PUT', '/api/content/pages/customers', { version: 2, document: again })).status,
          200,
        );
        const now = (await admin.get('/api/content/redirects')).body as { from: string; to: string }[];
        assert.deepEqual(
          now.map(({ from, to }) => [from, to]),
          [
            ['/customers/coastline-couriers', '/customers/coastline'],
            ['/customers/coastline-couriers-sydney', '/customers/coastline'],
          ],
        );
        const removed = await admin.call('DELETE', '/api/content/redirects?from=/customers/coastline-couriers');
        assert.equal(removed.status, 200, removed.text);
        assert.notEqual(
          (await fetch(`${server.url}/customers/coastline-couriers`, { redirect: 'manual' })).status,
          308,
        );
        assert.equal(
          (await admin.call('DELETE', '/api/content/redirects?from=/customers/coastline-couriers')).status,
          404,
        );
        assert.equal(await rowCount('redirects'), 1);
      });
    },
  );
}

describe('an edit reaches every instance', { skip: cluster ? false : 'PostgreSQL is not available here' }, () => {
  test("a save on one instance is what another instance's pages read next (NOTIFY)", async () => {
    const url = await cluster!.createDatabase();
    const first = await startServer({ DATABASE_URL: url });
    const second = await startServer({ DATABASE_URL: url });
    try {
      type Security = { page: { title: string } };
      // The second instance has read (and keeps) the file's copy before the edit.
      assert.equal(((await second.app.services.pageCopy.file('security')) as Security).page.title, 'Security');
      const admin = await signInAs(first, 'ada');
      const { document } = (await admin.get('/api/content/pages/security')).body as Doc;
      document.page.title = 'Security, everywhere';
      assert.equal((await admin.call('PUT', '/api/content/pages/security', { version: 1, document })).status, 200);
      const deadline = Date.now() + 10_000;
      let seen = '';
      while (Date.now() < deadline) {
        seen = ((await second.app.services.pageCopy.file('security')) as Security).page.title;
        if (seen === 'Security, everywhere') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.equal(seen, 'Security, everywhere');
    } finally {
      await first.close();
      await second.close();
    }
  });
});
