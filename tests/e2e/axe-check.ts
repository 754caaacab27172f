// Shared checks for the content pages' browser specs: an axe-core run over the page (WCAG 2.2 A
// and AA), the viewports they use and screenshots for people to look at.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const NARROW = { width: 375, height: 812 };
export const WIDE = { width: 1280, height: 900 };

/** The rules whose outcome depends on colours: text contrast (1.4.3) and links told apart from
 * the text around them by more than colour (1.4.1). A theme changes colours, not markup, so a
 * page's second theme needs only these. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** An axe run over the page that details violations only: passes and inapplicable rules are
 * summarised to one node each, which makes a run over a long page several times faster. */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
}

/** Every WCAG 2.2 A/AA rule, or only the rules named. */
export async function expectNoAxeViolations(page: Page, only?: readonly string[]) {
  const builder = axe(page);
  const results = await (only ? builder.withRules([...only]) : builder.withTags(WCAG_TAGS)).analyze();
  const found = results.violations.map(({ id, help, nodes }) => ({
    id,
    help,
    targets: nodes.map((node) => node.target.join(' ')),
  }));
  expect(found).toEqual([]);
}

/** Saves a screenshot for people to look at, under test-results/docs/. */
export async function screenshot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `test-results/docs/${name}.png`, fullPage });
}

/** Nothing on the page is wider than the window (no sideways scrolling on a phone). */
export async function expectNoSideScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}
