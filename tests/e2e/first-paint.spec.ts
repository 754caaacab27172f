// What the browser fetches on its own around a page's first paint (issue 32,
// app/lib/browser-fetched-links.ts): the favicon is written into the page, so it is never
// requested; the web app manifest's link is added once the page has painted and loaded, so a
// browser that reads it at load (to judge whether the site is installable) does so after the
// paint; without JavaScript the link is in the page as before. The home hero's other slides'
// screens, which lazy loading counted as near, wait for the visitor or the autoplay. The first frame
// lays out only what is on screen (app/lib/offscreen-first-frame.ts); the rest right after.
import type { Page } from '@playwright/test';
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

/** The hero's second and third slides' screens. */
const OTHER_SLIDES_SCREENS = '#hero-slide-2 .hero-art, #hero-slide-3 .hero-art';

/** Records, from the page's start, how many images the other slides hold when the load event fires
 * (lazy loading once counted them as near and fetched them at the first layout) and how tall the
 * slides are then. */
async function watchOtherSlidesAtLoad(page: Page) {
  await page.addInitScript(() => {
    window.addEventListener('load', () => {
      Object.assign(window, {
        imagesAtLoad: document.querySelectorAll('#hero-slide-2 img, #hero-slide-3 img').length,
        heightAtLoad: document.getElementById('hero-slides')!.getBoundingClientRect().height,
      });
    });
  });
  return async () => {
    await page.waitForFunction(() => 'imagesAtLoad' in window);
    return page.evaluate(() => {
      const { imagesAtLoad, heightAtLoad } = window as unknown as { imagesAtLoad: number; heightAtLoad: number };
      return { imagesAtLoad, heightAtLoad };
    });
  };
}

/** The slides kept their place while the screens were away: as tall as at load. */
async function expectSlidesHeight(page: Page, heightAtLoad: number) {
  expect(await page.locator('#hero-slides').evaluate((track) => track.getBoundingClientRect().height)).toBeCloseTo(
    heightAtLoad,
    0,
  );
}

test("/home on a phone: the hero's other slides' screens are fetched shortly before autoplay shows one, not when the page goes idle", async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const atLoad = await watchOtherSlidesAtLoad(page);
  await page.goto('/home');
  const hydratedAt = await page.evaluate(() => performance.now());
  const { imagesAtLoad, heightAtLoad } = await atLoad();
  expect(imagesAtLoad).toBe(0);
  // Past the first idle moment after load (when they used to come), well before autoplay's lead.
  await page.waitForTimeout(1500);
  const pictures = page.locator(OTHER_SLIDES_SCREENS).locator('picture img');
  await expect(pictures).toHaveCount(0);

  await expect(pictures).toHaveCount(2, { timeout: 15_000 });
  const fetchedAt = await pictures
    .nth(0)
    .evaluate((image: HTMLImageElement) => performance.getEntriesByName(image.currentSrc)[0]!.startTime);
  // Autoplay moves on 6 s after it starts (at hydration); the files are asked for 2 s before.
  expect(fetchedAt - hydratedAt).toBeGreaterThan(3000);
  // When the second slide shows, its screen is there already.
  await expect(page.getByRole('button', { name: 'Slide 2 of 3', exact: true })).toHaveAttribute(
    'aria-current',
    'true',
    {
      timeout: 15_000,
    },
  );
  expect(await pictures.nth(0).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
    true,
  );
  await expectSlidesHeight(page, heightAtLoad);
});

