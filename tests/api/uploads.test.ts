// Contact uploads through both doors (POST /api/ContactUs and the no-JS page action
// /forms/contact): real images from ~1 KB to the limit are accepted and stored re-encoded, with
// no metadata left (EXIF and GPS, XMP, ICC, comments) and no payload hidden around the pixels;
// everything else is refused within 2 s with a clear message and nothing stored.
//
// Needs the production build (pages): run `npm run build` first.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { gif, png } from '../helpers/images.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let db: DatabaseSync;
before(async () => {
  server = await startServer({}, { pages: true });
  // Read what was stored straight from the database file, as staff tools would.
  db = new DatabaseSync(join(server.dataDir, 'haulora.sqlite'), { readOnly: true });
});
after(async () => {
  db.close();
  await server.close();
});

const FIELDS = {
  name: 'Sam Lee',
  email: 'sam@coastfreight.com.au',
  subject: 'Proof of delivery photos',
  inq_type: '1',
  message: 'A photo from the driver app of the damaged pallet.',
};

type Stored = { id: number; message: string; img: Uint8Array; img_type: string; img_size: number; img_sha256: string };
const storedByMessage = (message: string) =>
  db.prepare('SELECT * FROM contact_messages WHERE message = ?').get(message) as Stored | undefined;
const contactCount = () => Number((db.prepare('SELECT count(*) AS n FROM contact_messages').get() as { n: number }).n);

// ---------------------------------------------------------------------------------------------
// Images

const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });

/** Inserts a PNG chunk right after IHDR. */
function withPngChunk(image: Buffer, type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  const afterHeader = 8 + 25;
  return Buffer.concat([image.subarray(0, afterHeader), length, body, sum, image.subarray(afterHeader)]);
}

/** Inserts a GIF comment extension before the trailer, padding it with `size` bytes of text. */
function withGifComment(image: Buffer, text: string, size = text.length): Buffer {
  const content = Buffer.alloc(size, 'x');
  content.write(text);
  const blocks: Buffer[] = [Buffer.from([0x21, 0xfe])];
  for (let offset = 0; offset < content.length; offset += 255) {
    const block = content.subarray(offset, offset + 255);
    blocks.push(Buffer.from([block.length]), block);
  }
  blocks.push(Buffer.from([0]));
  return Buffer.concat([image.subarray(0, -1), ...blocks, image.subarray(-1)]);
}

/** A PNG declaring width x height in its header, with one row of real data: tiny on the wire. */
function pngDeclaring(width: number, height: number): Buffer {
  const bytes = Buffer.from(png(1, 1));
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

const SECRET = 'SECRET-METADATA-3f9a';
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${SECRET}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;

/** A phone photo: EXIF with GPS position and camera owner, XMP, an ICC profile, turned 90°. */
async function jpegWithGps() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6f97' } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'RoadCam', Copyright: SECRET },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 52/1 4/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '151/1 12/1 26/1',
      },
    })
    .withXmp(XMP)
    .withIccProfile('p3')
    .jpeg()
    .toBuffer();
}

async function animatedGif(frames: number, width = 24, height = 16) {
  const raw = Buffer.concat(Array.from({ length: frames }, (_, i) => Buffer.alloc(width * height * 3, i * 40)));
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ delay: Array(frames).fill(100), loop: 0 })
    .toBuffer();
}

/** Each test image is generated once and sent through both doors. */
const generated = new Map<string, Promise<Buffer>>();
const once = (key: string, make: () => Promise<Buffer>) => {
  if (!generated.has(key)) generated.set(key, make());
  return generated.get(key)!;
};

/** The image at the limit (real pixels, not padding, except GIF). */
const nearLimit = (type: string) => once(`near ${type}`, () => makeNearLimit(type));
const smallImage = (type: string) => once(`small ${type}`, () => makeSmallImage(type));

async function makeNearLimit(type: string): Promise<Buffer> {
  switch (type) {
    case 'image/png':
      // Stored (level 0) random pixels: the file is ~3 bytes a pixel.
      return noise(1200, Math.floor((MAX_IMAGE_BYTES - 8192) / 3601))
        .png({ compressionLevel: 0 })
        .toBuffer();
    case 'image/jpeg':
      return noise(1300, 1300).jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer();
    case 'image/webp':
      return noise(1250, 1250).webp({ lossless: true, effort: 0 }).toBuffer();
    default:
      // Encoding megapixels of noise as GIF is slow: a small GIF padded with a comment instead.
      // Each 255-byte sub-block costs one length byte more.
      return withGifComment(await animatedGif(2), SECRET, Math.floor(((MAX_IMAGE_BYTES - 4096) * 255) / 256));
  }
}

