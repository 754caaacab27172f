// The features page and the 18 feature pages (spec 2, Features page and Feature pages), in a real
// browser against the production build. The expected names are the spec's, written out
// independently of content/features.yaml (feature-pages-expected.ts) so that a wrong edit to the
// copy fails here.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import { LOADING_OVERLAY_MS } from '../../common/constants.ts';
import { FEATURE_SLUGS } from '../../content/feature-slugs.ts';
import { axe, WCAG_TAGS } from './axe-check.ts';
import { FEATURES } from './feature-pages-expected.ts';
import { expect, test } from './fixtures.ts';
import { OVERLAY_SHOWN, overlaySeen, recordLoadingOverlay } from './overlay-recorder.ts';
import { forgetScrollFrames, recordScrollFrames, scrollFramesOf } from './scroll-recorder.ts';

const SHOTS = 'test-results/features';
const site = parse(readFileSync(new URL('../../content/site.yaml', import.meta.url), 'utf8')) as {
  links: { apiReference: string };
};

/** The chain: features, the 18 pages in the spec's order, and back to features. */
const CHAIN = [
  { path: '/features', title: 'Features' },
  ...FEATURE_SLUGS.map((slug) => ({ path: `/${slug}`, title: FEATURES[slug].title })),
];

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).withTags(WCAG_TAGS).analyze();
  expect(
    results.violations.map(
      ({ id, help, nodes }) => `${id}: ${help} (${nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

/** The overlay has lifted: nothing under it is busy any more. */
async function waitForOverlayToLift(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.describe('the features page', () => {
  test('shows the loading overlay once hydrated, then the grid of 18 links that open in a new tab', async ({
    page,
  }) => {
    await recordLoadingOverlay(page);
    const response = await page.goto('/features');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Features | Haulora');
    await expect(page.getByRole('heading', { level: 1, name: 'Features', exact: true })).toBeVisible();

    // The overlay: a spinner over a busy region, announced by a 'Loading' status; then it lifts.
    const region = page.locator('.loading-region');
    await expect.poll(() => overlaySeen(page)).toEqual(OVERLAY_SHOWN('Loading features'));
    await waitForOverlayToLift(page);
    await expect(region.locator('.loading-overlay')).toHaveCount(0);
    await expect(region.getByRole('status')).toHaveText('');

    const links = page
      .getByRole('list')
      .filter({ has: page.getByRole('link', { name: /Dashboard/ }) })
      .getByRole('link');
    await expect(links).toHaveCount(18);
    for (const [index, slug] of FEATURE_SLUGS.entries()) {
      const link = links.nth(index);
      await expect(link).toHaveAttribute('href', `/${slug}`);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener');
      await expect(link).toHaveAccessibleName(new RegExp(`^${FEATURES[slug].title} \\(opens in a new tab\\)`));
    }
  });

  test('a grid link opens its feature page in a new tab', async ({ page, context }) => {
    await page.goto('/features');
    await waitForOverlayToLift(page);
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: /^Fuel \(opens in a new tab\)/ }).click(),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/fuel');
    await expect(tab.getByRole('heading', { level: 1, name: 'Fuel', exact: true })).toBeVisible();
    await tab.close();
  });

  test('has no axe violations, and looks right at 375 and 1280 px', async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/features');
      await waitForOverlayToLift(page);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/features-${width}.png`, fullPage: true });
    }
  });

  test('captures the overlay while it is shown', async ({ page }) => {
    // The page's clock stands still once loaded, so the 600 ms overlay waits for the screenshot.
    await page.clock.install({ time: new Date('2026-11-26T08:00:00Z') });
    await page.clock.pauseAt(new Date('2026-11-26T08:00:01Z'));
    await page.setViewportSize({ width: 1280, height: 900 });
    // The frame's own goto: the fixture's would wait for hydration, which on a paused clock never
    // comes (the stylesheet and scripts start a frame after the first paint). The clock is moved
    // a frame at a time until the page has hydrated, so the overlay's timer has barely started.
    await page.mainFrame().goto('/features');
    const hydrated = page.locator('html[data-hydrated="true"]');
    await expect(async () => {
      if ((await hydrated.count()) === 0) await page.clock.runFor(16);
      expect(await hydrated.count()).toBe(1);
    }).toPass({ timeout: 15_000, intervals: [50] });
    await expect(page.locator('.loading-overlay')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/features-overlay-1280.png` });
    await page.clock.runFor(LOADING_OVERLAY_MS);
    await expect(page.locator('.loading-overlay')).toHaveCount(0);
  });
});

test.describe('the feature pages', () => {
  // Each page's heading, title, description, listed items and full axe run (1280 px, light) are
  // checked in product-screens.spec.ts's visit of the same page, with its screen.
  test('the dashboard lists exactly ten panels and Settings exactly 17 sections', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(
      page.getByRole('region', { name: 'The ten dashboard panels' }).getByRole('heading', { level: 3 }),
    ).toHaveCount(10);
    await page.goto('/settings');
    await expect(
      page.getByRole('region', { name: 'Settings sections' }).getByRole('heading', { level: 3 }),
    ).toHaveCount(17);
    await page.goto('/jobs');
    await expect(
      page.getByRole('region', { name: 'The eight areas of Jobs' }).getByRole('heading', { level: 3 }),
    ).toHaveCount(8);
    await expect(
      page.getByRole('region', { name: 'Booking job types' }).getByRole('heading', { level: 3 }),
    ).toHaveCount(5);
  });

  test('Help links to the configured API reference in a new tab', async ({ page }) => {
    await page.goto('/help');
    const link = page.getByRole('link', { name: /^Open the API reference/ });
    await expect(link).toHaveAttribute('href', site.links.apiReference);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
  });

  test('an unknown path next to them is a 404', async ({ request }) => {
    expect((await request.get('/dashboards')).status()).toBe(404);
  });
});

test.describe('the previous/next chain', () => {
  const chainNav = (page: Page) => page.getByRole('navigation', { name: 'Previous and next feature' });

  async function walk(page: Page, direction: 'Next' | 'Previous') {
    // Nineteen navigations, each loading a page's product screen and scrolling smoothly to the
    // top: about a second each on a quiet machine, several under load.
    test.setTimeout(120_000);
    const order = direction === 'Next' ? [...CHAIN, CHAIN[0]!] : [CHAIN[0]!, ...[...CHAIN].reverse()];
    await page.goto(order[0]!.path);
    await recordScrollFrames(page);
    // Navigations whose page was painted on its way up: a smooth scroll, not a jump to the top.
    let slid = 0;
    for (const [step, target] of order.slice(1).entries()) {
      const link = chainNav(page).getByRole('link', { name: new RegExp(`^${direction} `) });
      await expect(link, `step ${step + 1}`).toHaveAccessibleName(`${direction} ${target.title}`);
      await forgetScrollFrames(page);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${target.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: target.title, exact: true })).toBeVisible();
      // Each navigation scrolls (smoothly) back to the top.
      await expect
        .poll(() => page.evaluate(() => window.scrollY), { message: `scrolled to the top of ${target.path}` })
        .toBe(0);
      if ((await scrollFramesOf(page, target.title)).some((y) => y > 0)) slid += 1;
    }
    // Each step starts at the chain links, at the page's foot. A busy machine may paint no frame
    // of a short slide; over 19 navigations a smooth scroll shows.
    expect(slid, 'navigations painted while scrolling up').toBeGreaterThan(0);
  }

  test('walks forward from features through all 18 pages and back to features', async ({ page }) => {
    await walk(page, 'Next');
  });

  test('walks backward from features through all 18 pages and back to features', async ({ page }) => {
    await walk(page, 'Previous');
  });

  test("Dashboard's previous is Features and Help's next is Features", async ({ page }) => {
    await page.goto('/dashboard');
    await expect(chainNav(page).getByRole('link', { name: 'Previous Features' })).toHaveAttribute('href', '/features');
    await expect(chainNav(page).getByRole('link', { name: 'Next Jobs' })).toHaveAttribute('href', '/jobs');
    await page.goto('/help');
    await expect(chainNav(page).getByRole('link', { name: 'Previous Advanced Search' })).toHaveAttribute(
      'href',
      '/advancedSearch',
    );
    await expect(chainNav(page).getByRole('link', { name: 'Next Features' })).toHaveAttribute('href', '/features');
  });
});

test.describe('without JavaScript', () => {
  test('the features page HTML holds the whole grid', async ({ request }) => {
    const response = await request.get('/features');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>Features</h1>');
    const anchors = html.match(/<a\b[^>]*>/g) ?? [];
    for (const slug of FEATURE_SLUGS) {
      const anchor = anchors.find((tag) => tag.includes(`href="/${slug}"`) && tag.includes('target="_blank"'));
      expect(anchor, `a grid link to /${slug}`).toBeTruthy();
      expect(anchor).toContain('rel="noopener"');
      expect(html).toContain(FEATURES[slug].title);
    }
    // The overlay only appears once hydrated: the server HTML has no busy region or spinner.
    expect(html).not.toContain('aria-busy="true"');
    expect(html).not.toContain('loading-overlay"');
  });

  test('every feature page HTML holds its heading, items and chain links', async ({ request }) => {
    for (const [index, slug] of FEATURE_SLUGS.entries()) {
      const response = await request.get(`/${slug}`);
      expect(response.status(), slug).toBe(200);
      const html = (await response.text()).replaceAll('<wbr/>', '');
      expect(html).toContain(`<h1>${escapeHtml(FEATURES[slug].title)}</h1>`);
      for (const item of FEATURES[slug].items)
        expect(html, `${slug}: ${item}`).toMatch(
          new RegExp(`<h3>(<a [^>]*>)?${escapeRegExp(escapeHtml(item))}(</a>)?</h3>`),
        );
      expect(html).toContain(`href="${CHAIN[index]!.path}"`);
      expect(html).toContain(`href="${CHAIN[(index + 2) % CHAIN.length]!.path}"`);
    }
  });
});

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
