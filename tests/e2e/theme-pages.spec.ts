// Every page of the site in both themes (issue 18): zero axe-core violations, colour contrast
// included, at 375 and 1280 px. The dark theme, chosen, is checked on every page but home and the
// feature pages, which product-screens-a11y.spec.ts checks in both themes with their screens; the
// light pages with no choice are quality-pages.spec.ts's. How the theme is picked (the cookie
// over the system's preference, "match my system" following a dark system) is checked on one page
// of each template: pages one route builds from different content share their markup and styles.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { href } from 'react-router';
import { FEATURE_SLUGS } from '../../content/feature-slugs.ts';
import { CUSTOMER_SLUGS, INTEGRATION_SLUGS } from '../../content/proof-slugs.ts';
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

const NOT_FOUND = '/no-such-page';
const WITH_SCREENS = new Set([href('/home'), ...FEATURE_SLUGS.map((slug) => `/${slug}`)]);
/** One page per template: the feature, story and integration routes each stand for all their pages. */
const ONE_PER_TEMPLATE = [
  href('/home'),
  `/${FEATURE_SLUGS[0]}`,
  href('/glossary'),
  href('/customers/:slug', { slug: CUSTOMER_SLUGS[0] }),
  href('/integrations/:slug', { slug: INTEGRATION_SLUGS[0] }),
  href('/security'),
  href('/request-demo'),
  NOT_FOUND,
];

const CASES = [
  {
    name: 'dark (chosen)',
    cookie: 'dark',
    system: 'light',
    expected: 'dark',
    paths: [...PAGE_PATHS.filter((path) => !WITH_SCREENS.has(path)), NOT_FOUND],
  },
  {
    name: 'light (chosen, on a dark system)',
    cookie: 'light',
    system: 'dark',
    expected: 'light',
    paths: ONE_PER_TEMPLATE,
  },
  { name: 'match my system, dark', cookie: undefined, system: 'dark', expected: 'dark', paths: ONE_PER_TEMPLATE },
] as const;

for (const { name, cookie, system, expected, paths } of CASES) {
  test.describe(name, () => {
    for (const path of paths) {
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