async function makeSmallImage(type: string): Promise<Buffer> {
  const image = noise(20, 16);
  switch (type) {
    case 'image/png':
      return image.png().toBuffer();
    case 'image/jpeg':
      return image.jpeg({ quality: 95 }).toBuffer();
    case 'image/webp':
      return image.webp({ lossless: true }).toBuffer();
    default:
      return image.gif().toBuffer();
  }
}

// ---------------------------------------------------------------------------------------------
// The two doors

type Upload = { bytes: Uint8Array; name?: string; type?: string };
type Answer = { status: number; message: string; ms: number };

function contactForm(message: string, file: Upload | null, extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...FIELDS, message, ...extra })) form.set(name, value);
  if (file)
    form.set(
      'img',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name ?? 'photo.png',
    );
  return form;
}

async function viaApi(form: FormData): Promise<Answer> {
  const client = await new ApiClient(server.url).visit();
  const started = performance.now();
  const response = await client.postForm('/api/ContactUs', form);
  const ms = performance.now() - started;
  assert.ok(Array.isArray(response.body), `JSON list answer, got ${response.status} ${response.text.slice(0, 200)}`);
  return { status: response.status, message: response.body[1], ms };
}

async function viaPage(form: FormData): Promise<Answer> {
  const client = new ApiClient(server.url);
  const page = await client.get('/forms/contact');
  const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
  assert.ok(token, 'the contact page carries a _csrf field');
  form.set('_csrf', token);
  const started = performance.now();
  const response = await client.request('POST', '/forms/contact', { headers: { accept: 'text/html' }, body: form });
  const ms = performance.now() - started;
  if (response.status === 303) return { status: 303, message: 'stored', ms };
  // The page shows the refusal beside the image field, or as the page's text for a 413.
  const message = /class="field-error">([^<]*)</.exec(response.text)?.[1] ?? response.text.slice(0, 200);
  return { status: response.status, message: message.replaceAll('&#x27;', "'"), ms };
}

const DOORS = [
  ['API', viaApi, 200],
  ['page', viaPage, 303],
] as const;

const unique = (label: string) => `${label} ${randomBytes(6).toString('hex')}`;

// ---------------------------------------------------------------------------------------------

