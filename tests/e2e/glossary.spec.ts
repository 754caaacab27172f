// The glossary (/glossary): rows from the API, sorting by each column, searching, pages and page
// length, all kept in the URL; every term readable without JavaScript.
import type { Locator, Page } from '@playwright/test';
import { href } from 'react-router';
import { expectNoAxeViolations, expectNoSideScroll, NARROW, screenshot, WIDE } from './axe-check.ts';
import { allowFailedRequests, expect, test } from './fixtures.ts';

const API = '/api/Glossary/GetAllFromGlossary';
type Entry = { id: number; category: string; term: string; description: string };

async function allEntries(page: Page): Promise<Entry[]> {
  const response = await page.request.get(API);
  const answer = (await response.json()) as ['SUCCESS', Entry[]];
  return answer[1];
}

const table = (page: Page) => page.getByRole('table');
// The rows on screen: those off the current page are in the table for printing, hidden on screen.
const bodyRows = (page: Page) => table(page).locator('tbody tr:visible');
const pages = (page: Page) => page.getByRole('navigation', { name: 'Glossary pages' });
const header = (page: Page, name: string) => table(page).getByRole('columnheader', { name });
const sortButton = (page: Page, name: string) => header(page, name).getByRole('button');
const status = (page: Page) => page.getByRole('status').filter({ hasText: /terms?|No terms/ });

/** The text of one column in the rows on screen, in order. */
async function columnTexts(page: Page, column: 'Category' | 'Term' | 'Description'): Promise<string[]> {
  const cells: Record<typeof column, Locator> = {
    Category: bodyRows(page).locator('td[data-column="category"]'),
    Term: bodyRows(page).locator('th'),
    Description: bodyRows(page).locator('td[data-column="description"]'),
  };
  return cells[column].allTextContents();
}

/** The table's own order: case-insensitive text comparison. */
const inOrder = (texts: string[], desc: boolean) =>
  texts.every((text, index) => {
    if (index === 0) return true;
    const [a, b] = [texts[index - 1]!.toLowerCase(), text.toLowerCase()];
    return desc ? a >= b : a <= b;
  });

/** Opens the glossary and waits for the browser's copy of the rows and the paging controls. */
async function open(page: Page, search = '') {
  const rowsLoaded = page.waitForResponse((response) => response.url().endsWith(API) && response.ok());
  await page.goto(`${href('/glossary')}${search}`);
  await rowsLoaded;
  await expect(page.getByLabel('Terms per page')).toBeVisible();
}

