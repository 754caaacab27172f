// The page list behind the gates, the sitemap and the search index covers every page route of
// app/routes.ts, and the glossary's URL state reads back what it writes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import routes from '../../app/routes.ts';
import { NOINDEX_PATHS, PAGE_PATHS, SEARCHABLE_PATHS, SITEMAP_PATHS } from '../../app/lib/site-pages.ts';
import { nextSort, readGlossaryView, writeGlossaryView } from '../../app/lib/glossary-view.ts';
import { pageWindow } from '../../app/lib/page-window.ts';
import { CUSTOMER_SLUGS, INTEGRATION_SLUGS } from '../../content/proof-slugs.ts';

/**
 * Paths that are not pages to list: the redirects, the 404 catch-all, the sitemap itself, the
 * no-JavaScript form endpoints, the form result page (noindex), and the staff inbox (noindex,
 * signed-in staff only, built in the browser), and a visitor's own booking (issue 29: reached by
 * the signed link in their invite, noindex, no-store), and a Content draft's preview (issue 31: the
 * same kind of signed link, noindex, no-store).
 */
const NOT_PAGES = new Set([
  '/',
  '/offers',
  '/*',
  '/sitemap.xml',
  '/robots.txt',
  '/manifest.webmanifest',
  '/changelog.xml',
  '/result',
  '/inbox',
  '/inbox/:kind/:id',
  // A staff member's demos and a request's meeting (issue 29): signed-in staff only, noindex.
  '/inbox/my-demos',
  '/inbox/demo-requests/:id/meeting',
  '/analytics',
  '/demo/booking/:token',
  // A draft shown on its public page to whoever holds the signed, expiring link (issue 31).
  '/preview/:token',
]);
/** Routes with a slug stand for one page per slug (issue 28: stories and integrations). */
const SLUG_PAGES: Record<string, readonly string[]> = {
  '/customers/:slug': CUSTOMER_SLUGS,
  '/integrations/:slug': INTEGRATION_SLUGS,
};
const expand = (path: string) => SLUG_PAGES[path]?.map((slug) => path.replace(':slug', slug)) ?? [path];
/** The Content area (issue 19): admins only, noindex, never listed or searched. */
const isContentArea = (path: string) => path === '/content' || path.startsWith('/content/');
const isPage = (path: string) => !NOT_PAGES.has(path) && !path.startsWith('/forms/') && !isContentArea(path);

describe('site pages', () => {
  test('every page route is listed once, and nothing else', () => {
    const routePaths = routes
      .map((entry) => (entry.index ? '/' : `/${entry.path}`))
      .filter(isPage)
      .flatMap(expand);
    assert.deepEqual([...PAGE_PATHS].sort(), routePaths.sort());
    assert.equal(new Set(PAGE_PATHS).size, PAGE_PATHS.length);
  });

  test('the privacy notice is listed; the staff inbox is not, nor searched', () => {
    assert.ok(PAGE_PATHS.includes('/privacy'));
    assert.ok(!PAGE_PATHS.some((path) => path.startsWith('/inbox')));
    assert.ok(!SEARCHABLE_PATHS.some((path) => path.startsWith('/inbox')));
    assert.ok(!PAGE_PATHS.some(isContentArea) && !SEARCHABLE_PATHS.some(isContentArea));
  });

  test('the sitemap lists every page but the noindex ones, which are pages too', () => {
    for (const path of NOINDEX_PATHS) assert.ok(PAGE_PATHS.includes(path), path);
    assert.deepEqual([...SITEMAP_PATHS, ...NOINDEX_PATHS].sort(), [...PAGE_PATHS].sort());
    assert.ok(NOINDEX_PATHS.includes('/user-profile'));
    for (const path of SEARCHABLE_PATHS) assert.ok(!NOINDEX_PATHS.includes(path), path);
  });

  test('the search covers the features, the 18 feature pages, the manual, the glossary, the FAQ, the plans and the proof pages', () => {
    assert.equal(SEARCHABLE_PATHS.length, 23 + 4 + CUSTOMER_SLUGS.length + INTEGRATION_SLUGS.length);
    for (const path of ['/offer', '/customers', '/integrations', '/security', '/changelog', '/integrations/ledgerly'])
      assert.ok(SEARCHABLE_PATHS.includes(path), path);
    for (const path of SEARCHABLE_PATHS) assert.ok(PAGE_PATHS.includes(path), path);
  });
});

describe('glossary view in the URL', () => {
  test('defaults are left out of the URL', () => {
    assert.equal(writeGlossaryView(readGlossaryView(new URLSearchParams())).toString(), '');
  });

  test('a full view round-trips', () => {
    const params = new URLSearchParams('q=road+train&sort=-term&page=3&size=25');
    const view = readGlossaryView(params);
    assert.deepEqual(view, { query: 'road train', sort: { column: 'term', desc: true }, page: 3, pageSize: 25 });
    assert.equal(writeGlossaryView(view).toString(), params.toString());
  });

  test('nonsense falls back to the defaults and other parameters survive', () => {
    const view = readGlossaryView(new URLSearchParams('sort=price&page=-4&size=7'));
    assert.deepEqual(view, { query: '', sort: null, page: 1, pageSize: 10 });
    assert.equal(
      writeGlossaryView({ ...view, pageSize: 'all' }, new URLSearchParams('utm=x')).toString(),
      'utm=x&size=all',
    );
  });

  test('a header cycles ascending, descending, then back to the stored order', () => {
    const asc = nextSort(null, 'term');
    assert.deepEqual(asc, { column: 'term', desc: false });
    const desc = nextSort(asc, 'term');
    assert.deepEqual(desc, { column: 'term', desc: true });
    assert.equal(nextSort(desc, 'term'), null);
    assert.deepEqual(nextSort(desc, 'category'), { column: 'category', desc: false });
  });
});

describe('pagination window', () => {
  test('short ranges show every page', () => {
    assert.deepEqual(pageWindow(4, 5), [1, 2, 3, 4, 5]);
  });

  test('long ranges keep the ends and the neighbours, and a gap hides at least two pages', () => {
    assert.deepEqual(pageWindow(1, 13), [1, 2, 3, 4, 5, 'gap', 13]);
    assert.deepEqual(pageWindow(4, 13), [1, 2, 3, 4, 5, 'gap', 13]);
    assert.deepEqual(pageWindow(7, 13), [1, 'gap', 6, 7, 8, 'gap', 13]);
    assert.deepEqual(pageWindow(13, 13), [1, 'gap', 9, 10, 11, 12, 13]);
  });
});
