// Critical CSS inline (server/services/critical-css.ts, decision 060) against the production build:
// a public page carries the rules its own elements need in a nonce'd <style>, its stylesheet is
// started after the first paint and turned on by a nonce'd script (a <noscript> link without
// JavaScript); the rules are picked once per page structure, whatever the text or query string;
// the staff area and answers that are not pages are left alone.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { THEME_COOKIE } from '../../app/lib/theme.ts';
import { clientBuildDir } from '../../server/paths.ts';
import { structureKey, withCriticalRules } from '../../server/services/critical-css.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let plain: TestServer;
before(async () => {
  [server, plain] = await Promise.all([
    startServer({ CRITICAL_CSS: 'true' }, { pages: true }),
    startServer({ CRITICAL_CSS: 'false' }, { pages: true }),
  ]);
});
after(() => Promise.all([server.close(), plain.close()]));

const headerNonce = (headers: Headers) => /'nonce-([^']+)'/.exec(headers.get('content-security-policy') ?? '')?.[1];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const stylesheetHref = (html: string) => /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/.exec(html)?.[1];
/** The critical rules: the <style> right before the full sheet's link (the head's first <style> declares the typeface). */
const criticalRules = (html: string) =>
  /<style nonce="[^"]*">((?:(?!<\/style>)[\s\S])*)<\/style><link [^>]*\/><link [^>]*data-full-sheet/.exec(html)?.[1];

/** The page once its structure's rules are picked. The first render waits at most 3 s for them and
 * otherwise goes out with the blocking link (by design, asserted in the CRITICAL_CSS=false test's
 * shape); on a loaded machine that can happen, so a late first answer is asked for again. */