test.describe('glossary', () => {
  test.use({ viewport: WIDE });

  test('has its title and subtitle, and loads the rows from the API in the browser', async ({ page }) => {
    const entries = await allEntries(page);
    await open(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Glossary', exact: true })).toBeVisible();
    await expect(page.getByText('Terms and Definition', { exact: true })).toBeVisible();
    await expect(table(page).getByRole('columnheader')).toHaveText(['Category', 'Term', 'Description']);
    await expect(bodyRows(page)).toHaveCount(10);
    await expect(status(page)).toHaveText(`Showing 1 to 10 of ${entries.length} terms.`);
    await expect(bodyRows(page).first().locator('th')).toHaveText(entries[0]!.term);
  });

  for (const column of ['Category', 'Term', 'Description'] as const) {
    test(`sorts by ${column}: ascending, descending, then back to the stored order`, async ({ page }) => {
      const entries = await allEntries(page);
      await open(page);
      const th = header(page, column);
      await expect(th).not.toHaveAttribute('aria-sort');

      await sortButton(page, column).click();
      await expect(th).toHaveAttribute('aria-sort', 'ascending');
      await expect(page).toHaveURL(new RegExp(`sort=${column.toLowerCase()}(&|$)`));
      const ascending = await columnTexts(page, column);
      expect(inOrder(ascending, false), ascending.join(' | ')).toBe(true);
      const smallest = [...entries.map((entry) => entry[column.toLowerCase() as 'term'])].sort((a, b) =>
        a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
      )[0];
      expect(ascending[0]).toBe(smallest);

      await sortButton(page, column).click();
      await expect(th).toHaveAttribute('aria-sort', 'descending');
      await expect(page).toHaveURL(new RegExp(`sort=-${column.toLowerCase()}(&|$)`));
      const descending = await columnTexts(page, column);
      expect(inOrder(descending, true), descending.join(' | ')).toBe(true);
      expect(descending).not.toEqual(ascending);

      // Only one column is sorted at a time.
      for (const other of ['Category', 'Term', 'Description'].filter((name) => name !== column)) {
        await expect(header(page, other)).not.toHaveAttribute('aria-sort');
      }

      await sortButton(page, column).click();
      await expect(th).not.toHaveAttribute('aria-sort');
      await expect(page).not.toHaveURL(/sort=/);
      await expect(bodyRows(page).first().locator('th')).toHaveText(entries[0]!.term);
    });
  }

  test('the search box narrows the rows as you type, over every column', async ({ page }) => {
    const entries = await allEntries(page);
    await open(page);
    const search = page.getByRole('searchbox', { name: 'Search the glossary' });

    await search.pressSequentially('fatigue');
    const expected = entries.filter((entry) =>
      `${entry.category} ${entry.term} ${entry.description}`.toLowerCase().includes('fatigue'),
    );
    expect(expected.length).toBeGreaterThan(1);
    await expect(bodyRows(page)).toHaveCount(Math.min(expected.length, 10));
    await expect(status(page)).toContainText(`matching “fatigue”`);
    await expect(page).toHaveURL(/q=fatigue/);
    for (const text of await bodyRows(page).allTextContents()) expect(text.toLowerCase()).toContain('fatigue');

    // A category name matches too.
    await search.fill('Fleet');
    const fleet = entries.filter((entry) =>
      `${entry.category} ${entry.term} ${entry.description}`.toLowerCase().includes('fleet'),
    );
    await expect(status(page)).toContainText(`${fleet.length}`);

    await search.fill('zzzz-no-such-term');
    await expect(bodyRows(page)).toHaveCount(0);
    await expect(status(page)).toHaveText('No terms match “zzzz-no-such-term”.');

    await search.fill('');
    await expect(bodyRows(page)).toHaveCount(10);
    await expect(page).not.toHaveURL(/q=/);
  });

  test('pages through the terms and changes the page length', async ({ page }) => {
    const entries = await allEntries(page);
    const total = entries.length;
    await open(page);
    const nav = pages(page);
    await expect(nav.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expect(nav.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('button', { name: 'Next page' }).click();
    await expect(nav.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(status(page)).toHaveText(`Showing 11 to 20 of ${total} terms.`);
    await expect(bodyRows(page).first().locator('th')).toHaveText(entries[10]!.term);
    await expect(page).toHaveURL(/page=2/);

    await nav.getByRole('button', { name: 'Page 3', exact: true }).click();
    await expect(bodyRows(page).first().locator('th')).toHaveText(entries[20]!.term);
    await nav.getByRole('button', { name: 'Previous page' }).click();
    await expect(bodyRows(page).first().locator('th')).toHaveText(entries[10]!.term);

    const lastPage = Math.ceil(total / 10);
    await nav.getByRole('button', { name: `Page ${lastPage}`, exact: true }).click();
    await expect(nav.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(bodyRows(page)).toHaveCount(total - (lastPage - 1) * 10);

    const size = page.getByLabel('Terms per page');
    await expect(size.locator('option')).toHaveText(['10', '25', '50', 'All']);
    await size.selectOption('25');
    await expect(bodyRows(page)).toHaveCount(25);
    await expect(status(page)).toHaveText(`Showing 1 to 25 of ${total} terms.`);
    await size.selectOption('50');
    await expect(bodyRows(page)).toHaveCount(50);
    await size.selectOption('All');
    await expect(bodyRows(page)).toHaveCount(total);
    await expect(pages(page)).toHaveCount(0);
    await expect(page).toHaveURL(/size=all/);
  });

  test('each page of results is a history entry: Back returns to the page before, not out of the glossary', async ({
    page,
  }) => {
    const entries = await allEntries(page);
    await page.goto(href('/docs'));
    await open(page);
    const nav = pages(page);
    await nav.getByRole('button', { name: 'Next page' }).click();
    await expect(bodyRows(page).first().locator('th')).toHaveText(entries[10]!.term);
    await nav.getByRole('button', { name: 'Page 3', exact: true }).click();
    await expect(bodyRows(page).first().locator('th')).toHaveText(entries[20]!.term);

    await page.goBack();
    await expect(page).toHaveURL(/\/glossary\?page=2$/);
    await expect(nav.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(bodyRows(page).first().locator('th')).toHaveText(entries[10]!.term);
    await page.goBack();
    await expect(page).toHaveURL(/\/glossary$/);
    await expect(bodyRows(page).first().locator('th')).toHaveText(entries[0]!.term);
    await page.goForward();
    await expect(bodyRows(page).first().locator('th')).toHaveText(entries[10]!.term);
    // Typing a search still replaces the entry: Back from page 1 of a search leaves for the page before.
    await page.getByRole('searchbox', { name: 'Search the glossary' }).pressSequentially('fuel');
    await expect(page).toHaveURL(/q=fuel/);
    await page.goBack();
    await expect(page).toHaveURL(/\/glossary$/);
  });

  test('search, sort, page and page length come back after a reload and from a shared link', async ({ page }) => {
    await open(page);
    await page.getByRole('searchbox', { name: 'Search the glossary' }).fill('a');
    await sortButton(page, 'Term').click();
    await sortButton(page, 'Term').click();
    await page.getByLabel('Terms per page').selectOption('25');
    await pages(page).getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/q=a/);
    const url = page.url();
    expect(new URL(url).searchParams.get('sort')).toBe('-term');
    expect(new URL(url).searchParams.get('size')).toBe('25');
    expect(new URL(url).searchParams.get('page')).toBe('2');
    const shown = await columnTexts(page, 'Term');

    await page.reload();
    await expect(page.getByLabel('Terms per page')).toHaveValue('25');
    await expect(page.getByRole('searchbox', { name: 'Search the glossary' })).toHaveValue('a');
    await expect(header(page, 'Term')).toHaveAttribute('aria-sort', 'descending');
    await expect(pages(page).getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await columnTexts(page, 'Term')).toEqual(shown);

    // The same link in a fresh tab shows the same rows.
    const other = await page.context().newPage();
    await other.goto(url);
    await expect(other.getByLabel('Terms per page')).toHaveValue('25');
    expect(await columnTexts(other, 'Term')).toEqual(shown);
    await other.close();
  });

  test('arriving by a link inside the site loads the rows from the API', async ({ page }) => {
    await page.goto(`${href('/docs')}#glossary`);
    await expect(page.getByRole('link', { name: 'Open the full glossary' })).toBeVisible();
    const rowsLoaded = page.waitForResponse((response) => response.url().endsWith(API));
    await page.getByRole('link', { name: 'Open the full glossary' }).click();
    expect((await rowsLoaded).status()).toBe(200);
    await expect(page).toHaveURL(/\/glossary$/);
    await expect(bodyRows(page)).toHaveCount(10);
  });

  test('asks the API once per arrival, and shows its rows where they differ from the page the server sent', async ({
    page,
  }) => {
    const entries = await allEntries(page);
    // The API's copy names the first term differently from the database the server rendered from.
    const edited = entries.map((entry, index) => (index === 0 ? { ...entry, term: 'Edited in the API copy' } : entry));
    let calls = 0;
    await page.route(`**${API}`, (route) => {
      calls += 1;
      return route.fulfill({ json: ['SUCCESS', edited] });
    });

    await open(page);
    await expect(bodyRows(page).first().locator('th')).toHaveText('Edited in the API copy');
    await expect(bodyRows(page)).toHaveCount(10);
    expect(calls, 'one call on the document load').toBe(1);

    // Away and back inside the site: the clientLoader asks once more, and nothing else does.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Manual', exact: true }).click();
    await expect(page).toHaveURL(/\/docs$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/glossary$/);
    await expect(bodyRows(page).first().locator('th')).toHaveText('Edited in the API copy');
    await page.waitForLoadState('networkidle');
    expect(calls, 'one more call on the way back').toBe(2);
  });

  test('keeps the rows the server rendered when the API fails', async ({ page }) => {
    const entries = await allEntries(page);
    allowFailedRequests(page, new RegExp(`${API}$`));
    await page.route(`**${API}`, (route) => route.fulfill({ status: 503, json: { errorInfo: 'Unavailable' } }));
    const failed = page.waitForResponse((response) => response.url().endsWith(API));
    await page.goto(href('/glossary'));
    expect((await failed).status()).toBe(503);
    await expect(page.getByLabel('Terms per page')).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(10);
    await expect(bodyRows(page).first().locator('th')).toHaveText(entries[0]!.term);
    await expect(status(page)).toHaveText(`Showing 1 to 10 of ${entries.length} terms.`);
  });

  for (const viewport of [NARROW, WIDE]) {
    test(`has no axe violations at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await open(page);
      await expectNoAxeViolations(page);
      await sortButton(page, 'Category').click();
      await page.getByRole('searchbox', { name: 'Search the glossary' }).fill('road');
      await expectNoAxeViolations(page);
      await page.getByRole('searchbox', { name: 'Search the glossary' }).fill('');
      await expectNoSideScroll(page);
      await screenshot(page, `glossary-${viewport.width}`);
    });
  }
});

test.describe('glossary without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: WIDE });

  test('every term is in the page, and the search and sort buttons still work (the server applies them)', async ({
    page,
  }) => {
    const entries = await allEntries(page);
    await page.goto(href('/glossary'));
    await expect(bodyRows(page)).toHaveCount(entries.length);
    await expect(pages(page)).toHaveCount(0);
    for (const entry of entries.slice(0, 5))
      await expect(table(page).getByRole('rowheader', { name: entry.term, exact: true })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search the glossary' }).fill('fatigue');
    await page.getByRole('searchbox', { name: 'Search the glossary' }).press('Enter');
    await expect(page).toHaveURL(/q=fatigue/);
    const expected = entries.filter((entry) =>
      `${entry.category} ${entry.term} ${entry.description}`.toLowerCase().includes('fatigue'),
    );
    await expect(bodyRows(page)).toHaveCount(expected.length);

    await sortButton(page, 'Term').click();
    await expect(page).toHaveURL(/sort=term/);
    await expect(header(page, 'Term')).toHaveAttribute('aria-sort', 'ascending');
    await expect(bodyRows(page)).toHaveCount(expected.length);
    expect(inOrder(await columnTexts(page, 'Term'), false)).toBe(true);
  });
});
