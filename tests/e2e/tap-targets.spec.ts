// Tap targets on a phone (issue 21, WCAG 2.5.5 Target Size, enhanced): at 375 px wide, every
// visible link, button and field a person can tap is at least 44×44 CSS px, in the phone menu,
// both inbox pages and the Content area (every public page is checked in the same visit as its
// axe scan at 375 px, quality-pages.spec.ts). A checkbox or radio counts through its label (tapping the label ticks it);
// a link inside a sentence or a block of text is exempt, as 2.5.5 allows. Every offender is
// printed with its size and a selector, so a failure says what to fix.
import { E2E_STAFF } from '../helpers/e2e-staff.ts';
import { NARROW } from './axe-check.ts';
import { expect, test } from './fixtures.ts';
import { accountEntry } from './form-helpers.ts';
import { openInbox, seedDemoRequest, signInQuietly } from './inbox-helpers.ts';
import { type Offender, report, smallTargets } from './tap-target-helpers.ts';

test.use({ viewport: NARROW });

test('the phone menu and its dropdowns: every entry is at least 44×44 px at 375 px', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  const offenders = await smallTargets(page);
  const dropdowns = nav.locator('button[aria-expanded]');
  for (let index = 0; index < (await dropdowns.count()); index += 1) {
    await dropdowns.nth(index).click();
    await expect(dropdowns.nth(index)).toHaveAttribute('aria-expanded', 'true');
    offenders.push(
      ...(await smallTargets(page)).filter((found) => !offenders.some((seen) => seen.what === found.what)),
    );
    await dropdowns.nth(index).click();
    await expect(dropdowns.nth(index)).toHaveAttribute('aria-expanded', 'false');
  }
  report('/home, menu open', offenders);
  expect(offenders).toEqual([]);
});

test('the inbox list and a submission: every tap target is at least 44×44 px at 375 px', async ({ page }) => {
  test.slow();
  const name = await seedDemoRequest(page);
  await signInQuietly(page);
  await openInbox(page, '/inbox');
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  const list = await smallTargets(page);
  report('/inbox', list);

  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('region', { name: 'What was sent' })).toBeVisible();
  const detail = await smallTargets(page);
  report('/inbox/demo-requests/:id', detail);
  expect({ list, detail }).toEqual({ list: [], detail: [] });
});

test('the phone menu signed in: the staff menu and its entries are at least 44×44 px at 375 px', async ({ page }) => {
  await signInQuietly(page);
  await openInbox(page, '/home');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(await accountEntry(page, 'Content')).toBeVisible();
  const offenders = await smallTargets(page);
  report('/home, menu and staff menu open', offenders);
  expect(offenders).toEqual([]);
});

test('the Content area: every tap target is at least 44×44 px at 375 px', async ({ page }) => {
  await page.goto('/content/faq');
  await page.getByLabel('Username').fill(E2E_STAFF.username);
  await page.getByLabel('Password').fill(E2E_STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content: FAQ' })).toBeVisible();
  const found: Record<string, Offender[]> = {};
  found['/content/faq'] = await smallTargets(page);
  await page.screenshot({ path: 'test-results/content-screens/faq-375.png', fullPage: true });
  await page.locator('ol.content-list a').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content: FAQ item' })).toBeVisible();
  found['/content/faq/:id'] = await smallTargets(page);
  await page.screenshot({ path: 'test-results/content-screens/faq-item-375.png', fullPage: true });
  await page.goto('/content/glossary');
  await expect(page.getByRole('heading', { level: 1, name: 'Content: Glossary' })).toBeVisible();
  found['/content/glossary'] = await smallTargets(page);
  await page.screenshot({ path: 'test-results/content-screens/glossary-375.png', fullPage: true });
  for (const [path, offenders] of Object.entries(found)) report(path, offenders);
  expect(found).toEqual({ '/content/faq': [], '/content/faq/:id': [], '/content/glossary': [] });
});
