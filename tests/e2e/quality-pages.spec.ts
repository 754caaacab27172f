// Site-wide gates, one test per page of the site (app/lib/site-pages.ts, which a unit test checks
// against app/routes.ts, so a new route cannot be missed): zero axe-core violations (WCAG 2.2
// A/AA and best practice) at 375 and 1280 px (375 only for a template's further pages); every tap
// target at least 44×44 px at 375 px (issue 21, WCAG 2.5.5; tap-targets.spec.ts has the menus,
// the inbox and the Content area); zero
// console errors, failed requests, error answers and Content-Security-Policy violations while the
// page loads and while its main interaction runs; and every request on the site's own origin
// (the fixtures' guard).
import type { Page } from '@playwright/test';
import { PAGE_PATHS } from '../../app/lib/site-pages.ts';
import { axe, NARROW, WCAG_TAGS, WIDE } from './axe-check.ts';
import { expect, test } from './fixtures.ts';
import { SAME_TEMPLATE } from './site-templates.ts';
import { report, smallTargets } from './tap-target-helpers.ts';

const AXE_TAGS = [...WCAG_TAGS, 'best-practice'];

// One test per page, each opening its own: both workers may share the file's tests (the suite's
// time: the file is minutes long, and a worker left with it alone at the end idles the other).
test.describe.configure({ mode: 'parallel' });

/** The catch-all route's page stands for every unknown URL. */
const NOT_FOUND = '/no-such-page';

/** Each page's main interaction, beyond what every page gets (the navbar's first menu). */
const INTERACTIONS: Record<string, (page: Page) => Promise<void>> = {
  '/home': async (page) => {
    // The slide show may have moved on during the checks above: stop it, let a slide it was
    // scrolling to settle, then expect the one after the current one.
    await page.getByRole('button', { name: 'Stop automatic slide show', exact: true }).click();
    const track = page.locator('#hero-slides');
    await expect
      .poll(() =>
        track.evaluate(({ scrollLeft, clientWidth }) =>
          Math.abs(scrollLeft - Math.round(scrollLeft / clientWidth) * clientWidth),
        ),
      )
      .toBeLessThan(1);
    const current = await track.evaluate((element) => Math.round(element.scrollLeft / element.clientWidth));
    await expect(page.getByRole('button', { name: `Slide ${current + 1} of 3`, exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await page.getByRole('button', { name: 'Next slide', exact: true }).click();
    await expect(
      page.getByRole('button', { name: `Slide ${((current + 1) % 3) + 1} of 3`, exact: true }),
    ).toHaveAttribute('aria-current', 'true');
  },
  '/glossary': async (page) => {
    const term = page.getByRole('columnheader', { name: 'Term' });
    await term.getByRole('button').click();
    await expect(term).toHaveAttribute('aria-sort', /ascending|descending/);
  },
  '/sign-in': async (page) => {
    // The button waits for both fields: typing a username alone leaves it disabled.
    const main = page.getByRole('main');
    await main.getByLabel('Username').fill('dispatcher');
    await expect(main.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await main.getByLabel('Password').fill('a-long-password');
    await expect(main.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  },
  '/request-demo': async (page) => {
    await page.getByRole('main').getByLabel('Country').selectOption('NZ');
  },
};

/** Otherwise: open the first disclosure of the page's main content, if it has one. */
async function defaultInteraction(page: Page) {
  const summary = page.locator('main details > summary').first();
  if ((await summary.count()) === 0 || !(await summary.isVisible())) return;
  await summary.click();
  await expect(page.locator('main details').first()).toHaveAttribute('open', '');
}

/** Opens and closes the navbar's first dropdown menu (every page has the navbar at 1280 px). */
async function openFirstMenu(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if ((await nav.count()) === 0) return;
  const button = nav.locator('button[aria-expanded]').first();
  if ((await button.count()) === 0 || !(await button.isVisible())) return;
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
}

async function axeViolations(page: Page, width: number) {
  const results = await axe(page).withTags(AXE_TAGS).analyze();
  return results.violations.map(
    ({ id, help, nodes }) => `${width}px ${id}: ${help} → ${nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
}

// Every page of the site (app/lib/site-pages.ts, checked against the route table by a unit test),
// and the 404 page.
for (const path of [...PAGE_PATHS, NOT_FOUND]) {
  const widths = SAME_TEMPLATE.has(path) ? '375' : '375 and 1280';
  test(`${path}: no axe violation at ${widths} px, tap targets of 44 px, no error, failed request or CSP violation on load and interaction`, async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('requestfailed', (request) =>
      problems.push(`failed request: ${request.method()} ${request.url()} (${request.failure()?.errorText})`),
    );
    page.on('response', (response) => {
      const isDocument = response.request().isNavigationRequest();
      if (response.status() >= 400 && !(isDocument && path === NOT_FOUND))
        problems.push(`error answer: ${response.status()} ${response.url()}`);
    });
    // CSP violations surface as console errors too; this catches any that do not (e.g. report-only).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });

    await page.setViewportSize(NARROW);
    const response = await page.goto(path);
    expect(response?.status()).toBe(path === NOT_FOUND ? 404 : 200);
    const violations = await axeViolations(page, NARROW.width);
    const smallTapTargets = await smallTargets(page);
    report(path, smallTapTargets);

    await page.setViewportSize(WIDE);
    await page.waitForTimeout(50);
    if (!SAME_TEMPLATE.has(path)) violations.push(...(await axeViolations(page, WIDE.width)));
    expect(violations, `axe violations on ${path}`).toEqual([]);
    expect(smallTapTargets, `tap targets under 44×44 px at 375 px on ${path}`).toEqual([]);

    await openFirstMenu(page);
    await (INTERACTIONS[path] ?? defaultInteraction)(page);
    await page.waitForLoadState('networkidle');

    problems.push(
      ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).map(
        (text) => `CSP violation: ${text}`,
      ),
    );
    expect(problems).toEqual([]);
  });
}
