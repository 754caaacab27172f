// Pages as a crawler or a browser without JavaScript gets them, from the production build.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer({}, { pages: true });
});
after(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(server.url + path, { headers, redirect: 'manual' });

describe('routes', () => {
  test('the empty path redirects permanently to /home', async () => {
    const response = await get('/');
    assert.equal(response.status, 301);
    assert.equal(response.headers.get('location'), '/home');
  });

  test('/home is complete HTML with every script under the CSP nonce', async () => {
    const response = await get('/home');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    assert.ok(nonce, 'a script nonce in the CSP');
    const html = await response.text();
    assert.match(html, /<h1>Better Solutions For Managing Your Freight<\/h1>/);
    assert.match(html, /<title>Haulora/);
    assert.doesNotMatch(html, /\{email\}|\{phone\}/);
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    assert.ok(scripts.length > 0);
    for (const tag of scripts) assert.ok(tag.includes(`nonce="${nonce}"`), tag);
    assert.doesNotMatch(html, /\sstyle="/, 'no inline style attributes');
  });

  test('a page ends with a deferred inline module script: DOMContentLoaded after the first frame', async () => {
    for (const path of ['/home', '/glossary', '/request-demo', '/sign-in', '/no-such-page']) {
      const html = await (await get(path)).text();
      const after = html.slice(html.indexOf('</main>'));
      // Deferred (a module without async), with a body (an empty script defers nothing).
      const deferred = [...after.matchAll(/<script type="module" nonce="[^"]+">([^<]*)<\/script>/g)];
      assert.equal(deferred.length, 1, path);
      assert.match(deferred[0]![1]!, /\S/, path);
      assert.ok(after.indexOf('</footer>') < deferred[0]!.index, `${path}: after the footer`);
    }
  });

  test('each response gets its own nonce', async () => {
    const nonces = await Promise.all(
      [get('/home'), get('/home')].map(async (r) => (await r).headers.get('content-security-policy')),
    );
    assert.notEqual(nonces[0], nonces[1]);
  });

  test('an unknown path is a real 404 page', async () => {
    const response = await get('/no-such-page');
    assert.equal(response.status, 404);
    assert.match(await response.text(), /Page not found/);
  });

  test('HEAD /home answers without a body', async () => {
    const response = await fetch(server.url + '/home', { method: 'HEAD' });
    assert.equal(response.status, 200);
    assert.equal((await response.text()).length, 0);
  });
});

describe('static assets', () => {
  async function firstScriptUrl() {
    const html = await (await get('/home')).text();
    // React Router's inline module script imports the route modules (the page has no modulepreloads:
    // app/lib/without-module-preloads.server.ts).
    const src = /\bimport\b[^"]*"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    assert.ok(src, 'the page imports a hashed script');
    return src;
  }

  test('hashed assets are immutable for a year and sent precompressed', async () => {
    const src = await firstScriptUrl();
    for (const [encoding, expected] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await get(src, { 'accept-encoding': encoding });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(response.headers.get('content-encoding'), expected);
      assert.match(response.headers.get('content-type') ?? '', /javascript/);
    }
  });

  test('other public files are cached briefly', async () => {
    const response = await get('/favicon.svg');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=3600');
  });
});
