// Story and integration images over real HTTP (issue 31), on both engines: an upload passes the
// contact form's checks (bytes sniffed, size and pixel caps, re-encoded without metadata), needs
// alt text, is admins' only, and is served at /media/<hash>.<ext> with a year's cache; placed in
// a story's document it shows on the story's page with its width, height and alt text. A refused
// upload stores nothing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '../../common/constants.ts';
import { IMAGE_MESSAGES } from '../../common/content-images.ts';
import { MESSAGES } from '../../common/messages.ts';
import { png, svg } from '../helpers/images.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { signInAs, type StaffClient } from '../helpers/staff.ts';

const cluster = await startPostgres();
after(async () => {
  await cluster?.close();
});

const engines: [string, () => Promise<Record<string, string>>][] = [
  ['sqlite', async () => ({})],
  ['postgres', async () => ({ DATABASE_URL: await cluster!.createDatabase() })],
];

/** A JPEG carrying EXIF with a camera owner's name: re-encoding must drop it. */
const jpegWithExif = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Secret Photographer', Copyright: 'GPS 27.4S 153.0E' } })
    .toBuffer();

function uploadForm(file: Buffer | null, alt?: string, type = 'image/png', name = 'file') {
  const form = new FormData();
  if (file) form.append(name, new Blob([new Uint8Array(file)], { type }), 'upload.png');
  if (alt !== undefined) form.append('alt', alt);
  return form;
}

