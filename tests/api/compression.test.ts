// Response compression (server/plugins/compression.ts): JSON answers and server-rendered pages
// over 1 KB are sent brotli- or gzip-compressed to clients that accept it, with
// Vary: Accept-Encoding; small answers and clients that accept neither get the plain bytes.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { preferredEncoding } from '../../server/plugins/compression.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
before(async () => {
  // Pages need the production build; the API alone would not exercise streamed bodies.
  server = await startServer({}, { pages: true });
});
after(() => server.close());

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A request whose body is read as sent (fetch would decode it). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(server.url + path, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

const decode = (response: Raw) => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body).toString();
  if (encoding === 'gzip') return gunzipSync(response.body).toString();
  return response.body.toString();
};

describe('preferredEncoding', () => {
  test('prefers brotli, then gzip, and honours q=0 and the wildcard', () => {
    assert.equal(preferredEncoding('gzip, deflate, br'), 'br');
    assert.equal(preferredEncoding('gzip'), 'gzip');
    assert.equal(preferredEncoding('br;q=0, gzip;q=0.5'), 'gzip');
    assert.equal(preferredEncoding('identity'), undefined);
    assert.equal(preferredEncoding('*'), 'br');
    assert.equal(preferredEncoding('*, br;q=0'), 'gzip');
    assert.equal(preferredEncoding(''), undefined);
    assert.equal(preferredEncoding(undefined), undefined);
  });
});

describe('compressed answers', () => {
  for (const path of ['/home', '/glossary', '/api/Glossary/GetAllFromGlossary', '/api/Faqs/GetAllFromFaqs']) {
    test(`${path}: brotli and gzip decode to the plain answer, with Vary: Accept-Encoding`, async () => {
      const plain = await raw(path, { 'accept-encoding': 'identity' });
      assert.equal(plain.status, 200);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.match(String(plain.headers.vary), /Accept-Encoding/i);
      for (const encoding of ['br', 'gzip'] as const) {
        const response = await raw(path, { 'accept-encoding': encoding });
        assert.equal(response.status, 200);
        assert.equal(response.headers['content-encoding'], encoding);
        assert.match(String(response.headers.vary), /Accept-Encoding/i);
        assert.ok(
          response.body.byteLength < plain.body.byteLength / 2,
          `${encoding} ${response.body.byteLength} of ${plain.body.byteLength} bytes`,
        );
        const text = decode(response);
        // Pages carry a fresh nonce and CSRF token per answer, so compare their shape, not bytes.
        if (path.startsWith('/api/')) assert.equal(text, plain.body.toString());
        else assert.match(text, /^<!DOCTYPE html>[\s\S]*<\/html>$/i);
      }
    });
  }

  test('a content-length, when sent, is the compressed length', async () => {
    const response = await raw('/api/Glossary/GetAllFromGlossary', { 'accept-encoding': 'gzip' });
    const length = response.headers['content-length'];
    if (length !== undefined) assert.equal(Number(length), response.body.byteLength);
  });

  test('answers under 1 KB are sent as they are', async () => {
    const response = await raw('/api/NoSuchCall', { 'accept-encoding': 'br, gzip' });
    assert.equal(response.status, 404);
    assert.equal(response.headers['content-encoding'], undefined);
    assert.ok(response.body.byteLength < 1024);
    JSON.parse(response.body.toString());
  });

  test('static assets keep their build-time copies (one encoding, not compressed twice)', async () => {
    const html = decode(await raw('/home', { 'accept-encoding': 'gzip' }));
    // The inline module script imports the built route modules (no modulepreload links: app/lib/without-module-preloads.server.ts).
    const asset = /\bimport\b[^"]*"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    assert.ok(asset, 'the page links a built script');
    const response = await raw(asset, { 'accept-encoding': 'br' });
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-encoding'], 'br');
    assert.match(brotliDecompressSync(response.body).toString(), /\S/);
  });

  test('HEAD requests get no body and no encoding', async () => {
    const response = await raw('/home', { 'accept-encoding': 'br' }, 'HEAD');
    assert.equal(response.status, 200);
    assert.equal(response.body.byteLength, 0);
  });

  test('a compressed page and a compressed API answer decode completely in the browser-like client', async () => {
    const response = await fetch(server.url + '/docs', { headers: { 'accept-encoding': 'br' } });
    assert.equal(response.headers.get('content-encoding'), 'br');
    assert.match(await response.text(), /<\/html>$/);
  });
});