describe('good uploads are stored re-encoded, in the same format', () => {
  for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) {
    for (const [door, send, okStatus] of DOORS) {
      test(`${type} from ~1 KB to the limit, through the ${door}`, async () => {
        for (const bytes of [await smallImage(type), await nearLimit(type)]) {
          assert.ok(bytes.length <= MAX_IMAGE_BYTES, `${type} test image of ${bytes.length} bytes fits the limit`);
          const message = unique(`upload ${type} ${bytes.length}`);
          const answer = await send(contactForm(message, { bytes, type, name: 'IMG_2041.' + type.slice(6) }));
          assert.equal(answer.status, okStatus, `${bytes.length} bytes: ${answer.message}`);
          const row = storedByMessage(message);
          assert.ok(row, 'stored');
          const stored = Buffer.from(row.img);
          assert.equal(row.img_type, type);
          assert.equal(row.img_size, stored.length);
          assert.equal(row.img_sha256, createHash('sha256').update(stored).digest('hex'));
          const [before, now] = [await sharp(bytes).metadata(), await sharp(stored).metadata()];
          assert.equal(now.format, before.format);
          assert.deepEqual([now.width, now.height], [before.width, before.height]);
          assert.ok(!stored.includes(SECRET), 'no padding or comment kept');
        }
      });
    }
  }

  for (const [door, send, okStatus] of DOORS) {
    test(`a JPEG with EXIF GPS, XMP and an ICC profile loses all of it, turned upright (${door})`, async () => {
      const original = await jpegWithGps();
      const before = await sharp(original).metadata();
      assert.ok(before.exif?.includes('GPS') || before.exif?.includes(SECRET), 'the test photo carries EXIF');
      assert.ok(before.xmp && before.icc, 'the test photo carries XMP and ICC');
      const message = unique('gps photo');
      assert.equal(
        (await send(contactForm(message, { bytes: original, type: 'image/jpeg', name: 'IMG_0001.JPG' }))).status,
        okStatus,
      );
      const stored = Buffer.from(storedByMessage(message)!.img);
      const meta = await sharp(stored).metadata();
      assert.equal(meta.format, 'jpeg');
      assert.equal(meta.exif, undefined, 'no EXIF');
      assert.equal(meta.xmp, undefined, 'no XMP');
      assert.equal(meta.icc, undefined, 'no ICC profile');
      assert.equal(meta.orientation, undefined, 'no orientation tag: the pixels were turned instead');
      assert.deepEqual([meta.width, meta.height], [48, 64]);
      assert.ok(!stored.includes(SECRET) && !stored.includes('RoadCam') && !stored.includes('GPS'));
    });
  }

  test('a PNG with text chunks (a comment holding markup) is stored without them', async () => {
    const original = withPngChunk(
      withPngChunk(await smallImage('image/png'), 'tEXt', Buffer.from(`Comment\0<script>${SECRET}</script>`)),
      'iTXt',
      Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${XMP}`),
    );
    assert.ok((await sharp(original).metadata()).comments?.length, 'the test PNG carries a comment');
    const message = unique('png comment');
    assert.equal((await viaApi(contactForm(message, { bytes: original }))).status, 200);
    const stored = Buffer.from(storedByMessage(message)!.img);
    const meta = await sharp(stored).metadata();
    assert.equal(meta.comments, undefined);
    assert.equal(meta.xmp, undefined);
    assert.ok(!stored.includes(SECRET) && !stored.includes('tEXt') && !stored.includes('iTXt'));
  });

  test('an animated GIF is stored as its first frame (bounded work, a still is enough for support)', async () => {
    const original = await animatedGif(5);
    assert.equal((await sharp(original).metadata()).pages, 5);
    const message = unique('animated');
    assert.equal(
      (await viaApi(contactForm(message, { bytes: original, type: 'image/gif', name: 'loading.gif' }))).status,
      200,
    );
    const meta = await sharp(Buffer.from(storedByMessage(message)!.img)).metadata();
    assert.equal(meta.format, 'gif');
    assert.ok((meta.pages ?? 1) === 1, `one frame, got ${meta.pages}`);
    assert.deepEqual([meta.width, meta.height], [24, 16]);
  });

  test('an image of exactly the pixel limit (6000 x 4000) is accepted; one row more is refused before decoding', async () => {
    const flat = (height: number) =>
      sharp({ create: { width: 6000, height, channels: 3, background: '#dde3ea' } })
        .png()
        .toBuffer();
    const message = unique('24 MP');
    assert.equal((await viaApi(contactForm(message, { bytes: await flat(4000) }))).status, 200);
    assert.deepEqual([(await sharp(Buffer.from(storedByMessage(message)!.img)).metadata()).height], [4000]);
    const refused = await viaApi(contactForm(unique('over 24 MP'), { bytes: await flat(4001) }));
    assert.deepEqual([refused.status, refused.message], [400, MESSAGES.imagePixels]);
    assert.ok(refused.ms < 2000);
  });

  test('the visitor\u2019s file name is never stored', async () => {
    const message = unique('file name');
    assert.equal((await viaApi(contactForm(message, { bytes: png(), name: 'depot-invoice-4471.png' }))).status, 200);
    const row = storedByMessage(message)!;
    const columns = Object.keys(row);
    assert.ok(
      !JSON.stringify(Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'img'))).includes('depot-invoice'),
      columns.join(),
    );
  });
});

describe('polyglots are accepted only as their re-encoded pixels', () => {
  const cases: [string, Buffer, string, string][] = [
    // A GIF whose first bytes also start a JavaScript comment (width 0x2A2F is "/*"), closed in
    // a GIF comment block followed by a script.
    (() => {
      const bytes = withGifComment(Buffer.from(gif), `*/=alert("${SECRET}")//`);
      bytes[6] = 0x2f;
      bytes[7] = 0x2a;
      return ['a GIF that is also JavaScript', bytes, 'image/gif', `alert("${SECRET}")`] as [
        string,
        Buffer,
        string,
        string,
      ];
    })(),
    [
      'a PNG with an HTML page after its end',
      Buffer.concat([png(3, 3), Buffer.from(`<html><script>alert("${SECRET}")</script></html>`)]),
      'image/png',
      '<script>',
    ],
  ];
  for (const [label, bytes, type, payload] of cases) {
    for (const [door, send, okStatus] of DOORS) {
      test(`${label} (${door}): stored bytes no longer hold the payload`, async () => {
        assert.ok(bytes.includes(payload));
        const message = unique('polyglot');
        const answer = await send(contactForm(message, { bytes, type, name: 'cat.' + type.slice(6) }));
        assert.equal(answer.status, okStatus, answer.message);
        const stored = Buffer.from(storedByMessage(message)!.img);
        assert.equal((await sharp(stored).metadata()).format, type.slice(6));
        assert.ok(!stored.includes(payload) && !stored.includes(SECRET), 'payload gone');
      });
    }
  }
});

