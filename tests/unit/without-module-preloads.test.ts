// The page stream filter that drops React Router's modulepreload links from <head> so the first
// paint waits only for the HTML and the CSS (app/lib/without-module-preloads.server.ts).
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { test } from 'node:test';
import { withoutModulePreloads } from '../../app/lib/without-module-preloads.server.ts';

const HEAD =
  '<!DOCTYPE html><html lang="en-AU"><head><meta charSet="utf-8"/><title>Über Haulora</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n"/><link rel="modulepreload" href="/assets/root-b.js" nonce="n"/>' +
  '<link nonce="n" rel="stylesheet" href="/assets/root-c.css"/></head>';
const BODY =
  '<body><p>Tyres — licence ✓</p><link rel="modulepreload" href="/in-body.js"/><script type="module">import "/assets/root-b.js";</script></body></html>';

/** Runs the document through the filter, cut into chunks of `size` bytes (splitting characters too). */
async function filtered(document: string, size: number) {
  const bytes = Buffer.from(document);
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
  return text(Readable.from(chunks).pipe(withoutModulePreloads()));
}

test('drops the modulepreload links from <head> and nothing else, however the stream is cut', async () => {
  const expected = HEAD.replace(/<link rel="modulepreload"[^>]*>/g, '') + BODY;
  for (const size of [1, 2, 3, 7, 64, 100_000])
    assert.equal(await filtered(HEAD + BODY, size), expected, `chunks of ${size} bytes`);
});

test('a document without </head> passes unchanged', async () => {
  assert.equal(await filtered('<p>Fragment ✓</p>', 3), '<p>Fragment ✓</p>');
});