async function pageWithRules(path: string, headers: Record<string, string> = {}) {
  const client = new ApiClient(server.url);
  for (let attempt = 1; ; attempt++) {
    const page = await client.get(path, headers);
    if (headOf(page.text).includes('data-full-sheet') || attempt === 15) return page;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

describe('a public page', () => {
  for (const path of ['/home', '/features', '/glossary', '/request-demo', '/sign-in', '/integrations?category=none']) {
    test(`${path}: its critical rules inline, its stylesheet disabled until the first paint, a <noscript> link`, async () => {
      const page = await pageWithRules(path);
      assert.equal(page.status, 200);
      const nonce = escape(headerNonce(page.headers) ?? '');
      assert.ok(nonce);
      const head = headOf(page.text);
      const href = stylesheetHref(head) ?? '';
      assert.ok(href.startsWith('/assets/style-'), 'the site stylesheet is still linked');
      const style = new RegExp(
        `<style nonce="${nonce}">((?:(?!</style>)[\\s\\S])*)</style><link [^>]*/><link [^>]*data-full-sheet`,
      ).exec(head);
      assert.ok(style, "a <style> with the answer's nonce");
      const rules = style[1]!;
      // Only what the page uses: the site header's rules, not the staff inbox's or another page's.
      assert.match(rules, /\.site-header\{/);
      assert.doesNotMatch(rules, /\.inbox-/);
      const full = readFileSync(join(clientBuildDir, href), 'utf8');
      assert.ok(rules.length < full.length * 0.85, `${rules.length} of ${full.length} bytes`);
      // The rules come first; then React's link to the whole sheet, disabled for good and for print
      // (never fetched, not even by Chromium's preload scanner);
      // then the rest of the sheet, disabled (not fetched) until a nonce'd script starts it after the
      // first paint, print-only while it loads.
      const link = new RegExp(
        `<link nonce="${nonce}" rel="stylesheet" href="${escape(href)}" media="print" disabled=""/>` +
          `<link nonce="${nonce}" rel="stylesheet" href="(/assets/rest/[^"]+)" media="print" disabled="" data-full-sheet/>`,
      );
      assert.match(head, link);
      assert.ok(head.indexOf('<style') < head.search(link));
      const rest = await new ApiClient(server.url).get(link.exec(head)![1]!, { 'accept-encoding': 'identity' });
      assert.equal(rest.status, 200);
      assert.match(rest.headers.get('content-type') ?? '', /^text\/css/);
      // Not the whole sheet again: the rules only the page has inline are left out of the rest.
      assert.ok(rest.text.length < full.length, `${rest.text.length} of ${full.length} bytes`);
      assert.doesNotMatch(rest.text, /--critical-unit/);
      assert.match(head, new RegExp(`data-full-sheet/><script nonce="${nonce}">[^<]*l\\.media='all'[^<]*</script>`));
      assert.match(
        head,
        new RegExp(`<noscript><link nonce="${nonce}" rel="stylesheet" href="${escape(href)}"/></noscript>`),
      );
      // Exactly one of each (and the typeface's faces, declared once in the head's first <style>).
      assert.equal(head.match(/<style/g)?.length, 2);
      assert.equal(head.match(/@font-face/g)?.length, 2);
      assert.doesNotMatch(rules, /@font-face/);
      assert.equal(head.match(/rel="stylesheet"/g)?.length, 3);
    });
  }

  test('the same page with CRITICAL_CSS=false links its stylesheet as a blocking sheet, nothing inline', async () => {
    const head = headOf((await new ApiClient(plain.url).get('/features')).text);
    assert.doesNotMatch(head, /data-full-sheet|media="print"|<noscript><link[^>]*rel="stylesheet"/);
    assert.equal(head.match(/<style/g)?.length, 1, 'only the typeface’s faces');
    assert.match(head, /<link nonce="[^"]+" rel="stylesheet" href="\/assets\/style-[^"]+"\/>/);
  });

  test("a chosen theme's colours are in the rules (light, dark and the system's)", async () => {
    const rulesFor = async (theme: string) => {
      const page = await pageWithRules('/features', { cookie: `${THEME_COOKIE}=${theme}` });
      assert.match(page.text, new RegExp(`<html [^>]*data-theme="${theme}"`));
      return criticalRules(page.text)!;
    };
    const [light, dark, system] = await Promise.all([rulesFor('light'), rulesFor('dark'), rulesFor('system')]);
    assert.match(light, /:root\[data-theme=light\]\{[^}]*color-scheme:light/);
    assert.match(dark, /:root\[data-theme=dark\]\{[^}]*color-scheme:dark/);
    assert.match(system, /@media \(prefers-color-scheme:dark\)\{:root\{/);
  });

  test('the brand typeface: its class in every page’s rules, its faces in the head only (not in the stylesheet)', async () => {
    const page = await pageWithRules('/customers');
    // A later page of the tab sets the class before painting.
    assert.match(criticalRules(page.text)!, /\.brand-font/);
    const head = headOf(page.text);
    const faces = /<style nonce="[^"]*">(@font-face[^<]*)<\/style>/.exec(head)?.[1] ?? '';
    for (const weight of [400, 700])
      assert.match(
        faces,
        new RegExp(
          `font-weight:${weight};font-display:optional;src:url\\(/assets/inter-latin-${weight}-[\\w-]+\\.woff2\\)`,
        ),
      );
    // A sheet that declares faces relays out all of the page's text when it turns on.
    assert.doesNotMatch(readFileSync(join(clientBuildDir, stylesheetHref(head)!), 'utf8'), /@font-face/);
  });
});

describe('the rest of the sheet', () => {
  test('an address that is not one of the build’s (a sheet, its units) is a plain 404', async () => {
    const client = new ApiClient(server.url);
    const href = stylesheetHref(headOf((await pageWithRules('/features')).text))!;
    const sheet = href.slice('/assets/'.length, -'.css'.length);
    for (const path of [
      `/assets/rest/${sheet}/AAAA.css`,
      `/assets/rest/no-such-sheet/AQ.css`,
      `/assets/rest/${sheet}/AQ.js`,
      `/assets/rest/..%2F..%2Fserver/AQ.css`,
      `/assets/rest/${sheet}/${'A'.repeat(3000)}.css`,
    ]) {
      const answer = await client.get(path);
      assert.equal(answer.status, 404, path);
      assert.match(answer.headers.get('content-type') ?? '', /^text\/plain/, path);
    }
  });

  test('compressed for clients that accept it, cached for good', async () => {
    const head = headOf((await pageWithRules('/features')).text);
    const href = /href="(\/assets\/rest\/[^"]+)"/.exec(head)![1]!;
    const answer = await fetch(server.url + href, { headers: { 'accept-encoding': 'br' } });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-encoding'), 'br');
    assert.equal(answer.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.ok((await answer.text()).length > 1000);
  });
});

describe('what is left alone', () => {
  test('a staff page (its two stylesheets), a JSON answer and the 404 page are unchanged', async () => {
    const client = new ApiClient(server.url);
    const staff = await client.get('/analytics');
    assert.equal(headOf(staff.text).match(/rel="stylesheet"/g)?.length, 2);
    assert.doesNotMatch(headOf(staff.text), /data-full-sheet|media="print"/);
    const api = await client.get('/api/Faqs/GetAllFromFaqs');
    assert.equal(api.status, 200);
    assert.ok(Array.isArray(api.body));
    const missing = await client.get('/no-such-page');
    assert.equal(missing.status, 404);
    assert.doesNotMatch(headOf(missing.text), /data-full-sheet|media="print"/);
  });
});

describe('the structure key', () => {
  const page = (body: string) =>
    `<!DOCTYPE html><html lang="en"><head><link nonce="n" rel="stylesheet" href="/assets/style-x.css"/></head><body>${body}</body></html>`;

  test('ignores text and URLs, follows the elements and their styling attributes', () => {
    const base = structureKey(page('<main class="a"><h1>Fleet</h1><a href="/x?utm=1">More</a></main>'));
    assert.equal(base, structureKey(page('<main class="a"><h1>Trucks</h1><a href="/y?utm=2">Less</a></main>')));
    assert.notEqual(base, structureKey(page('<main class="b"><h1>Fleet</h1><a href="/x">More</a></main>')));
    assert.notEqual(base, structureKey(page('<main class="a"><h2>Fleet</h2><a href="/x">More</a></main>')));
    assert.notEqual(
      base,
      structureKey(page('<main class="a"><h1>Fleet</h1><a href="/x" aria-current="page">More</a></main>')),
    );
  });

  test('the rules go in before the one stylesheet; a page with two keeps its links as they are', () => {
    const sheets = { rules: '.a{color:red}', restHref: '/assets/rest/style-x/AQ.css' };
    const html = withCriticalRules(page('<p>x</p>'), sheets);
    assert.match(
      html,
      /<head><style nonce="n">\.a\{color:red\}<\/style><link nonce="n" rel="stylesheet" href="\/assets\/style-x\.css" media="print" disabled=""\/><link nonce="n" rel="stylesheet" href="\/assets\/rest\/style-x\/AQ\.css" media="print" disabled="" data-full-sheet\/><script nonce="n">.*<\/script><noscript><link nonce="n" rel="stylesheet" href="\/assets\/style-x\.css"\/><\/noscript><\/head>/,
    );
    const two = page('<p>x</p>').replace('</head>', '<link rel="stylesheet" href="/assets/staff.css"/></head>');
    assert.equal(withCriticalRules(two, sheets), two);
  });
});

describe('one extraction per structure', () => {
  const picks = async () =>
    (await server.app.metrics.criticalCss.get()).values.find((value) => value.labels.result === 'picked')?.value ?? 0;

  test('copies of a page under new query strings and themes reuse its rules', async () => {
    const client = new ApiClient(server.url);
    const first = criticalRules((await pageWithRules('/offer')).text);
    const before = await picks();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => client.get(`/offer?utm_source=test-${index}`)),
    );
    for (const answer of answers) assert.equal(criticalRules(answer.text), first);
    assert.equal(await picks(), before, 'no new extraction');
  });
});
