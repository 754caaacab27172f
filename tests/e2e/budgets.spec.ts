// What a visitor's browser fetches (issue 32): every public page, loaded in Chromium with a cold
// cache until the network is quiet, transfers at most 140 KB of JavaScript (headers and
// compressed bodies, as Lighthouse counts them) in at most 25 requests of any kind. The same
// measurement as the first table of `npm run budgets` (scripts/lib/page-weight.ts), on the
// server the browser tests share; the file-size view stays in tests/document/budgets.test.ts.
import { expect } from '@playwright/test';
import { PUBLIC_PAGE_PATHS } from '../../app/lib/site-pages.ts';
import {
  formatPageWeights,
  measurePageWeight,
  measurePageWeights,
  WIRE_BUDGETS,
  wireBudgetFailures,
} from '../../scripts/lib/page-weight.ts';
import { siteTest as test } from './site-server.ts';

// Two halves of the site, so the two workers measure side by side (each ~1-3 min).
test.describe.configure({ mode: 'parallel' });
const middle = Math.ceil(PUBLIC_PAGE_PATHS.length / 2);
const HALVES = [PUBLIC_PAGE_PATHS.slice(0, middle), PUBLIC_PAGE_PATHS.slice(middle)];

for (const [index, paths] of HALVES.entries()) {
  test(`every public page stays within 140 KB of JavaScript and 25 requests until the network is quiet (${index + 1} of 2: ${paths[0]} to ${paths.at(-1)})`, async ({
    browser,
    baseURL,
  }) => {
    // ~2 s a page on a quiet 2-core machine; a loaded one can take ten times that.
    test.setTimeout(600_000);
    const origin = new URL(baseURL!).origin;
    // One page at a time, as Lighthouse loads them: the two halves already load two pages at once
    // on two cores, and a slower server answers React Router's /__manifest late enough for it to
    // ask a second time (/faq once counted 26 requests on CI with four pages loading together).
    const weights = await measurePageWeights(browser, origin, paths, 1);
    const failures = weights.flatMap((weight) =>
      wireBudgetFailures(weight).map((failure) => `${weight.path}: ${failure}`),
    );
    expect(failures, `over budget:\n${failures.join('\n')}\n\n${formatPageWeights(weights)}`).toEqual([]);
    // The measurement itself: every page ran its scripts (a page that loaded none would pass for
    // the wrong reason) and the biggest page is where the budget is felt.
    expect(weights).toHaveLength(paths.length);
    for (const weight of weights)
      expect(weight.jsTransferred, `${weight.path} loaded its scripts`).toBeGreaterThan(50 * 1024);
    expect(Math.max(...weights.map((weight) => weight.requests))).toBeLessThanOrEqual(WIRE_BUDGETS.requests);
  });
}

test('code for what the visitor has not reached is not fetched before the network is quiet', async ({
  browser,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  // /home is long: its contact form and the footer's forms are screens away, so neither their
  // code nor the forms' checks (zod) load; nor does the sign-in or demo modal. /integrations
  // has its request form at its foot, below every integration.
  for (const path of ['/home', '/integrations']) {
    const weight = await measurePageWeight(browser, origin, path);
    const scripts = weight.fetched
      .filter((entry) => entry.kind === 'script')
      .map((entry) => new URL(entry.url).pathname);
    expect(scripts.length, path).toBeGreaterThan(2);
    expect(
      scripts.filter((script) => /\/(forms|validate-[a-z]+|schemas|sign-in-modal|demo-modal)-[\w-]+\.js$/.test(script)),
      path,
    ).toEqual([]);
  }
});

test('the components showcase fetches the code of the view it shows, not of the other two', async ({
  browser,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const scriptsOf = async (path: string) =>
    (await measurePageWeight(browser, origin, path)).fetched
      .filter((entry) => entry.kind === 'script')
      .map((entry) => new URL(entry.url).pathname);
  const views = /\/(basic-elements-view|navigation-view|forms|pagination)-[\w-]+\.js$/;
  expect((await scriptsOf('/homepage')).filter((path) => views.test(path))).toEqual([]);
  const basicElements = await scriptsOf('/homepage?view=basic-elements');
  expect(basicElements.some((path) => /\/basic-elements-view-[\w-]+\.js$/.test(path))).toBe(true);
  expect(basicElements.some((path) => /\/navigation-view-[\w-]+\.js$/.test(path))).toBe(false);
});
