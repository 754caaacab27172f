// The images page documents name (issue 31, decision 059) over real HTTP, on both engines:
// PUT /api/content/pages/:id takes only a stored upload's /media path in any `src` (anything else
// is a 400 naming the field, nothing stored); unused uploads older than 30 days are purged (the
// dry run counts them) while an image named by the published version, a draft, any history
// version or an autosave stays, /media then answers 404, and restoring an old version still works.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { imagePurgeCutoff, purgeUnusedImages } from '../../server/services/page-image-purge.ts';
import { png } from '../helpers/images.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { signInAs, type StaffClient } from '../helpers/staff.ts';

const cluster = await startPostgres();
after(async () => {
  await cluster?.close();
});

type Image = { id: string; src: string; alt: string; width: number; height: number };
type Doc = { version: number; document: Record<string, any>; draft: Record<string, any> | null };

const engines: [string, () => Promise<Record<string, string>>][] = [
  ['sqlite', async () => ({})],
  ['postgres', async () => ({ DATABASE_URL: await cluster!.createDatabase() })],
];

for (const [engine, env] of engines) {
  describe(
    `page images on ${engine}`,
    { skip: engine === 'postgres' && !cluster ? 'PostgreSQL is not available here' : false },
    () => {
      let server: TestServer;
      let admin: StaffClient;
      const db = () => server.app.database.kysely;
      const upload = async (width: number, alt: string): Promise<Image> => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(png(width, 20))], { type: 'image/png' }), 'logo.png');
        form.append('alt', alt);
        const answer = await admin.client.postForm('/api/content/images', form, {
          authorization: `Bearer ${admin.token}`,
        });
        assert.equal(answer.status, 200, answer.text);
        return answer.body as Image;
      };
      const ref = (image: Image) => ({ src: image.src, alt: image.alt, width: image.width, height: image.height });
      const read = async (id: string) => (await admin.get(`/api/content/pages/${id}`)).body as Doc;
      const history = async () =>
        Number((await sql<{ n: number }>`SELECT count(*) AS n FROM page_document_history`.execute(db())).rows[0]!.n);
      const served = async (image: Image) => (await server.client().get(image.src)).status;

      before(async () => {
        server = await startServer(await env());
        admin = await signInAs(server, 'ada');
      });
      after(() => server?.close());

      test('every image src must name a stored upload: anything else is a 400 at its field, nothing stored', async () => {
        const logo = await upload(30, 'Trackline logo');
        const opened = await read('integrations');
        const historyBefore = await history();
        const withSrc = (src: string) => {
          const document = structuredClone(opened.document);
          document.integrations[0].logo = { ...ref(logo), src };
          return document;
        };
        const missing = `/media/${'0'.repeat(64)}.png`;
        const wrongType = logo.src.replace(/\.png$/, '.jpg');
        for (const src of [missing, wrongType, '/images/logo.png', 'https://tracker.example/logo.png', '']) {
          for (const status of ['published', 'draft'] as const) {
            const refused = await admin.call('PUT', '/api/content/pages/integrations', {
              version: opened.version,
              document: withSrc(src),
              status,
            });
            assert.equal(refused.status, 400, `${src} (${status}): ${refused.text}`);
            assert.match(refused.body.errorInfo, /^integrations\.0\.logo\.src: /, src);
          }
        }
        const after = await read('integrations');
        assert.equal(after.version, opened.version, 'nothing stored');
        assert.equal(after.draft, null);
        assert.equal(await history(), historyBefore);

        const saved = await admin.call('PUT', '/api/content/pages/integrations', {
          version: opened.version,
          document: withSrc(logo.src),
        });
        assert.equal(saved.status, 200, saved.text);
        assert.equal((saved.body as Doc).document.integrations[0].logo.src, logo.src);
      });

      test('unused images older than 30 days are purged; named ones stay in every state; /media 404 after', async () => {
        const [published, drafted, historic, autosaved, unused, recent] = (await Promise.all(
          ['published', 'drafted', 'historic', 'autosaved', 'unused', 'recent'].map((alt, index) =>
            upload(41 + index, `${alt} logo`),
          ),
        )) as [Image, Image, Image, Image, Image, Image];
        const put = async (id: string, change: (document: Record<string, any>) => void, status = 'published') => {
          const opened = await read(id);
          const document = structuredClone(opened.draft ?? opened.document);
          change(document);
          const answer = await admin.call('PUT', `/api/content/pages/${id}`, {
            version: opened.version,
            document,
            status,
          });
          assert.equal(answer.status, 200, answer.text);
          return answer.body as Doc;
        };
        // Only in the history: saved, then replaced.
        const withHistoric = await put('integrations', (document) => (document.integrations[1].logo = ref(historic)));
        await put('integrations', (document) => (document.integrations[1].logo = ref(published)));
        await put('customers', (document) => (document.stories[0].photo = ref(drafted)), 'draft');
        const typed = structuredClone((await read('security')).document);
        typed.typedImage = { src: autosaved.src };
        assert.equal(
          (await admin.call('PUT', '/api/content/pages/security/autosave', { version: 1, document: typed })).status,
          200,
        );
        // All but the recent one uploaded 40 days ago.
        const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
        await db().updateTable('content_images').set({ created_at: old }).where('id', '!=', recent.id).execute();

        const cutoff = imagePurgeCutoff();
        assert.equal(await purgeUnusedImages(db(), cutoff, true), 1, 'the dry run counts the unused old one');
        assert.equal(await served(unused), 200, 'a dry run deletes nothing');
        assert.equal(await purgeUnusedImages(db(), cutoff), 1);
        assert.equal(await served(unused), 404);
        for (const kept of [published, drafted, historic, autosaved, recent])
          assert.equal(await served(kept), 200, kept.alt);
        assert.equal(await purgeUnusedImages(db(), cutoff), 0, 'a second run finds nothing');

        // The history's image is still there to restore; the purged one can no longer be saved.
        const current = await read('integrations');
        const restored = await admin.call('POST', '/api/content/pages/integrations/restore', {
          version: current.version,
          restore: withHistoric.version,
        });
        assert.equal(restored.status, 200, restored.text);
        assert.equal((restored.body as Doc).document.integrations[1].logo.src, historic.src);
        const refused = await admin.call('PUT', '/api/content/pages/integrations', {
          version: (restored.body as Doc).version,
          document: {
            ...(restored.body as Doc).document,
            integrations: (restored.body as Doc).document.integrations.map(
              (entry: Record<string, any>, index: number) => (index === 2 ? { ...entry, logo: ref(unused) } : entry),
            ),
          },
        });
        assert.equal(refused.status, 400);
        assert.match(refused.body.errorInfo, /^integrations\.2\.logo\.src: /);
      });
    },
  );
}
