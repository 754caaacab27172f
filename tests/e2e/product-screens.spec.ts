// The product screens (issue 28, decision 034): every feature page, the home hero's slides and the
// portfolio show a drawn screen of the product; on a phone it is the readable detail. A page's
// first screen (a feature page's, the home hero's first slide's) is drawn into the page, in the
// theme's colours and with no file; the others are images of which exactly one file is fetched,
// the one for the page's theme and the viewport. Checked as a buyer
// and an auditor would see them: every screen loads and nothing scrolls sideways at phone and
// desktop width in both themes; in the dark theme axe's colour rules find nothing (the light
// theme's full axe run over the same pages is quality-pages.spec's; the markup is the same in both
// themes); screenshots at both widths in both themes for people to look at
// (test-results/docs/screens-*.png). A feature page's visit at 1280 px in the light theme also
// checks its words against the spec (feature-pages-expected.ts) and runs axe's whole WCAG rule
// set where quality-pages.spec does not (it leaves a template's further pages to 375 px). One visit per page, width and theme does all of it (the suite's time: each page load is
// seconds on a busy machine).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { parse } from 'yaml';
import { withinCrop } from '../../app/screens/crop.ts';
import { SCREENS } from '../../app/screens/index.ts';
import { readPalettes } from '../../app/screens/palette.ts';
import { schema as screensSchema } from '../../content/screens.schema.ts';
import { FEATURE_SLUGS, type FeatureSlug } from '../../content/feature-slugs.ts';
import { COLOUR_RULES, expectNoAxeViolations, expectNoSideScroll, NARROW, screenshot, WIDE } from './axe-check.ts';
import { DETAILS, FEATURES } from './feature-pages-expected.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { SAME_TEMPLATE } from './site-templates.ts';

type Theme = 'light' | 'dark' | 'system';
type Viewport = typeof NARROW | typeof WIDE;

// The tests are independent of each other (each opens its own page): both workers may share them.
test.describe.configure({ mode: 'parallel' });

/** The pages photographed: home and a spread of the feature pages' screens. */
const PHOTOGRAPHED = new Set([
  '/home',
  '/dashboard',
  '/jobs',
  '/mapTracker',
  '/messaging',
  '/settings',
  '/qar',
  '/help',
]);
/** The feature pages whose phone detail is measured for its smallest text. */
const PHONE_DETAIL = new Set(['dashboard', 'jobs', 'mapTracker', 'settings', 'accounts']);
const FEATURE_SCREEN = '.feature-screen';
/** The home page's first portfolio tile: an image, lazy, always the detail. */
const PORTFOLIO_TILE = '.portfolio-screen img >> nth=0';

/** Chooses a theme the way the theme menu does (its cookie); 'system' chooses none. */
async function chooseTheme(page: Page, theme: Theme, baseURL: string | undefined) {
  if (theme !== 'system') await page.context().addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
}

