// Every page of the site in both themes (issue 18): no colour contrast failure at 375 and 1280 px.
// A theme changes colours only (the same markup in both), so the theme runs check axe's colour
// rules; every other rule is checked once per page by quality-pages.spec.ts (light, no choice),
// and home and the feature pages get the colour rules in the dark theme, chosen, with their
// screens in product-screens.spec.ts (the same visit that checks the screens). The dark theme, chosen, is checked on every other page; how the
// theme is picked (the cookie over the system's preference, "match my system" following a dark
// system) on one page of each template: pages one route builds from different content share
// their markup and styles.
import type { Page } from '@playwright/test';
import { href } from 'react-router';
import { FEATURE_SLUGS } from '../../content/feature-slugs.ts';
import { CUSTOMER_SLUGS, INTEGRATION_SLUGS } from '../../content/proof-slugs.ts';
import { PAGE_PATHS } from '../../app/lib/site-pages.ts';
import { axe, COLOUR_RULES, NARROW, WIDE } from './axe-check.ts';
import { expect, test } from './fixtures.ts';
import { SAME_TEMPLATE } from './site-templates.ts';

// One test per page, each opening its own: both workers may share the file's tests (the suite's
// time: the file is minutes long, and a worker left with it alone at the end idles the other).
test.describe.configure({ mode: 'parallel' });

const BACKGROUND = { light: 'rgb(255, 255, 255)', dark: 'rgb(11, 18, 32)' } as const;

async function axeViolations(page: Page, width: number) {
  const results = await axe(page).withRules(COLOUR_RULES).analyze();
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
      const wide = !SAME_TEMPLATE.has(path);
      test(`${path}: no colour contrast failure at 375${wide ? ' and 1280' : ''} px`, async ({ page, baseURL }) => {
        if (cookie) await page.context().addCookies([{ name: 'theme', value: cookie, url: baseURL! }]);
        await page.emulateMedia({ colorScheme: system });
        await page.setViewportSize(NARROW);
        await page.goto(path);
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
          BACKGROUND[expected],
        );
        const violations = await axeViolations(page, NARROW.width);
        if (wide) {
          await page.setViewportSize(WIDE);
          await page.waitForTimeout(50);
          violations.push(...(await axeViolations(page, WIDE.width)));
        }
        expect(violations, `axe violations on ${path}`).toEqual([]);
      });
    }
  });
}
