// POST /api/ContactUs: multipart with one image, checked by its bytes, at most 5 MB.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { MAX_IMAGE_BYTES } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { gif, jpeg, png, svg } from '../helpers/images.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

const fields = {
  name: 'Sam Lee',
  email: 'sam@coastfreight.com.au',
  subject: 'Proof of delivery photos',
  inq_type: '1',
  message: 'Our drivers see an error when attaching a second photo.',
};

function form(
  overrides: Record<string, string | null> = {},
  file: { bytes: Uint8Array; name?: string; type?: string } | null = { bytes: png() },
) {
  const data = new FormData();
  for (const [name, value] of Object.entries({ ...fields, ...overrides })) {
    if (value !== null) data.set(name, value);
  }
  if (file)
    data.set(
      'img',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name ?? 'screenshot.png',
    );
  return data;
}

async function send(data: FormData) {
  return server.client().postForm('/api/ContactUs', data);
}

describe('POST /api/ContactUs accepts', () => {
  for (const [label, bytes, type] of [
    ['a PNG', png(), 'image/png'],
    ['a JPEG', jpeg, 'image/jpeg'],
    ['a GIF', gif, 'image/gif'],
  ] as const) {
    test(`${label}, storing the message and the re-encoded image with type, size and SHA-256`, async () => {
      const response = await send(form({}, { bytes, type }));
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, ['SUCCESS', MESSAGES.contactThanks]);
      const row = server.app.database
        .sqlite!.prepare('SELECT * FROM contact_messages ORDER BY id DESC LIMIT 1')
        .get() as any;
      assert.equal(row.subject, fields.subject);
      assert.equal(row.inq_type, 1);
      assert.equal(row.img_type, type);
      // The stored bytes are sharp's re-encoding (tests/api/uploads.test.ts checks them in depth).
      const stored = Buffer.from(row.img);
      assert.equal(row.img_size, stored.length);
      assert.equal(row.img_sha256, createHash('sha256').update(stored).digest('hex'));
    });
  }

  test('a real image whose declared type is wrong, stored with the detected type', async () => {
    const response = await send(form({}, { bytes: png(), type: 'application/pdf', name: 'scan.pdf' }));
    assert.equal(response.status, 200);
    const row = server.app.database
      .sqlite!.prepare('SELECT img_type FROM contact_messages ORDER BY id DESC LIMIT 1')
      .get() as any;
    assert.equal(row.img_type, 'image/png');
  });
});

describe('POST /api/ContactUs refuses', () => {
  const fieldCases: [string, string | null, string][] = [
    ['name', '', MESSAGES.nameRequired],
    ['email', null, MESSAGES.emailRequired],
    ['email', 'sam at coastfreight', MESSAGES.emailInvalid],
    ['subject', ' ', MESSAGES.subjectRequired],
    ['inq_type', '', MESSAGES.inquiryTypeRequired],
    ['inq_type', '7', MESSAGES.inquiryTypeRequired],
    ['message', '', MESSAGES.messageRequired],
  ];
  for (const [field, value, message] of fieldCases) {
    test(`${field} = ${JSON.stringify(value)} with '${message}'`, async () => {
      const before = server.count('contact_messages');
      const response = await send(form({ [field]: value }));
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, ['ErrorInfo', message]);
      assert.equal(server.count('contact_messages'), before);
    });
  }

  const imageCases: [string, { bytes: Uint8Array; name?: string; type?: string } | null, number, string][] = [
    ['no image', null, 400, MESSAGES.imageRequired],
    ['an empty file', { bytes: new Uint8Array() }, 400, MESSAGES.imageRequired],
    [
      'a text file named .png',
      { bytes: Buffer.from('just some text, honest'), name: 'notes.png' },
      400,
      MESSAGES.imageType,
    ],
    ['an SVG', { bytes: svg, name: 'logo.svg', type: 'image/svg+xml' }, 400, MESSAGES.imageType],
    ['an SVG named .png', { bytes: svg, name: 'logo.png' }, 400, MESSAGES.imageType],
    [
      'an HTML page named .png',
      { bytes: Buffer.from('<!doctype html><script>alert(1)</script>'), name: 'x.png' },
      400,
      MESSAGES.imageType,
    ],
    [
      'a PDF named .png',
      { bytes: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), name: 'x.png' },
      400,
      MESSAGES.imageType,
    ],
    [
      'an image over 5 MB',
      { bytes: Buffer.concat([png(), Buffer.alloc(MAX_IMAGE_BYTES)]) },
      413,
      MESSAGES.imageTooLarge,
    ],
  ];
  for (const [label, file, status, message] of imageCases) {
    test(`${label} with ${status} '${message}'`, async () => {
      const before = server.count('contact_messages');
      const response = await send(form({}, file));
      assert.equal(response.status, status);
      assert.deepEqual(response.body, ['ErrorInfo', message]);
      assert.equal(server.count('contact_messages'), before);
    });
  }

  test('two files', async () => {
    const data = form();
    data.append('img', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'second.png');
    const before = server.count('contact_messages');
    const response = await send(data);
    assert.ok(response.status === 400 || response.status === 413, `status ${response.status}`);
    assert.equal(response.body[0], 'ErrorInfo');
    assert.equal(server.count('contact_messages'), before);
  });

  test('a file under another field name', async () => {
    const data = form({}, null);
    data.set('attachment', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'a.png');
    const response = await send(data);
    assert.equal(response.status, 400);
    assert.equal(response.body[0], 'ErrorInfo');
  });

  test('a JSON body, which is not form data', async () => {
    const response = await server.client().post('/api/ContactUs', fields);
    assert.equal(response.status, 415);
    assert.equal(response.body[0], 'ErrorInfo');
  });
});
