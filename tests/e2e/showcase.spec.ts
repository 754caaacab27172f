// The components showcase (/homepage): three views in tabs kept in the URL, and the components
// themselves: input groups that take a focus style on focus and drop it on blur, pagination on
// page 4 of 5, a date picker whose weekend is Saturday and Sunday, toggles, tabs and pills.
import type { Page } from '@playwright/test';
import { href } from 'react-router';
import { expectNoAxeViolations, expectNoSideScroll, NARROW, screenshot, WIDE } from './axe-check.ts';
import { allowFailedRequests, expect, test } from './fixtures.ts';

const VIEWS = [
  { id: 'homepage', label: 'Homepage', heading: 'Cards' },
  { id: 'basic-elements', label: 'Basic elements', heading: 'Input groups' },
  { id: 'navigation', label: 'Navigation', heading: 'Breadcrumbs' },
] as const;

const groups = (page: Page) => page.getByRole('tablist', { name: 'Component groups' });
const tab = (page: Page, name: string) => groups(page).getByRole('tab', { name, exact: true });

async function open(page: Page, view?: string) {
  await page.goto(`${href('/homepage')}${view ? `?view=${view}` : ''}`);
  // Roving focus is set once the page is interactive.
  await expect(groups(page).locator('[tabindex="0"]')).toHaveCount(1);
}

