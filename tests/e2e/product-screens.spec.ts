// The product screens (issue 28, decision 034): every feature page, the home hero's slides and the
// portfolio show a drawn screen of the product as an image; exactly one file is fetched, the one
// for the page's theme and the viewport; on a phone it is the readable detail.
import type { Page } from '@playwright/test';
import { FEATURE_SLUGS } from '../../content/feature-slugs.ts';
import { NARROW, WIDE } from './axe-check.ts';
import { expect, test } from './fixtures.ts';

type Theme = 'light' | 'dark' | 'system';

/** Opens a page in a theme: a chosen one is the cookie the theme menu sets. */
async function openInTheme(page: Page, path: string, theme: Theme, baseURL: string | undefined) {
  if (theme !== 'system') await page.context().addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
  await page.goto(path);
}

/** Every screen file the page has fetched so far. */
function screenRequests(page: Page) {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/screens/')) fetched.push(pathname.split('/').at(-1)!);
  });
  return fetched;
}

/** What a loaded screen image reports: the file the browser chose and its drawn and shown sizes. */
const imageFacts = (page: Page, selector: string) =>
  page.locator(selector).evaluate((node) => {
    const image = node as HTMLImageElement;
    return {
      complete: image.complete,
      natural: image.naturalWidth,
      shown: image.getBoundingClientRect().width,
      file: image.currentSrc.split('/').at(-1)!,
      alt: image.alt,
    };
  });

const FEATURE_SCREEN = '.feature-screen img';

test.describe('every feature page shows its product screen', () => {
  test.use({ viewport: WIDE });
  for (const slug of FEATURE_SLUGS) {
    test(`/${slug}`, async ({ page }) => {
      await page.goto(`/${slug}`);
      const image = page.locator(FEATURE_SCREEN);
      await expect(image).toBeVisible();
      await expect
        .poll(() => imageFacts(page, FEATURE_SCREEN).then((facts) => facts.complete && facts.natural > 0))
        .toBe(true);
      const facts = await imageFacts(page, FEATURE_SCREEN);
      expect(facts.file).toMatch(new RegExp(`^${slug}-(light|dark)\\.svg$`));
      expect(facts.alt.length).toBeGreaterThan(40);
      // The screen and its caption are words a buyer reads, not a placeholder.
      await expect(page.locator('main')).not.toContainText('(illustration)');
      await expect(page.locator('.feature-screen figcaption')).not.toBeEmpty();
      // The page opens with what the feature does for the business.
      await expect(page.locator('main h2').first()).toHaveId('feature-outcome');
      await expect(page.locator('.feature-benefits > li')).toHaveCount(3);
    });
  }
});

test.describe('the screen fetched is the one for the theme', () => {
  test.use({ viewport: WIDE });
  const cases: { theme: Theme; scheme: 'light' | 'dark'; expected: 'light' | 'dark' }[] = [
    { theme: 'light', scheme: 'dark', expected: 'light' },
    { theme: 'dark', scheme: 'light', expected: 'dark' },
    { theme: 'system', scheme: 'dark', expected: 'dark' },
    { theme: 'system', scheme: 'light', expected: 'light' },
  ];
  for (const { theme, scheme, expected } of cases) {
    test(`theme ${theme} with a ${scheme} system fetches only the ${expected} files`, async ({ page, baseURL }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const fetched = screenRequests(page);
      await openInTheme(page, '/jobs', theme, baseURL);
      await expect.poll(() => imageFacts(page, FEATURE_SCREEN).then((facts) => facts.natural)).toBeGreaterThan(0);
      expect(fetched).toEqual([`jobs-${expected}.svg`]);
    });
  }

  test('choosing another theme in the navbar swaps the screen at once', async ({ page, baseURL }) => {
    await openInTheme(page, '/fleet', 'light', baseURL);
    await expect.poll(() => imageFacts(page, FEATURE_SCREEN).then((facts) => facts.file)).toBe('fleet-light.svg');
    await page.getByRole('navigation', { name: 'Main' }).locator('summary', { hasText: 'Theme' }).click();
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    await expect.poll(() => imageFacts(page, FEATURE_SCREEN).then((facts) => facts.file)).toBe('fleet-dark.svg');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: NARROW });
  for (const slug of ['dashboard', 'jobs', 'mapTracker', 'settings', 'accounts']) {
    test(`/${slug} shows the readable detail, its smallest text at least 11 px`, async ({ page }) => {
      const fetched = screenRequests(page);
      await page.goto(`/${slug}`);
      await expect.poll(() => imageFacts(page, FEATURE_SCREEN).then((facts) => facts.natural)).toBeGreaterThan(0);
      const facts = await imageFacts(page, FEATURE_SCREEN);
      expect(facts.file).toMatch(new RegExp(`^${slug}-(light|dark)-detail\\.svg$`));
      expect(fetched).toEqual([facts.file]);
      // The screens' smallest text is 12 units (app/screens/parts-figures.ts and its neighbours).
      expect((12 * facts.shown) / facts.natural).toBeGreaterThanOrEqual(11);
    });
  }
});