/** Opens a page in a theme at a width, and checks it answered 200 in that theme. */
async function open(page: Page, path: string, viewport: Viewport, theme: 'light' | 'dark') {
  await page.setViewportSize(viewport);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** The feature page's heading, title and description, and every item and detail the spec lists. */
async function expectFeatureWords(page: Page, slug: FeatureSlug) {
  const { title, items } = FEATURES[slug];
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | Haulora`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
  for (const item of items) {
    await expect(page.getByRole('heading', { level: 3, name: item, exact: true }), item).toBeVisible();
  }
  const main = page.getByRole('main');
  // The page's own words, not those drawn in its screen (which may share one, such as "Draft").
  const outsideScreen = page.locator(':not(.screen-inline *)');
  for (const detail of DETAILS[slug] ?? [])
    await expect(main.getByText(detail, { exact: true }).and(outsideScreen), String(detail)).toBeVisible();
  await expect(main.locator('.feature-screen').getByRole('img')).toHaveAccessibleName(/.{40,}/);
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

/** Every screen image on the page has loaded (scrolled through, as a reader would); the hero's
 * later slides wait for the carousel, which the test leaves on the first. Then nothing is wider
 * than the window, the dark theme's colours pass axe's colour rules, and a photographed page is
 * saved from its top. */
async function expectEveryScreenShown(page: Page, path: string, viewport: Viewport, theme: 'light' | 'dark') {
  const images = page.locator('picture.product-screen img:not(#hero-slide-2 *):not(#hero-slide-3 *)');
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await expectNoSideScroll(page);
  if (theme === 'dark') await expectNoAxeViolations(page, COLOUR_RULES);
  if (PHOTOGRAPHED.has(path)) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `screens-${path.slice(1)}-${viewport.width}-${theme}`, true);
  }
}

/** The page's closing Book a Demo band opens the demo modal where the visitor is. */
async function expectBandOpensDemoModal(page: Page, band: Locator, path: string) {
  await band.getByRole('link', { name: 'Book a Demo' }).click();
  // The modal's code loads on its first opening.
  await expect(page.getByRole('dialog', { name: 'Book a demo', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

// Two widths, every screen loaded (and the colour rules in the dark theme): slow on a shared machine.
test.describe('every feature page', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(({ page }) => page.emulateMedia({ reducedMotion: 'reduce' }));

  for (const slug of FEATURE_SLUGS) {
    const path = `/${slug}`;
    test(`${path} (light): every screen loads at 375 and 1280 px; the spec's words, its screen, no axe violation at 1280 px, and a Book a Demo band that opens the modal`, async ({
      page,
      baseURL,
    }) => {
      await chooseTheme(page, 'light', baseURL);
      const fetched = screenRequests(page);

      await open(page, path, NARROW, 'light');
      if (PHONE_DETAIL.has(slug)) {
        // On a phone the screen, drawn into the page, is its readable detail.
        const phone = await inlineScreenFacts(page, FEATURE_SCREEN);
        expect(phone.shown).toBe('detail');
        // The screens' smallest text is 12 units (app/screens/parts-figures.ts and its neighbours).
        expect((12 * phone.width) / phone.viewBoxWidth).toBeGreaterThanOrEqual(11);
      }
      await expectEveryScreenShown(page, path, NARROW, 'light');

      await open(page, path, WIDE, 'light');
      await expectFeatureWords(page, slug);
      // The template's first page gets every rule at this width in quality-pages.spec.
      if (SAME_TEMPLATE.has(path)) await expectNoAxeViolations(page);
      // The whole screen, drawn into the page: no screen file at either width.
      expect((await inlineScreenFacts(page, FEATURE_SCREEN)).shown).toBe('full');
      expect(fetched).toEqual([]);
      // The screen and its caption are words a buyer reads, not a placeholder.
      await expect(page.locator('main')).not.toContainText('(illustration)');
      await expect(page.locator('.feature-screen figcaption')).not.toBeEmpty();
      // The page opens with what the feature does for the business.
      await expect(page.locator('main h2').first()).toHaveId('feature-outcome');
      await expect(page.locator('.feature-benefits > li')).toHaveCount(3);
      await expectEveryScreenShown(page, path, WIDE, 'light');

      // It ends with a Book a Demo band: nothing but the footer after it.
      const band = page.locator('.cta-band');
      await expect(band).toHaveCount(1);
      expect(await page.locator('main > :last-child').evaluate((node) => node.classList.contains('cta-band'))).toBe(
        true,
      );
      await expectBandOpensDemoModal(page, band, path);
    });

    test(`${path} (dark): every screen loads, no colour contrast failure at 375 and 1280 px`, async ({
      page,
      baseURL,
    }) => {
      await chooseTheme(page, 'dark', baseURL);
      for (const viewport of [NARROW, WIDE]) {
        await open(page, path, viewport, 'dark');
        await expectEveryScreenShown(page, path, viewport, 'dark');
      }
    });
  }
});

