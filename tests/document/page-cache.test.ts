// The page cache (server/plugins/page-cache.ts) against the production build: each answer from a
// cached page carries its own CSP nonce and its visitor's CSRF token, is the very HTML a fresh
// render gives, never shows the placeholders, follows content changes, and stays bounded.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CSRF_COOKIE } from '../../common/constants.ts';
import type { ServerBuild } from 'react-router';
import { THEMES } from '../../app/lib/theme.ts';
import { cachedPagePaths, createPageCache, PLACEHOLDERS } from '../../server/plugins/page-cache.ts';
import { serverBuildFile } from '../../server/paths.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let cached: TestServer;
let uncached: TestServer;
before(async () => {
  [cached, uncached] = await Promise.all([
    startServer({}, { pages: true }),
    startServer({ PAGE_CACHE: 'false' }, { pages: true }),
  ]);
});
after(() => Promise.all([cached.close(), uncached.close()]));

const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function noncesIn(html: string) {
  return [...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);
}

function headerNonce(headers: Headers) {
  return /'nonce-([^']+)'/.exec(headers.get('content-security-policy') ?? '')?.[1];
}

/** The page with this answer's nonce and the visitor's token replaced by fixed words. */
function normalised(html: string, headers: Headers, token: string, origin: string) {
  const nonce = headerNonce(headers);
  assert.ok(nonce);
  // Each answer's forms carry an idempotency key of their own (one per page view).
  const formKey = /name="_idempotency_key" value="([0-9a-f]+)"/.exec(html)?.[1];
  const keyed = formKey ? html.replaceAll(formKey, 'FORMKEY') : html;
  return keyed.replaceAll(nonce, 'NONCE').replaceAll(token, 'TOKEN').replaceAll(origin, 'ORIGIN');
}

function assertNoPlaceholders(html: string) {
  assert.ok(!html.includes(PLACEHOLDERS.nonce), 'the nonce placeholder is never sent');
  assert.ok(!html.includes(PLACEHOLDERS.csrfToken), 'the token placeholder is never sent');
  assert.ok(!html.includes(PLACEHOLDERS.formKey), 'the form key placeholder is never sent');
}