test.describe('home', () => {
  test('the first slide fetches its screen at once; the portfolio shows three readable details', async ({ page }) => {
    await page.setViewportSize(WIDE);
    await page.goto('/home');
    const first = page.locator('#hero-slide-1 img');
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect.poll(() => imageFacts(page, '#hero-slide-1 img').then((facts) => facts.natural)).toBeGreaterThan(0);
    expect((await imageFacts(page, '#hero-slide-1 img')).file).toMatch(/^dashboard-(light|dark)\.svg$/);
    await expect(page.locator('#hero-slide-2 img, #hero-slide-3 img')).toHaveCount(2);
    for (const alt of await page
      .locator('.hero-art img')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLImageElement).alt)))
      expect(alt.length).toBeGreaterThan(40);

    const tiles = page.locator('.portfolio-screen img');
    await expect(tiles).toHaveCount(3);
    await expect(tiles.first()).toHaveAttribute('loading', 'lazy');
    await tiles.first().scrollIntoViewIfNeeded();
    for (let index = 0; index < 3; index += 1) {
      await expect
        .poll(() => tiles.nth(index).evaluate((node) => (node as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      expect(await tiles.nth(index).evaluate((node) => (node as HTMLImageElement).currentSrc)).toMatch(/-detail\.svg$/);
    }
    await expect(page.locator('main')).not.toContainText('(illustration)');
  });

  test('the page closes with a Book a Demo band after the spec sections, which opens the demo modal', async ({
    page,
  }) => {
    await page.setViewportSize(WIDE);
    await page.goto('/home');
    const band = page.getByRole('region', { name: 'See your own freight run through Haulora' });
    // The spec's sections stay in order; the band comes after the last of them.
    const afterContact = await page.locator('#contact ~ .cta-band').count();
    expect(afterContact).toBe(1);
    await band.getByRole('link', { name: 'Book a Demo' }).click();
    // The modal's code loads on its first opening.
    await expect(page.getByRole('dialog', { name: 'Book a demo', exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('every feature page ends with a Book a Demo band that opens the modal', () => {
  test.use({ viewport: WIDE });
  for (const slug of FEATURE_SLUGS) {
    test(`/${slug}`, async ({ page }) => {
      await page.goto(`/${slug}`);
      const band = page.locator('.cta-band');
      await expect(band).toHaveCount(1);
      // Nothing but the footer after it.
      expect(await page.locator('main > :last-child').evaluate((node) => node.classList.contains('cta-band'))).toBe(
        true,
      );
      await band.getByRole('link', { name: 'Book a Demo' }).click();
      const modal = page.getByRole('dialog', { name: 'Book a demo', exact: true });
      await expect(modal).toBeVisible({ timeout: 15_000 });
      await expect(page).toHaveURL(new RegExp(`/${slug}$`));
    });
  }
});

test('without JavaScript the band is a link to the demo page', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/qar');
  await expect(page.locator('.cta-band').getByRole('link', { name: 'Book a Demo' })).toHaveAttribute(
    'href',
    '/request-demo',
  );
  // The screen is there without script too.
  await expect(page.locator(FEATURE_SCREEN)).toHaveAttribute('alt', /quality assurance review/);
  await context.close();
});
