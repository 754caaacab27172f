// The site search in the navbar: an icon button opening a dialog that searches the Pagefind index
// built at build time, entirely from our own origin and under our CSP.
import type { Page } from '@playwright/test';
import { href } from 'react-router';
import { expectNoAxeViolations, NARROW, screenshot, WIDE } from './axe-check.ts';
import { expect, test } from './fixtures.ts';

const openButton = (page: Page) => page.getByRole('button', { name: 'Search the site' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search the site' });
const searchBox = (page: Page) => dialog(page).getByRole('searchbox', { name: 'Features, manual, glossary and FAQ' });
const results = (page: Page) => dialog(page).getByRole('list').getByRole('link');
/** The result for one page, by its title (a page's section results carry '› section'). */
const resultTitled = (page: Page, title: RegExp) =>
  results(page).filter({ has: page.locator('.site-search-result-title', { hasText: title }) });

async function openSearch(page: Page, path: string = href('/features')) {
  await page.goto(path);
  await expect(openButton(page)).toBeVisible();
  await openButton(page).click();
  await expect(dialog(page)).toBeVisible();
  await expect(searchBox(page)).toBeFocused();
}

test.describe('site search', () => {
  test.use({ viewport: WIDE });

  test('the script loads only when the dialog opens, from our origin', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(href('/features'));
    await expect(openButton(page)).toBeVisible();
    expect(requested.filter((path) => path.startsWith('/pagefind/'))).toEqual([]);
    const script = page.waitForResponse((response) => response.url().endsWith('/pagefind/pagefind.js'));
    await openButton(page).click();
    expect((await script).status()).toBe(200);
  });

  test('finds a glossary term and opens the glossary filtered by it', async ({ page }) => {
    await openSearch(page);
    await searchBox(page).fill('Chain of Responsibility');
    const glossary = resultTitled(page, /^Glossary$/);
    await expect(glossary.first()).toBeVisible();
    await expect(glossary.first().locator('mark').first()).toBeVisible();
    await glossary.first().click();
    await expect(dialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/glossary\?q=Chain\+of\+Responsibility$/);
    await expect(
      page.getByRole('table').getByRole('rowheader', { name: 'Chain of Responsibility (CoR)' }),
    ).toBeVisible();
  });

  test('finds a feature page and goes there', async ({ page }) => {
    await openSearch(page, href('/home'));
    await searchBox(page).fill('fuel cards');
    // The feature page, not the customer story whose title also starts with "Fuel".
    const fuel = resultTitled(page, /^Fuel/).and(page.locator('[href="/fuel"]'));
    await expect(fuel.first()).toBeVisible();
    await fuel.first().click();
    await expect(page).toHaveURL(/\/fuel$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Fuel');
  });

  test('finds a section of the manual and opens that reference', async ({ page }) => {
    await openSearch(page);
    await searchBox(page).fill('Unprocessable');
    const manual = results(page).filter({ hasText: 'API Error Responses' });
    await expect(manual.first()).toBeVisible();
    await manual.first().click();
    await expect(page).toHaveURL(/\/docs#api-errors$/);
    await expect(page.getByRole('heading', { level: 2, name: 'API Error Responses' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Youtube Tutorial Links' })).toBeHidden();
  });

  test('an emptied box shows no answer, and new words start from "Searching…"', async ({ page }) => {
    await openSearch(page);
    await searchBox(page).fill('fuel cards');
    await expect(results(page).first()).toBeVisible();
    await searchBox(page).fill('');
    await expect(results(page)).toHaveCount(0);
    await expect(dialog(page).getByRole('status')).toHaveText(/^Type a word or two/);
    // The answer waits for a pause in typing (150 ms): until then, no old answer under new words.
    await searchBox(page).pressSequentially('driver', { delay: 20 });
    await expect(dialog(page).getByRole('status')).toHaveText('Searching…');
    await expect(results(page).first()).toBeVisible();
  });

  test('while new words wait for the typing pause, the status names the words its count is for', async ({ page }) => {
    await page.clock.install();
    await openSearch(page);
    const status = dialog(page).getByRole('status');
    await searchBox(page).fill('fuel cards');
    await expect(status).toHaveText(/^\d+ pages? match(es)? “fuel cards”\.$/);
    const shown = await results(page).count();
    expect(shown).toBeGreaterThan(0);
    // The page's clock stops: the pause in typing never ends until it goes on.
    await page.clock.pauseAt(Date.now() + 5_000);
    await searchBox(page).fill('xylophonequartz');
    await expect(searchBox(page)).toHaveValue('xylophonequartz');
    await expect(status).toHaveText(/“fuel cards”\.$/);
    await expect(results(page)).toHaveCount(shown);
    await page.clock.resume();
    await expect(status).toHaveText('No pages match “xylophonequartz”.');
    await expect(results(page)).toHaveCount(0);
  });

  test('says when nothing matches, closes with Escape and gives focus back', async ({ page }) => {
    await openSearch(page);
    await searchBox(page).fill('xylophonequartz');
    await expect(dialog(page).getByRole('status')).toHaveText('No pages match “xylophonequartz”.');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(openButton(page)).toBeFocused();
  });

  for (const viewport of [NARROW, WIDE]) {
    test(`the open dialog has no axe violations at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openSearch(page);
      await searchBox(page).fill('manifest');
      await expect(results(page).first()).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, `search-${viewport.width}`);
    });
  }
});

test.describe('site search without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search button is not shown (it needs scripts)', async ({ page }) => {
    await page.goto(href('/features'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(openButton(page)).toHaveCount(0);
  });
});