describe('a cached page', () => {
  test('each answer has its own nonce, the one of its CSP header, on every script', async () => {
    const client = new ApiClient(cached.url);
    const first = await client.get('/home');
    const second = await client.get('/home');
    const nonces = [headerNonce(first.headers), headerNonce(second.headers)];
    assert.ok(nonces[0] && nonces[1]);
    assert.notEqual(nonces[0], nonces[1]);
    for (const [index, page] of [first, second].entries()) {
      assert.equal(page.status, 200);
      const scripts = [...page.text.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      assert.ok(scripts.length > 0);
      for (const script of scripts) assert.ok(script.includes(`nonce="${nonces[index]}"`), script);
      assert.ok(noncesIn(page.text).every((nonce) => nonce === nonces[index]));
      assertNoPlaceholders(page.text);
    }
  });

  test('each visitor gets their own CSRF token in the forms and the loader data, and can post with it', async () => {
    const visitors = [new ApiClient(cached.url), new ApiClient(cached.url)];
    for (const visitor of visitors) await visitor.get('/privacy');
    const tokens = visitors.map((visitor) => visitor.cookies.get(CSRF_COOKIE)!);
    assert.notEqual(tokens[0], tokens[1]);
    for (const [index, visitor] of visitors.entries()) {
      const page = await visitor.get('/home');
      const fields = [...page.text.matchAll(/name="_csrf" value="([^"]+)"/g)].map((match) => match[1]);
      assert.ok(fields.length > 0);
      assert.ok(fields.every((field) => field === tokens[index]));
      // The root loader's data, as turbo-stream writes it into the page.
      assert.match(page.text, new RegExp(`csrfToken\\\\",\\\\"${escape(tokens[index]!)}\\\\"`));
      assert.ok(!page.text.includes(tokens[1 - index]!));
      assertNoPlaceholders(page.text);
    }
    const before = cached.count('feedback');
    const response = await visitors[1]!.request('POST', '/forms/feedback', {
      headers: FORM,
      body: new URLSearchParams({ _csrf: tokens[1]!, _back: '/home', feedback: 'Cached page, real token' }).toString(),
    });
    assert.equal(response.status, 303);
    assert.equal(cached.count('feedback'), before + 1);
  });

  test('a first visit (no cookie yet) gets the token of the cookie set in the same answer', async () => {
    const visitor = new ApiClient(cached.url);
    const page = await visitor.get('/faq');
    const token = visitor.cookies.get(CSRF_COOKIE)!;
    assert.ok(token);
    assert.ok([...page.text.matchAll(/name="_csrf" value="([^"]+)"/g)].every((match) => match[1] === token));
  });

  const PAGES = [
    '/home',
    '/faq',
    '/glossary',
    '/glossary?sort=term',
    '/features',
    '/privacy',
    '/request-demo',
    '/docs',
    '/offers',
    '/homepage?view=list',
  ];
  for (const path of PAGES) {
    test(`${path} is the HTML a fresh render gives, apart from the nonce and the token`, async () => {
      const visitors = [new ApiClient(cached.url), new ApiClient(uncached.url)];
      // Twice on the cached server: the second answer comes from the cache.
      await visitors[0]!.get(path);
      const [fromCache, fresh] = await Promise.all(visitors.map((visitor) => visitor.get(path)));
      assert.equal(fromCache!.status, fresh!.status);
      assert.equal(fromCache!.headers.get('content-type'), fresh!.headers.get('content-type'));
      const [a, b] = [fromCache!, fresh!].map((page, index) =>
        normalised(page.text, page.headers, visitors[index]!.cookies.get(CSRF_COOKIE)!, [cached, uncached][index]!.url),
      );
      assert.equal(a, b);
      assertNoPlaceholders(fromCache!.text);
    });
  }

  test('HEAD answers as without the cache, without a body', async () => {
    const [a, b] = await Promise.all(
      [cached, uncached].map((server) => fetch(`${server.url}/home`, { method: 'HEAD' })),
    );
    assert.equal(a!.status, 200);
    assert.equal(a!.headers.get('content-type'), b!.headers.get('content-type'));
    assert.equal(await a!.text(), '');
  });

  test('compressed answers carry the visitor values too', async () => {
    const visitor = new ApiClient(cached.url);
    await visitor.get('/home');
    const page = await visitor.get('/home', { 'accept-encoding': 'br' });
    assert.equal(page.headers.get('content-encoding'), 'br');
    assert.ok(page.text.includes(`value="${visitor.cookies.get(CSRF_COOKIE)}"`));
    assertNoPlaceholders(page.text);
  });

  test('a changed FAQ row shows on the next /home once the content is invalidated', async () => {
    const visitor = new ApiClient(cached.url);
    const question = (await cached.app.services.content.listFaqs())[0]?.question;
    assert.ok(question);
    const html = (await visitor.get('/home')).text;
    const shown = (text: string) => text.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
    assert.ok(shown(html).includes(question));
    const changed = 'How fast can a depot switch to Haulora from spreadsheets?';
    cached.app.database.sqlite!.prepare('UPDATE faqs SET question = ? WHERE question = ?').run(changed, question);
    try {
      // Until the content is invalidated the rows (and the pages made from them) are kept.
      assert.ok(!(await visitor.get('/home')).text.includes(changed));
      await cached.app.services.content.invalidate();
      const after = shown((await visitor.get('/home')).text);
      assert.ok(after.includes(changed));
      assert.ok(!after.includes(question));
    } finally {
      cached.app.database.sqlite!.prepare('UPDATE faqs SET question = ? WHERE question = ?').run(question, changed);
      await cached.app.services.content.invalidate();
    }
  });

  test('pages that read more than the URL and the content are rendered for each request', async () => {
    const visitor = new ApiClient(cached.url);
    const signIn = await Promise.all(
      ['/sign-in?next=%2Finbox', '/sign-in?next=%2Finbox%2Ffeedback%2F1'].map((path) => visitor.get(path)),
    );
    assert.ok(signIn.every((page) => page.status === 200));
    const results = await Promise.all(
      [
        '/result?form=feedback&outcome=success&back=%2Ffaq',
        '/result?form=feedback&outcome=success&back=%2Fprivacy',
      ].map((path) => visitor.get(path)),
    );
    assert.match(results[0]!.text, /<a href="\/faq"[^>]*>Go back/);
    assert.match(results[1]!.text, /<a href="\/privacy"[^>]*>Go back/);
  });
});

/** The root loader's `theme` as the page's turbo-stream carries it: a key and a value are
 * references into one array of values, and a string met before (a screen's theme, issue 28) is
 * not written twice, so the value is looked up rather than searched for as text. */
function loaderTheme(html: string): unknown {
  const chunk = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(html)?.[1];
  if (!chunk) return undefined;
  const values = JSON.parse((JSON.parse(chunk) as string).split('\n')[0]!) as unknown[];
  const key = `_${values.indexOf('theme')}`;
  const holder = values.find((value) => typeof value === 'object' && value !== null && key in value) as
    Record<string, number> | undefined;
  return holder ? values[holder[key]!] : undefined;
}

describe('the colour theme on a cached page (decision 023)', () => {
  const themeOf = (html: string) => /<html[^>]*\bdata-theme="([a-z]+)"/.exec(html)?.[1];
  const pressedIn = (html: string) =>
    [
      ...html.matchAll(
        /<button[^>]*aria-pressed="true"[^>]*value="([a-z]+)"|<button[^>]*value="([a-z]+)"[^>]*aria-pressed="true"/g,
      ),
    ].map((match) => match[1] ?? match[2]);

  test('two visitors with different theme cookies each get theirs in the first byte, from the same cached page', async () => {
    for (const server of [cached, uncached]) {
      // Twice each, interleaved: the second answers come from the cache on the cached server.
      for (let round = 0; round < 2; round++) {
        for (const theme of THEMES) {
          const answer = await fetch(`${server.url}/home`, {
            headers: theme === 'system' ? {} : { cookie: `theme=${theme}` },
          });
          const html = await answer.text();
          assert.equal(answer.status, 200);
          assert.equal(themeOf(html), theme, `${server === cached ? 'cached' : 'uncached'} ${theme}`);
          assert.deepEqual(pressedIn(html), [theme], "the theme menu marks the visitor's choice");
          assert.equal(loaderTheme(html), theme, 'the loader data agrees, so hydration keeps it');
        }
      }
    }
  });

  test('pages say they vary by cookie, so a browser never answers back or forward from a copy in another theme', async () => {
    for (const server of [cached, uncached]) {
      for (let round = 0; round < 2; round++) {
        const answer = await fetch(`${server.url}/faq`, { headers: { 'accept-encoding': 'br' } });
        await answer.arrayBuffer();
        assert.match(answer.headers.get('vary') ?? '', /\bCookie\b/i);
        assert.match(answer.headers.get('vary') ?? '', /\bAccept-Encoding\b/i);
      }
    }
  });

  test("a forged theme cookie is the default, and shares the default's render", async () => {
    const answer = await fetch(`${cached.url}/faq`, { headers: { cookie: 'theme=%22%3E%3Cscript%3E' } });
    const html = await answer.text();
    assert.equal(themeOf(html), 'system');
    assert.ok(!html.includes('<script>'));
  });
});

describe('the cache itself', () => {
  let pages: string[] = [];
  before(async () => {
    pages = cachedPagePaths(((await import(serverBuildFile)) as ServerBuild).routes);
  });

  test('only GET of the listed pages is cached; /result, /sign-in, the inbox and form posts never are', () => {
    const cache = createPageCache(pages);
    const origin = 'http://127.0.0.1:3000';
    assert.equal(cache.keyFor('GET', origin, '/home', 'system'), `system ${origin}/home`);
    assert.equal(cache.keyFor('GET', origin, '/glossary?sort=term', 'system'), `system ${origin}/glossary?sort=term`);
    // Each theme is a render of its own (decision 023).
    assert.equal(new Set(THEMES.map((theme) => cache.keyFor('GET', origin, '/home', theme))).size, 3);
    for (const url of [
      '/result?form=feedback',
      '/sign-in?next=%2Finbox',
      '/sign-in',
      '/inbox',
      '/inbox/feedback/1',
      // A visitor's own booking (issue 29): their token, their time.
      '/demo/booking/v1.e30.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/forms/feedback',
      '/forms/theme',
      '/',
      '/home.data',
      '/HOME',
      '/home/',
    ]) {
      assert.equal(cache.keyFor('GET', origin, url, 'dark'), undefined, url);
    }
    assert.equal(cache.keyFor('HEAD', origin, '/home', 'system'), undefined);
    assert.equal(cache.keyFor('POST', origin, '/home', 'system'), undefined);
    // /request-demo renders the demo's free times, which change with every booking (issue 29).
    for (const path of [
      '/result',
      '/sign-in',
      '/inbox',
      '/signout',
      '/forms/feedback',
      '/sitemap.xml',
      '/request-demo',
    ])
      assert.ok(!pages.includes(path), path);
    // The pages come from the route table: the routes whose module says so in its handle.
    for (const path of ['/home', '/faq', '/glossary', '/features', '/privacy']) assert.ok(pages.includes(path), path);
  });

  test('keeps only 200 answers without Set-Cookie, and at most 500 of them', async () => {
    const cache = createPageCache(pages);
    const html = (i: number) => `<p nonce="${PLACEHOLDERS.nonce}">${i} ${PLACEHOLDERS.csrfToken}</p>`;
    await cache.store('a', new Response(html(0), { status: 404 }));
    await cache.store('b', new Response(html(0), { headers: { 'set-cookie': 'x=1' } }));
    assert.equal(cache.size, 0);
    for (let i = 0; i < 700; i++) await cache.store(`/glossary?q=${i}`, new Response(html(i)));
    assert.equal(cache.size, 500);
    assert.equal(cache.get('/glossary?q=0'), undefined);
    const last = cache.get('/glossary?q=699');
    assert.ok(last);
    assert.equal(cache.body(last, { nonce: 'N', csrfToken: 'T', formKey: 'K' }), '<p nonce="N">699 T</p>');
    cache.clear();
    assert.equal(cache.size, 0);
  });

  test('a render that began before the cache was cleared is served but not kept', async () => {
    const cache = createPageCache(pages);
    const generation = cache.generation;
    cache.clear();
    const page = await cache.store('/faq', new Response('old rows'), generation);
    assert.equal(cache.body(page, { nonce: 'N', csrfToken: 'T', formKey: 'K' }), 'old rows');
    assert.equal(cache.get('/faq'), undefined);
  });
});