test.describe('home', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(({ page }) => page.emulateMedia({ reducedMotion: 'reduce' }));

  test('(light) every screen loads at 375 and 1280 px; the first slide fetches its screen at once, the portfolio shows three readable details, and the closing Book a Demo band opens the demo modal', async ({
    page,
    baseURL,
  }) => {
    await chooseTheme(page, 'light', baseURL);
    const fetched = screenRequests(page);
    await open(page, '/home', NARROW, 'light');
    // The first slide's screen is drawn into the page: on a phone its readable detail.
    const phone = await inlineScreenFacts(page, HERO_SCREEN);
    expect(phone.shown).toBe('detail');
    expect((12 * phone.width) / phone.viewBoxWidth).toBeGreaterThanOrEqual(11);
    await expectEveryScreenShown(page, '/home', NARROW, 'light');

    await open(page, '/home', WIDE, 'light');
    expect((await inlineScreenFacts(page, HERO_SCREEN)).shown).toBe('full');
    await expect(page.locator('#hero-slide-1').getByRole('img')).toHaveAccessibleName(/^The Haulora dashboard.{40,}/);
    expect(fetched.filter((file) => file.startsWith('dashboard'))).toEqual([]);
    // The other slides' screens come when the visitor reaches for the carousel (no autoplay here).
    await page.locator('#home h1').hover();
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
    await expectEveryScreenShown(page, '/home', WIDE, 'light');

    // The spec's sections stay in order; the band comes after the last of them.
    const band = page.getByRole('region', { name: 'See your own freight run through Haulora' });
    expect(await page.locator('#contact ~ .cta-band').count()).toBe(1);
    await expectBandOpensDemoModal(page, band, '/home');
  });

  test('(dark) every screen loads, no colour contrast failure at 375 and 1280 px', async ({ page, baseURL }) => {
    await chooseTheme(page, 'dark', baseURL);
    for (const viewport of [NARROW, WIDE]) {
      await open(page, '/home', viewport, 'dark');
      await expectEveryScreenShown(page, '/home', viewport, 'dark');
    }
  });

  test('the first slide draws its screen in the theme the page shows, follows the theme menu without a request, and a page reached by a link shows the file', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(WIDE);
    await chooseTheme(page, 'light', baseURL);
    const fetched = screenRequests(page);
    await page.goto('/home');
    await waitForHydration(page);
    const light = await inlineScreenFacts(page, HERO_SCREEN);
    expect(light.background).toBe(light.surfaceMuted);

    await page.getByRole('navigation', { name: 'Main' }).locator('summary', { hasText: 'Theme' }).click();
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    await expect
      .poll(() => inlineScreenFacts(page, HERO_SCREEN).then((facts) => facts.background))
      .not.toBe(light.background);
    const dark = await inlineScreenFacts(page, HERO_SCREEN);
    expect(dark.background).toBe(dark.surface);
    await screenshot(page, 'screens-home-inline-after-theme-change-1280');
    expect(fetched.filter((file) => file.startsWith('dashboard'))).toEqual([]);

    // Rendered in the browser, the page has no drawing to keep: the slide shows the theme's file.
    await page.goto('/fleet');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Haulora home' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect
      .poll(() => imageFacts(page, '#hero-slide-1 img').then((facts) => facts.file))
      .toBe('dashboard-dark.svg');
    await expect(page.locator('#hero-slide-1 .screen-inline')).toHaveCount(0);
  });
});

/** The home hero's first slide's screen. */
const HERO_SCREEN = '#hero-slide-1';

/** A screen drawn into the page (inside `scope`): which view shows, how wide against its drawn
 * width, and the colour of its background next to the page's surfaces. */