for (const [engine, env] of engines) {
  describe(
    `content images on ${engine}`,
    { skip: engine === 'postgres' && !cluster ? 'PostgreSQL is not available here' : false },
    () => {
      let server: TestServer;
      let admin: StaffClient;
      let sales: StaffClient;
      const upload = (who: StaffClient, form: FormData) =>
        who.client.postForm('/api/content/images', form, { authorization: `Bearer ${who.token}` });
      const stored = async () =>
        Number(
          (await sql<{ n: number }>`SELECT count(*) AS n FROM content_images`.execute(server.app.database.kysely))
            .rows[0]!.n,
        );

      before(async () => {
        server = await startServer(await env(), { pages: true });
        admin = await signInAs(server, 'ada');
        sales = await signInAs(server, 'sam', { role: 'sales' });
      });
      after(() => server?.close());

      test('a PNG and a JPEG are stored, served with a long cache, metadata gone; the same bytes are one image', async () => {
        const answer = await upload(admin, uploadForm(png(40, 30), '  Coastline Couriers logo  '));
        assert.equal(answer.status, 200, answer.text);
        const image = answer.body;
        assert.match(image.src, /^\/media\/[a-f0-9]{64}\.png$/);
        assert.equal(image.alt, 'Coastline Couriers logo');
        assert.deepEqual([image.width, image.height, image.type, image.createdBy], [40, 30, 'image/png', 'ada']);

        const served = await server.client().get(image.src);
        assert.equal(served.status, 200);
        assert.equal(served.headers.get('content-type'), 'image/png');
        assert.equal(served.headers.get('cache-control'), 'public, max-age=31536000, immutable');
        assert.equal(served.headers.get('x-content-type-options'), 'nosniff');

        const jpeg = await jpegWithExif();
        assert.ok(jpeg.includes('Secret Photographer'), 'the test image carries EXIF');
        const photo = await upload(admin, uploadForm(jpeg, 'Two vans at the depot at dawn', 'image/jpeg'));
        assert.equal(photo.status, 200, photo.text);
        assert.match(photo.body.src, /\.jpg$/);
        const bytes = Buffer.from(await (await fetch(server.url + photo.body.src)).arrayBuffer());
        assert.equal(bytes.includes('Secret Photographer'), false, 'EXIF is stripped');
        assert.equal((await sharp(bytes).metadata()).exif, undefined);

        const again = await upload(admin, uploadForm(png(40, 30), 'Another description'));
        assert.equal(again.body.src, image.src);
        assert.equal(await stored(), 2);
        const list = await admin.get('/api/content/images');
        assert.deepEqual(
          (list.body as { src: string }[]).map((entry) => entry.src).sort(),
          [image.src, photo.body.src].sort(),
        );
        // A hash that names nothing, or the wrong extension for the stored type: 404.
        assert.equal((await server.client().get(image.src.replace('.png', '.jpg'))).status, 404);
        assert.equal((await server.client().get(`/media/${'0'.repeat(64)}.png`)).status, 404);
      });

      test('refusals: no alt 400, SVG or HTML named an image 415, too large 413, sales 403; nothing stored', async () => {
        const before = await stored();
        const cases: [FormData, number, string | RegExp][] = [
          [uploadForm(png(), undefined), 400, IMAGE_MESSAGES.altRequired],
          [uploadForm(png(), '   '), 400, IMAGE_MESSAGES.altRequired],
          [uploadForm(png(), 'x'.repeat(401)), 400, IMAGE_MESSAGES.altTooLong],
          [uploadForm(null, 'A logo'), 400, IMAGE_MESSAGES.fileRequired],
          [uploadForm(png(), 'A logo', 'image/png', 'img'), 400, IMAGE_MESSAGES.oneFile],
          [uploadForm(svg, 'A logo', 'image/png'), 415, MESSAGES.imageType],
          [
            uploadForm(Buffer.from('<html><script>alert(1)</script></html>'), 'A logo', 'image/png'),
            415,
            MESSAGES.imageType,
          ],
          [uploadForm(png(10_001, 1), 'A strip'), 413, MESSAGES.imageDimensions],
          [uploadForm(Buffer.concat([png(), Buffer.alloc(MAX_IMAGE_BYTES)]), 'Huge'), 413, /.+/],
        ];
        for (const [form, status, message] of cases) {
          const answer = await upload(admin, form);
          assert.equal(answer.status, status, answer.text);
          if (typeof message === 'string') assert.equal(answer.body.errorInfo, message);
          else assert.match(answer.body.errorInfo, message);
        }
        const json = await admin.call('POST', '/api/content/images', { alt: 'A logo' });
        assert.equal(json.status, 415);
        assert.equal((await upload(sales, uploadForm(png(), 'A logo'))).status, 403);
        const anonymous = await server.client().visit();
        assert.equal((await anonymous.postForm('/api/content/images', uploadForm(png(), 'A logo'))).status, 401);
        const noCsrf = await admin.client.request('POST', '/api/content/images', {
          headers: { authorization: `Bearer ${admin.token}` },
          body: uploadForm(png(), 'A logo'),
        });
        assert.equal(noCsrf.status, 403);
        assert.equal(await stored(), before);
      });

      test("placed in a story, the image shows on the story's page with its size and alt text", async () => {
        const image = (await upload(admin, uploadForm(png(120, 80), 'The fleet lined up at the Brisbane depot'))).body;
        const page = (await admin.get('/api/content/pages/customers')).body;
        const story = page.document.stories[0];
        const withPhoto = structuredClone(page.document);
        withPhoto.stories[0].photo = { src: image.src, alt: image.alt, width: image.width, height: image.height };
        const saved = await admin.call('PUT', '/api/content/pages/customers', {
          version: page.version,
          document: withPhoto,
        });
        assert.equal(saved.status, 200, saved.text);
        const html = (await server.client().get(`/customers/${story.slug}`)).text;
        assert.match(
          html,
          new RegExp(
            `<img class="proof-image" data-variant="photo" src="${image.src}" alt="${image.alt}" width="120" height="80"`,
          ),
        );

        // The alt text is required in the document too: 400 naming the field, nothing saved.
        const noAlt = structuredClone(withPhoto);
        delete noAlt.stories[0].photo.alt;
        const refused = await admin.call('PUT', '/api/content/pages/customers', {
          version: saved.body.version,
          document: noAlt,
        });
        assert.equal(refused.status, 400);
        assert.match(refused.body.errorInfo, /stories\.0\.photo\.alt/);
      });
    },
  );
}