test.describe('components showcase', () => {
  test.use({ viewport: WIDE });

  test('has three views as tabs, the choice kept in the URL and restored on reload', async ({ page }) => {
    await open(page);
    await expect(groups(page).getByRole('tab')).toHaveText(VIEWS.map((view) => view.label));
    await expect(tab(page, 'Homepage')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'Cards' })).toBeVisible();

    await tab(page, 'Basic elements').click();
    await expect(page).toHaveURL(/\/homepage\?view=basic-elements$/);
    await expect(tab(page, 'Basic elements')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'Input groups' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Cards' })).toBeHidden();

    await page.reload();
    await expect(tab(page, 'Basic elements')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'Input groups' })).toBeVisible();

    // Arrow keys move between the tabs and select them.
    await tab(page, 'Basic elements').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Navigation')).toBeFocused();
    await expect(tab(page, 'Navigation')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/view=navigation$/);
    await page.keyboard.press('Home');
    await expect(tab(page, 'Homepage')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/homepage$/);
  });

  test('a view whose file cannot be fetched opens from its address, rendered by the server', async ({ page }) => {
    await open(page);
    allowFailedRequests(page, /\/assets\/navigation-view-[\w-]+\.js$/);
    await page.route('**/assets/navigation-view-*.js', (route) => route.abort());
    await page.evaluate(() => Object.assign(window, { beforeTheSwitch: true }));
    await tab(page, 'Navigation').click();
    await expect(page).toHaveURL(/view=navigation$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Breadcrumbs' })).toBeVisible();
    await expect(tab(page, 'Navigation')).toHaveAttribute('aria-selected', 'true');
    // A new document (the old one's window is gone), not the root's error page; the view is the
    // server's HTML, left as it is while its file is missing, the rest of the page hydrated.
    expect(await page.evaluate(() => 'beforeTheSwitch' in window)).toBe(false);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Components');
  });

  test("a view's file that fails after the page has hydrated leaves the server's view, with no new load", async ({
    page,
  }) => {
    // The tabs hydrate after the rest of the page, once their view's file is here: held back until
    // the page has hydrated and then refused, that file's failure comes after. The page is already
    // the server's render of its address; opening that address again would fail the same way.
    allowFailedRequests(page, /\/assets\/navigation-view-[\w-]+\.js$/);
    let refused = 0;
    await page.route('**/assets/navigation-view-*.js', async (route) => {
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      refused++;
      await route.abort();
    });
    await page.goto(`${href('/homepage')}?view=navigation`);
    await expect.poll(() => refused).toBe(1);
    const loadedAgain = await page.waitForEvent('framenavigated', { timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    expect(loadedAgain).toBe(false);
    await expect(page.getByRole('heading', { level: 2, name: 'Breadcrumbs' })).toBeVisible();
    await expect(tab(page, 'Navigation')).toHaveAttribute('aria-selected', 'true');
  });

  test('an input group takes the focus style on focus and loses it on blur', async ({ page }) => {
    await open(page, 'basic-elements');
    const input = page.getByRole('textbox', { name: 'Hourly rate (dollars per hour)' });
    const group = page.locator('.input-group').filter({ has: input });
    const style = () =>
      group.evaluate((element) => `${getComputedStyle(element).boxShadow} | ${getComputedStyle(element).borderColor}`);
    const resting = await style();
    await expect(group).not.toHaveAttribute('data-focused');

    await input.focus();
    await expect(group).toHaveAttribute('data-focused', 'true');
    // The focus ring (the amber focus token) around the whole group, once its transition ends.
    await expect.poll(style).toContain('rgb(255, 176, 32) 0px 0px 0px 3px');

    await page.keyboard.press('Tab');
    await expect(input).not.toBeFocused();
    await expect(group).not.toHaveAttribute('data-focused');
    await expect.poll(style).toBe(resting);
  });

  test('pagination starts on page 4 of 5', async ({ page }) => {
    await open(page, 'basic-elements');
    const pages = page.getByRole('navigation', { name: 'Sample pages' });
    await expect(pages.getByRole('button', { name: /^Page \d$/ })).toHaveText(['1', '2', '3', '4', '5']);
    await expect(pages.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(pages.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  test('the date picker marks Saturday and Sunday as the weekend and picks a day by mouse or keyboard', async ({
    page,
  }) => {
    await open(page, 'basic-elements');
    const picker = page.getByRole('group', { name: /Pickup date/ });
    await expect(picker.getByRole('columnheader')).toHaveText(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    await expect(picker.locator('th[data-weekend]')).toHaveText(['Sat', 'Sun']);
    const weekendDays = picker.locator('.date-picker-day[data-weekend]');
    expect(await weekendDays.count()).toBeGreaterThanOrEqual(8);
    for (const label of await weekendDays.evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('aria-label')),
    )) {
      expect(label).toMatch(/^(Saturday|Sunday) .*, weekend/);
    }
    for (const label of await picker
      .locator('.date-picker-day:not([data-weekend])')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))) {
      expect(label).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday) /);
    }

    // Pick the first day of the month, then move a week on with the keyboard and pick that.
    const first = picker.locator('.date-picker-day').first();
    await first.click();
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    const firstLabel = (await first.getAttribute('aria-label'))!.split(',')[0]!;
    await expect(picker).toContainText(`Pickup date: ${firstLabel}`);
    await page.keyboard.press('ArrowDown');
    const weekLater = picker.locator('.date-picker-day').nth(7);
    await expect(weekLater).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(weekLater).toHaveAttribute('aria-pressed', 'true');

    const month = await picker.locator('.date-picker-title').textContent();
    await page.keyboard.press('PageDown');
    await expect(picker.locator('.date-picker-title')).not.toHaveText(month!);
    await picker.getByRole('button', { name: 'Previous month' }).click();
    await expect(picker.locator('.date-picker-title')).toHaveText(month!);
  });

  test('toggles are switches, checkboxes and radios are labelled', async ({ page }) => {
    await open(page, 'basic-elements');
    const autopilot = page.getByRole('switch', { name: 'Breach autopilot mode' });
    await expect(autopilot).not.toBeChecked();
    await autopilot.click({ force: true });
    await expect(autopilot).toBeChecked();
    await page.getByText('Breach autopilot mode').click();
    await expect(autopilot).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Driver licences' })).toBeChecked();
    await page.getByRole('radio', { name: 'Linehaul' }).check();
    await expect(page.getByRole('radio', { name: 'Local' })).not.toBeChecked();
  });

  test('the navigation view has tabs, pills, a navbar and breadcrumbs', async ({ page }) => {
    await open(page, 'navigation');
    const jobTypes = page.getByRole('tablist', { name: 'Booking job types' });
    await jobTypes.getByRole('tab', { name: 'Local' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(jobTypes.getByRole('tab', { name: 'Linehaul' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Linehaul' })).toContainText('linehaul run');

    const filters = page.getByRole('tablist', { name: 'Portfolio filters' });
    await expect(filters.getByRole('tab')).toHaveText(['All', 'TMS', 'App', 'Staff Portal']);
    await filters.getByRole('tab', { name: 'App' }).click();
    await expect(filters.getByRole('tab', { name: 'App' })).toHaveAttribute('aria-selected', 'true');

    await expect(page.getByRole('navigation', { name: 'Sample navbar' }).getByRole('link')).toHaveText([
      'Home',
      'Features',
      'FAQs',
      'Manual',
    ]);
    await expect(page.getByRole('navigation', { name: 'Sample breadcrumb' }).getByRole('link')).toHaveText([
      'Home',
      'Features',
      'Fuel',
    ]);
  });

  for (const viewport of [NARROW, WIDE]) {
    test(`each view has no axe violations at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const view of VIEWS) {
        await open(page, view.id);
        await expect(page.getByRole('heading', { level: 2, name: view.heading })).toBeVisible();
        await expectNoAxeViolations(page);
        await expectNoSideScroll(page);
        await screenshot(page, `showcase-${view.id}-${viewport.width}`, true);
      }
    });
  }
});

test.describe('components showcase without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the view tabs are links the server answers', async ({ page }) => {
    await page.goto(href('/homepage'));
    await expect(page.getByRole('heading', { level: 2, name: 'Cards' })).toBeVisible();
    await tab(page, 'Navigation').click();
    await expect(page).toHaveURL(/view=navigation$/);
    await expect(tab(page, 'Navigation')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'Breadcrumbs' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Cards' })).toBeHidden();
  });
});
