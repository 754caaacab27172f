// The icon gallery (/nucleoicons): no navbar or footer while it is shown, both back on leaving;
// about a hundred Lucide icons by name, a filter, and copy-the-name on click.
import type { Page } from '@playwright/test';
import { href } from 'react-router';
import { expectNoAxeViolations, expectNoSideScroll, NARROW, screenshot, WIDE } from './axe-check.ts';
import { expect, test } from './fixtures.ts';

const navbar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const footer = (page: Page) => page.getByRole('contentinfo');
const tiles = (page: Page) => page.locator('.icon-tile');
const filter = (page: Page) => page.getByRole('searchbox', { name: 'Filter icons by name' });

test.describe('icon gallery', () => {
  test.use({ viewport: WIDE });

  test('hides the navbar and footer while shown and brings them back on leaving, in the app', async ({ page }) => {
    await page.goto(`${href('/homepage')}?view=basic-elements`);
    await expect(navbar(page)).toBeVisible();
    await expect(footer(page)).toBeVisible();
    // Reach the gallery by a client-side navigation (the showcase links to it), then leave the same way.
    await page.evaluate(() => document.documentElement.setAttribute('data-test-document', 'kept'));
    await page.getByRole('link', { name: 'Open the icon gallery' }).click();
    await expect(page).toHaveURL(/\/nucleoicons$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Icons' })).toBeVisible();
    await expect(navbar(page)).toHaveCount(0);
    await expect(footer(page)).toHaveCount(0);

    await page.getByRole('link', { name: 'Back to the site' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(navbar(page)).toBeVisible();
    await expect(footer(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/nucleoicons$/);
    await expect(navbar(page)).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/homepage\?view=basic-elements$/);
    await expect(navbar(page)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-test-document', 'kept');
  });

  test('says it is built with Lucide and lists at least 100 icons, each with its name', async ({ page }) => {
    await page.goto(href('/nucleoicons'));
    await expect(page.getByText(/^Built with Lucide/)).toBeVisible();
    await expect(filter(page)).toBeVisible();
    const count = await tiles(page).count();
    expect(count).toBeGreaterThanOrEqual(100);
    await expect(tiles(page).locator('svg')).toHaveCount(count);
    const names = await tiles(page).locator('.icon-tile-name').allTextContents();
    expect(new Set(names).size).toBe(count);
    expect(names).toEqual(expect.arrayContaining(['Truck', 'Fuel', 'MapPin', 'Route', 'Container']));
    await expect(page.getByText(`${count} icons.`)).toBeVisible();
  });

  test('the filter narrows the icons by name as you type', async ({ page }) => {
    await page.goto(href('/nucleoicons'));
    const all = await tiles(page).count();
    await filter(page).fill('truck');
    await expect(tiles(page)).toHaveCount(1);
    await expect(tiles(page).first()).toHaveText('Truck');
    await filter(page).fill('map pin');
    await expect(tiles(page).locator('.icon-tile-name')).toHaveText(['MapPin', 'MapPinned']);
    await expect(page.getByText(`2 of ${all} icons match.`)).toBeVisible();
    await filter(page).fill('zeppelin');
    await expect(tiles(page)).toHaveCount(0);
    await expect(page.getByText('No icon name contains “zeppelin”.')).toBeVisible();
    await filter(page).fill('');
    await expect(tiles(page)).toHaveCount(all);
  });

  test('a click copies the icon name and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(href('/nucleoicons'));
    await page.getByRole('button', { name: 'Fuel', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('Copied Fuel');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Fuel');
    await page.getByRole('button', { name: 'Forklift', exact: true }).press('Enter');
    await expect(page.getByRole('status')).toHaveText('Copied Forklift');
  });

  for (const viewport of [NARROW, WIDE]) {
    test(`has no axe violations at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(href('/nucleoicons'));
      await expect(filter(page)).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSideScroll(page);
      await screenshot(page, `icons-${viewport.width}`);
    });
  }
});

test.describe('icon gallery without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the icons and their names are in the page', async ({ page }) => {
    await page.goto(href('/nucleoicons'));
    expect(await tiles(page).count()).toBeGreaterThanOrEqual(100);
    await expect(page.getByText('Truck', { exact: true })).toBeVisible();
    await expect(navbar(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to the site' })).toHaveAttribute('href', href('/home'));
  });
});
