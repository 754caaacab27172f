// What search engines and link previews read: the sitemap (every indexable page, absolute URLs), a
// canonical link and Open Graph tags on every page, robots.txt, a real 404 page, and every page's
// main content in the HTML itself (no JavaScript needed).
import { href } from 'react-router';
import routes from '../../app/routes.ts';
import { NOINDEX_PATHS } from '../../app/lib/site-pages.ts';
import { CUSTOMER_SLUGS, INTEGRATION_SLUGS } from '../../content/proof-slugs.ts';
import { expect, test } from './fixtures.ts';

/** Route paths that are not pages to list (redirects, the 404, form endpoints, the sitemap, the
 * staff inbox: noindex, signed-in staff only, built in the browser, tests/e2e/inbox.spec.ts; and a
 * visitor's booking link, one person's signed page, tests/e2e/demo-booking-manage.spec.ts). */
const NOT_PAGES = new Set([
  '/',
  '/offers',
  '/*',
  '/sitemap.xml',
  '/robots.txt',
  '/manifest.webmanifest',
  '/result',
  '/inbox',
  '/inbox/:kind/:id',
  // A staff member's demos and a request's meeting (issue 29): signed-in staff only, noindex.
  '/inbox/my-demos',
  '/inbox/demo-requests/:id/meeting',
  '/analytics',
  '/changelog.xml',
  '/demo/booking/:token',
  // A draft's preview link (issue 31): signed, expiring, noindex, tests/e2e/content.spec.ts.
  '/preview/:token',
]);
/** Routes with a slug stand for one page per slug (issue 28: stories and integrations). */
const SLUG_PAGES: Record<string, readonly string[]> = {
  '/customers/:slug': CUSTOMER_SLUGS,
  '/integrations/:slug': INTEGRATION_SLUGS,
};
/** The Content area (issue 19): admins only, noindex, never listed or searched. */
const isContentArea = (path: string) => path === '/content' || path.startsWith('/content/');
const pagePaths = routes
  .map((entry) => (entry.index ? '/' : `/${entry.path}`))
  .filter((path) => !NOT_PAGES.has(path) && !path.startsWith('/forms/') && !isContentArea(path))
  .flatMap((path) => SLUG_PAGES[path]?.map((slug) => path.replace(':slug', slug)) ?? [path]);

const attribute = (html: string, selector: RegExp) => selector.exec(html)?.[1]?.replace(/&amp;/g, '&');
const canonicalOf = (html: string) => attribute(html, /<link rel="canonical" href="([^"]+)"/);
const property = (html: string, name: string) =>
  attribute(html, new RegExp(`<meta property="${name}" content="([^"]*)"`));

test('the sitemap lists every page route but the noindex ones, with its absolute URL, each answering 200', async ({
  request,
  baseURL,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/xml/);
  const xml = await response.text();
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
  );
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  const origin = new URL(baseURL!).origin;
  expect(locations.map((location) => location.replace(origin, '')).sort()).toEqual(
    pagePaths.filter((path) => !NOINDEX_PATHS.includes(path)).sort(),
  );
  for (const location of locations) {
    expect(location.startsWith(`${origin}/`), location).toBe(true);
    expect((await request.get(location, { maxRedirects: 0 })).status(), location).toBe(200);
  }
});

test('every page has a canonical link to its own URL, and title, description and Open Graph tags', async ({
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  for (const path of pagePaths) {
    const html = await (await request.get(path)).text();
    expect(canonicalOf(html), `canonical of ${path}`).toBe(`${origin}${path}`);
    expect(property(html, 'og:url'), path).toBe(`${origin}${path}`);
    expect(property(html, 'og:title'), path).toMatch(/\| Haulora$|Haulora/);
    expect(property(html, 'og:description')?.length, `og:description of ${path}`).toBeGreaterThan(20);
    expect(property(html, 'og:type'), path).toBe('website');
    expect(
      attribute(html, /<meta name="description" content="([^"]*)"/)?.length,
      `description of ${path}`,
    ).toBeGreaterThan(20);
    expect(html, path).toMatch(/<title>[^<]+<\/title>/);
  }
});

test('a page asks search engines not to index it exactly when the sitemap leaves it out', async ({ request }) => {
  const robotsOf = (html: string) => attribute(html, /<meta name="robots" content="([^"]*)"/);
  for (const path of pagePaths) {
    const html = await (await request.get(path)).text();
    expect(robotsOf(html), path).toBe(NOINDEX_PATHS.includes(path) ? 'noindex' : undefined);
  }
});

test('the canonical URL leaves out the query and the hash', async ({ request, baseURL }) => {
  const html = await (await request.get(`${href('/glossary')}?q=fuel&sort=-term`)).text();
  expect(canonicalOf(html)).toBe(`${new URL(baseURL!).origin}${href('/glossary')}`);
});

test('robots.txt lets crawlers in and keeps them out of the API', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toContain('User-agent: *');
  expect(text).toContain('Disallow: /api/');
});

test('an unknown address is a real 404 page, kept out of search results, with ways onwards', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('main').getByRole('link', { name: 'Home' })).toHaveAttribute('href', href('/home'));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("every page's main content is in the HTML: a heading and its text", async ({ page }) => {
    test.setTimeout(120_000); // some fifty pages, one after another
    for (const path of pagePaths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 }), path).toHaveCount(1);
      expect((await page.getByRole('main').innerText()).length, `text in the main content of ${path}`).toBeGreaterThan(
        60,
      );
    }
  });

  test('the glossary, the manual, the icon gallery and the showcase are complete', async ({ page, request }) => {
    const [, entries] = (await (await request.get('/api/Glossary/GetAllFromGlossary')).json()) as [
      string,
      Array<{ term: string }>,
    ];
    await page.goto(href('/glossary'));
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(entries.length);
    await expect(page.getByRole('rowheader', { name: entries.at(-1)!.term, exact: true })).toBeVisible();

    await page.goto(href('/docs'));
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(6);
    await expect(page.locator('a[href*="?tutorial="]')).toHaveCount(53);

    await page.goto(href('/nucleoicons'));
    expect(await page.locator('.icon-tile-name').count()).toBeGreaterThanOrEqual(100);

    await page.goto(href('/homepage'));
    await expect(page.getByRole('heading', { level: 2, name: 'Cards' })).toBeVisible();
  });
});
