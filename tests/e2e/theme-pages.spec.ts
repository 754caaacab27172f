// Every page of the site in both themes (issue 18): zero axe-core violations, colour contrast
// included, at 375 and 1280 px, with the theme chosen (the cookie) and with the system's dark
// preference under "match my system". The light pages with no choice are quality-pages.spec.ts's.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PAGE_PATHS } from '../../app/lib/site-pages.ts';
import { NARROW, WCAG_TAGS, WIDE } from './axe-check.ts';
import { expect, test } from './fixtures.ts';

const AXE_TAGS = [...WCAG_TAGS, 'best-practice'];
const BACKGROUND = { light: 'rgb(255, 255, 255)', dark: 'rgb(11, 18, 32)' } as const;

async function axeViolations(page: Page, width: number) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map(
    ({ id, help, nodes }) => `${width}px ${id}: ${help} → ${nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
}

const CASES = [
  { name: 'dark (chosen)', cookie: 'dark', system: 'light', expected: 'dark' },
  { name: 'light (chosen, on a dark system)', cookie: 'light', system: 'dark', expected: 'light' },
  { name: 'match my system, dark', cookie: undefined, system: 'dark', expected: 'dark' },
] as const;

for (const { name, cookie, system, expected } of CASES) {
  test.describe(name, () => {
    for (const path of [...PAGE_PATHS, '/no-such-page']) {
      test(`${path}: no axe violation at 375 and 1280 px`, async ({ page, baseURL }) => {
        if (cookie) await page.context().addCookies([{ name: 'theme', value: cookie, url: baseURL! }]);
        await page.emulateMedia({ colorScheme: system });
        await page.setViewportSize(NARROW);
        await page.goto(path);
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
          BACKGROUND[expected],
        );
        const violations = await axeViolations(page, NARROW.width);
        await page.setViewportSize(WIDE);
        await page.waitForTimeout(50);
        violations.push(...(await axeViolations(page, WIDE.width)));
        expect(violations, `axe violations on ${path}`).toEqual([]);
      });
    }
  });
}