test("/home on a laptop, without autoplay: the hero's other slides' screens are fetched when the visitor reaches for the carousel", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Reduced motion: no autoplay, so only the visitor brings the screens.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const atLoad = await watchOtherSlidesAtLoad(page);
  await page.goto('/home');
  const { imagesAtLoad, heightAtLoad } = await atLoad();
  expect(imagesAtLoad).toBe(0);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const pictures = page.locator(OTHER_SLIDES_SCREENS).locator('picture img');
  await expect(pictures).toHaveCount(0);

  await page.locator('#home h1').hover();
  await expect(pictures).toHaveCount(2);
  // Shown when their slide is: the third, a scroll away, has loaded and has its alternative text.
  await page.getByRole('button', { name: 'Slide 3 of 3', exact: true }).click();
  await expect
    .poll(() => pictures.nth(1).evaluate((image) => (image as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  expect((await pictures.nth(1).getAttribute('alt'))!.length).toBeGreaterThan(40);
  await expectSlidesHeight(page, heightAtLoad);
});

/** What the page's parts below its top were when the document had been parsed, and whether the
 * rule that skips them was ever in the page. */
async function watchOffscreenRule(page: Page) {
  await page.addInitScript(() => {
    const seen = { ruleAdded: false, atParsed: [] as string[] };
    Object.assign(window, { offscreenSeen: seen });
    new MutationObserver(() => {
      if (document.querySelector('style[data-offscreen-first-frame]')) seen.ruleAdded = true;
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      seen.atParsed = [...document.querySelectorAll('main > * + *, .site-footer')].map(
        (part) => getComputedStyle(part).contentVisibility,
      );
    });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { offscreenSeen: { ruleAdded: boolean; atParsed: string[] } }).offscreenSeen,
    );
}

/** Every part of the page is laid out as usual, and nothing of the first frame's rule is left. */
async function expectWholeLayout(page: Page) {
  await expect(page.locator('style[data-offscreen-first-frame]')).toHaveCount(0);
  const parts = await page.evaluate(() =>
    [...document.querySelectorAll('main > * + *, .site-footer')].map((part) => ({
      visibility: getComputedStyle(part).contentVisibility,
      laidOutMark: part.classList.contains('laid-out'),
    })),
  );
  expect(parts.length).toBeGreaterThan(3);
  for (const part of parts) expect(part).toEqual({ visibility: 'visible', laidOutMark: false });
}

test('/home: the first frame skips the parts off screen, and the whole page is laid out once painted', async ({
  page,
}) => {
  const seen = await watchOffscreenRule(page);
  await page.goto('/home');
  await page.waitForFunction(() => !document.querySelector('style[data-offscreen-first-frame]'));
  const { ruleAdded, atParsed } = await seen();
  expect(ruleAdded).toBe(true);
  expect(atParsed.length).toBeGreaterThan(5);
  expect(new Set(atParsed)).toEqual(new Set(['auto']));
  await expectWholeLayout(page);
  // A link in the page lands on its section, as it did.
  await page.locator('a[href="/home#contact"]:visible').first().click();
  await expectContactAtTop(page);
});

/** The contact section has been scrolled to: its top just under the fixed header. */
async function expectContactAtTop(page: Page) {
  await expect
    .poll(() => page.locator('#contact').evaluate((section) => Math.round(section.getBoundingClientRect().top)))
    .toBeGreaterThan(0);
  await expect
    .poll(() => page.locator('#contact').evaluate((section) => Math.round(section.getBoundingClientRect().top)))
    .toBeLessThan(200);
}

for (const [how, go] of [
  ['a URL with a fragment', (page: Page) => page.goto('/home#contact')],
  ['a reload', async (page: Page) => (await page.goto('/home'), page.reload())],
] as const)
  test(`/home after ${how}: the whole page is laid out from the first frame`, async ({ page }) => {
    const seen = await watchOffscreenRule(page);
    await go(page);
    await page.waitForLoadState('load');
    const { ruleAdded, atParsed } = await seen();
    expect(ruleAdded).toBe(false);
    expect(new Set(atParsed)).toEqual(new Set(['visible']));
    await expectWholeLayout(page);
    if (how === 'a URL with a fragment') await expectContactAtTop(page);
  });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("/home: the hero's other slides show their screens", async ({ page }) => {
    await page.goto('/home');
    const track = page.locator('#hero-slides');
    await track.evaluate((element) => element.scrollTo({ left: element.clientWidth }));
    const image = page.locator('#hero-slide-2 .hero-art img');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // The empty boxes that hold the place for a script-enabled page are not drawn.
    await expect(page.locator('#hero-slide-2 .screen-later > svg').first()).toBeHidden();
  });

  test('/docs: the manifest is linked from the page itself', async ({ page }) => {
    await page.goto('/docs');
    await expect(page.locator('head link[rel=manifest]')).toHaveAttribute('href', '/manifest.webmanifest');
  });
});
