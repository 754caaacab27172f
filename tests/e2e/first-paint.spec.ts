// What the browser fetches on its own around a page's first paint (issue 32,
// app/lib/browser-fetched-links.ts): the favicon is written into the page, so it is never
// requested; the web app manifest's link is added once the page has painted and loaded, so a
// browser that reads it at load (to judge whether the site is installable) does so after the
// paint; without JavaScript the link is in the page as before.
import { expect, test } from './fixtures.ts';

for (const path of ['/home', '/glossary', '/docs'])
  test(`${path}: no favicon request, the manifest's link only after the first paint`, async ({ page }) => {
    // When the manifest's link joined the document, on the page's own clock.
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        if (!document.querySelector('link[rel=manifest]')) return;
        (window as unknown as { manifestLinkAt: number }).manifestLinkAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(path);
    const manifest = page.locator('head > link[rel=manifest]');
    await expect(manifest).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(manifest).toHaveAttribute('crossorigin', 'use-credentials');
    const { manifestLinkAt, firstPaint, load } = await page.evaluate(() => ({
      manifestLinkAt: (window as unknown as { manifestLinkAt: number }).manifestLinkAt,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
      load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    }));
    expect(manifestLinkAt).toBeGreaterThan(firstPaint);
    expect(manifestLinkAt).toBeGreaterThanOrEqual(load);
    // The page's icon is its own link's data, shown without a request.
    await expect(page.locator('head > link[rel=icon]')).toHaveAttribute('href', /^data:image\/svg\+xml,%3Csvg /);
    await page.waitForLoadState('networkidle');
    expect(requested.filter((pathname) => /favicon/.test(pathname))).toEqual([]);
  });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('/docs: the manifest is linked from the page itself', async ({ page }) => {
    await page.goto('/docs');
    await expect(page.locator('head link[rel=manifest]')).toHaveAttribute('href', '/manifest.webmanifest');
  });
});