const inlineScreenFacts = (page: Page, scope: string) =>
  page.locator(`${scope} .screen-inline`).evaluate((wrapper) => {
    const views = [...wrapper.querySelectorAll<SVGSVGElement>(':scope > svg[role="img"]')];
    const visible = views.filter((view) => getComputedStyle(view).display !== 'none');
    if (visible.length !== 1) throw new Error(`${visible.length} views of the screen show`);
    const view = visible[0]!;
    // The drawing's first shape is the window's background: the theme's page surface.
    const background = getComputedStyle(view.querySelector('rect')!).fill;
    // The page's surfaces as its theme resolves them now.
    const resolved = (token: string) => {
      const element = document.createElement('div');
      element.style.color = `var(${token})`;
      document.body.append(element);
      const colour = getComputedStyle(element).color;
      element.remove();
      return colour;
    };
    return {
      shown: view.classList.contains('screen-inline-full') ? 'full' : 'detail',
      width: view.getBoundingClientRect().width,
      viewBoxWidth: view.viewBox.baseVal.width,
      background,
      // The drawn window is the muted surface in the light theme and the plain one in the dark.
      surfaceMuted: resolved('--surface-muted'),
      surface: resolved('--surface'),
    };
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
      await chooseTheme(page, theme, baseURL);
      await page.goto('/home');
      const tile = page.locator(PORTFOLIO_TILE);
      await tile.scrollIntoViewIfNeeded();
      await expect.poll(() => tile.evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      // Whatever the page has fetched by now (the tiles, maybe the hero's other slides): the theme's files only.
      expect(fetched.length).toBeGreaterThan(0);
      for (const file of fetched) expect(file).toMatch(new RegExp(`^\\w+-${expected}(-detail)?\\.svg$`));
      // And one file per screen.
      expect(new Set(fetched.map((file) => file.split('-')[0])).size).toBe(fetched.length);
    });
  }

  test('choosing another theme in the navbar swaps the screen at once', async ({ page, baseURL }) => {
    await chooseTheme(page, 'light', baseURL);
    await page.goto('/home');
    await page.locator(PORTFOLIO_TILE).scrollIntoViewIfNeeded();
    await expect
      .poll(() => imageFacts(page, PORTFOLIO_TILE).then((facts) => facts.file))
      .toMatch(/-light-detail\.svg$/);
    const light = (await imageFacts(page, PORTFOLIO_TILE)).file;
    await page.getByRole('navigation', { name: 'Main' }).locator('summary', { hasText: 'Theme' }).click();
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    await expect
      .poll(() => imageFacts(page, PORTFOLIO_TILE).then((facts) => facts.file))
      .toBe(light.replace('-light-', '-dark-'));
  });
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
  await expect(page.locator(FEATURE_SCREEN).getByRole('img')).toHaveAccessibleName(/quality assurance review/);
  await context.close();
});

test("every screen's phone detail draws, pixel for pixel, what the whole shows in its crop", async ({ page }) => {
  // The detail leaves out what lies outside its crop (app/screens/crop.ts), judged by estimated
  // boxes: Chromium shows whether anything visible went with it.
  const root = join(import.meta.dirname, '../..');
  const data = screensSchema.parse(parse(readFileSync(join(root, 'content/screens.yaml'), 'utf8')));
  const palette = readPalettes(join(root, 'app/styles/tokens.css')).light;
  await page.setViewportSize({ width: 400, height: 500 });
  const shot = async (crop: { x: number; y: number; width: number; height: number }, drawing: string) => {
    await page.setContent(
      `<body style="margin:0"><svg xmlns="http://www.w3.org/2000/svg" viewBox="${crop.x} ${crop.y} ${crop.width} ${crop.height}" width="${crop.width}" height="${crop.height}">${drawing}</svg></body>`,
    );
    return page.locator('svg').screenshot({ scale: 'device' });
  };
  for (const [id, screen] of Object.entries(SCREENS)) {
    const body = screen.draw(palette, data);
    const detail = withinCrop(body, screen.crop);
    expect(detail.length, id).toBeLessThan(body.length);
    expect((await shot(screen.crop, detail)).equals(await shot(screen.crop, body)), `${id}'s detail`).toBe(true);
  }
});
