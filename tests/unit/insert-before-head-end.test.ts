// The head additions' stream insert (app/lib/insert-before-head-end.server.ts): whatever chunks the
// document arrives in, the additions land once, right before </head>, and nothing else changes.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { test } from 'node:test';
import { insertBeforeHeadEnd } from '../../app/lib/insert-before-head-end.server.ts';

const DOCUMENT =
  '<!DOCTYPE html><html><head><title>Café</title></head><body><p>Straße</p><p></head> in text</p></body></html>';
const EXPECTED = DOCUMENT.replace('</head>', '<meta name="x" content="y"/></head>');

test('the additions go before the first </head>, once, for every way of cutting the document', async () => {
  const bytes = Buffer.from(DOCUMENT);
  for (let cut = 1; cut < bytes.length; cut += 1) {
    const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)];
    const out = await text(Readable.from(chunks).pipe(insertBeforeHeadEnd('<meta name="x" content="y"/>')));
    assert.equal(out, EXPECTED, `cut at byte ${cut}`);
  }
});

test('byte by byte too', async () => {
  const bytes = [...Buffer.from(DOCUMENT)].map((byte) => Buffer.from([byte]));
  assert.equal(await text(Readable.from(bytes).pipe(insertBeforeHeadEnd('<meta name="x" content="y"/>'))), EXPECTED);
});
