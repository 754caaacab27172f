// The pages that show product screens, checked as a buyer and an auditor would see them: every
// screen loads and nothing scrolls sideways at phone and desktop width in both themes; in the dark
// theme axe's colour rules find nothing (the light theme's full axe run over the same pages is
// quality-pages.spec's; the markup is the same in both themes); screenshots at both widths in
// both themes for people to look at (test-results/docs/screens-*.png).
import { FEATURE_SLUGS } from '../../content/feature-slugs.ts';
import { COLOUR_RULES, expectNoAxeViolations, expectNoSideScroll, NARROW, screenshot, WIDE } from './axe-check.ts';
import { expect, test } from './fixtures.ts';

const THEMES = ['light', 'dark'] as const;
const PAGES = ['/home', ...FEATURE_SLUGS.map((slug) => `/${slug}`)];
/** The pages photographed: home and a spread of the feature pages' screens. */
const PHOTOGRAPHED = new Set(['/home', '/dashboard', '/jobs', '/mapTracker', '/settings', '/qar']);

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    // Two widths, every screen loaded (and the colour rules in the dark theme): slow on a shared machine.
    test.describe.configure({ timeout: 120_000 });
    test.beforeEach(async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
      await page.emulateMedia({ reducedMotion: 'reduce' });
    });
    for (const path of PAGES) {
      test(`${path}: every screen loads${theme === 'dark' ? ', no colour contrast failure' : ''} at 375 and 1280 px`, async ({
        page,
      }) => {
        for (const viewport of [NARROW, WIDE]) {
          await page.setViewportSize(viewport);
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          // Every screen image on the page has loaded (scrolled through, as a reader would); the
          // hero's later slides wait for the carousel, which the test leaves on the first.
          const images = page.locator('picture.product-screen img:not(#hero-slide-2 *):not(#hero-slide-3 *)');
          for (const image of await images.all()) {
            await image.scrollIntoViewIfNeeded();
            await expect
              .poll(() => image.evaluate((node) => (node as HTMLImageElement).naturalWidth))
              .toBeGreaterThan(0);
          }
          await expectNoSideScroll(page);
          if (theme === 'dark') await expectNoAxeViolations(page, COLOUR_RULES);
          if (PHOTOGRAPHED.has(path)) {
            await page.evaluate(() => window.scrollTo(0, 0));
            await screenshot(page, `screens-${path.slice(1)}-${viewport.width}-${theme}`, true);
          }
        }
      });
    }
  });
}