describe('bad uploads are refused within 2 s with a clear message, nothing stored', () => {
  const html = Buffer.from(`<!doctype html><title>x</title><script>alert("${SECRET}")</script>`);
  // [label, file, status (API; the page answers a refused field with 400), message]
  const cases: [string, Upload | null, number, string][] = [
    ['0 bytes', { bytes: new Uint8Array() }, 400, MESSAGES.imageRequired],
    [
      'the limit + 1 byte',
      { bytes: Buffer.concat([png(), Buffer.alloc(MAX_IMAGE_BYTES + 1 - png().length)]) },
      413,
      MESSAGES.imageTooLarge,
    ],
    [
      'a PDF renamed .png',
      {
        bytes: Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
        name: 'scan.png',
      },
      400,
      MESSAGES.imageType,
    ],
    ['an HTML page renamed .png', { bytes: html, name: 'photo.png' }, 400, MESSAGES.imageType],
    [
      'an SVG renamed .png',
      {
        bytes: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
        name: 'logo.png',
      },
      400,
      MESSAGES.imageType,
    ],
    [
      'HTML declared image/png (a lying Content-Type)',
      { bytes: html, type: 'image/png', name: 'photo.png' },
      400,
      MESSAGES.imageType,
    ],
    ['a PNG header with no pixels after it', { bytes: png(8, 8).subarray(0, 40) }, 400, MESSAGES.imageType],
    ['a tiny PNG declaring 9000 x 9000 pixels', { bytes: pngDeclaring(9_000, 9_000) }, 400, MESSAGES.imagePixels],
    [
      'a tiny PNG declaring 20000 x 20000 pixels',
      { bytes: pngDeclaring(20_000, 20_000) },
      400,
      MESSAGES.imageDimensions,
    ],
  ];
  for (const [label, file, status, message] of cases) {
    for (const [door, send] of DOORS) {
      test(`${label} (${door})`, async () => {
        const before = contactCount();
        const answer = await send(contactForm(unique('bad'), file));
        assert.deepEqual([answer.status, answer.message], [door === 'page' ? 400 : status, message]);
        assert.ok(answer.ms < 2000, `answered in ${Math.round(answer.ms)} ms`);
        assert.equal(contactCount(), before);
      });
    }
  }

  const apiCases: [string, () => FormData, number, string][] = [
    [
      'two files',
      () => {
        const form = contactForm(unique('two'), { bytes: png() });
        form.append('img', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'second.png');
        return form;
      },
      413,
      MESSAGES.oneImageOnly,
    ],
    [
      'an extra unknown field',
      () => contactForm(unique('extra'), { bytes: png() }, { account_id: '42' }),
      400,
      MESSAGES.badRequest,
    ],
    [
      'a file name with ../',
      () => contactForm(unique('dots'), { bytes: png(), name: '../../etc/passwd.png' }),
      400,
      MESSAGES.badRequest,
    ],
    [
      'a file name with a backslash path',
      () => contactForm(unique('dots'), { bytes: png(), name: '..\\..\\boot.png' }),
      400,
      MESSAGES.badRequest,
    ],
  ];
  for (const [label, make, status, message] of apiCases) {
    test(`${label} (API)`, async () => {
      const before = contactCount();
      const answer = await viaApi(make());
      assert.deepEqual([answer.status, answer.message], [status, message]);
      assert.ok(answer.ms < 2000);
      assert.equal(contactCount(), before);
    });
  }

  test('a NUL in the file name (API)', async () => {
    const client = await new ApiClient(server.url).visit();
    const boundary = '----haulora' + randomBytes(8).toString('hex');
    const part = (headers: string, body: Buffer | string) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);
    const body = Buffer.concat([
      ...Object.entries({ ...FIELDS, message: unique('nul') }).map(([name, value]) =>
        part(`Content-Disposition: form-data; name="${name}"`, value),
      ),
      part('Content-Disposition: form-data; name="img"; filename="photo\0.php.png"\r\nContent-Type: image/png', png()),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const before = contactCount();
    const response = await client.request('POST', '/api/ContactUs', {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...client.csrfHeader() },
      body,
    });
    assert.deepEqual([response.status, response.body], [400, ['ErrorInfo', MESSAGES.badRequest]]);
    assert.equal(contactCount(), before);
  });

  test('a request whose own Content-Type lies: JSON declared as multipart, multipart declared as JSON', async () => {
    const client = await new ApiClient(server.url).visit();
    const before = contactCount();
    const json = await client.request('POST', '/api/ContactUs', {
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', ...client.csrfHeader() },
      body: JSON.stringify(FIELDS),
    });
    const form = new Response(contactForm(unique('lie'), { bytes: png() }));
    const multipart = await client.request('POST', '/api/ContactUs', {
      headers: { 'content-type': 'application/json', ...client.csrfHeader() },
      body: Buffer.from(await form.arrayBuffer()),
    });
    for (const response of [json, multipart]) {
      assert.ok(response.status >= 400 && response.status < 500, `status ${response.status}`);
      assert.equal(response.body[0], 'ErrorInfo');
      assert.equal(typeof response.body[1], 'string');
    }
    assert.equal(contactCount(), before);
  });
});
