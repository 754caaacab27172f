// Printing (issue 18): the docs, the glossary, a feature page and the privacy notice print as
// text on paper in any theme. No navbar, footer, forms, modals or page controls; an address on
// another site follows its link; the glossary prints every row, not the page on screen; and
// Chromium's own print to PDF makes the pages (tests/e2e/print screenshots are for looking at).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const PRINTED = ['/docs', '/glossary', '/dashboard', '/privacy'] as const;

test.use({ viewport: { width: 1280, height: 900 } });

/** The number of pages in a PDF: its page objects. */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;

async function expectPrintedCleanly(page: Page) {
  for (const chrome of [
    '.site-header',
    '.site-footer',
    'form',
    'dialog',
    '.skip-link',
    '.chain-nav',
    '.cta-band',
    '.pagination',
  ]) {
    for (const element of await page.locator(chrome).all()) await expect(element, chrome).toBeHidden();
  }
  // White paper and dark text, whatever the theme on screen.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
    'rgb(255, 255, 255)',
  );
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  expect(await heading.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(15, 23, 42)');
}

for (const path of PRINTED) {
  test(`${path} prints cleanly, in the dark theme too, and Chromium prints it to PDF`, async ({
    page,
    baseURL,
  }, info) => {
    await page.context().addCookies([{ name: 'theme', value: 'dark', url: baseURL! }]);
    await page.goto(path);
    // On screen the chrome is there.
    await expect(page.locator('.site-header')).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expectPrintedCleanly(page);
    await page.screenshot({ path: info.outputPath(`print${path.replace(/\W/g, '-')}.png`), fullPage: true });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdfPages(pdf)).toBeGreaterThan(0);
  });
}

test('links to other sites print their address; links within the site do not', async ({ page }) => {
  // The manual links to the tutorials channel and to the glossary.
  await page.goto('/docs');
  await page.emulateMedia({ media: 'print' });
  const after = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element, '::after').content);
  const address = await page.locator('main a[href^="https://"]').first().getAttribute('href');
  expect(address).toMatch(/^https:\/\//);
  expect(await after('main a[href^="https://"]')).toBe(`" (${address})"`);
  expect(await after('main a[href^="/"]')).toBe('none');
});

test('the manual prints all five references, not the one on screen', async ({ page }) => {
  await page.goto('/docs#api-errors');
  const references = page.locator('.docs-reference:visible');
  await expect(references).toHaveCount(1);
  await page.emulateMedia({ media: 'print' });
  await expect(references).toHaveCount(5);
  await expect(page.locator('.docs-reference h2')).toHaveText([
    'Glossary',
    'TMS Color Coding',
    'Buttons and Operations',
    'Youtube Tutorial Links',
    'API Error Responses',
  ]);
});

test('the glossary prints every row, not the page on screen', async ({ page }) => {
  const answer = (await (await page.request.get('/api/Glossary/GetAllFromGlossary')).json()) as ['SUCCESS', unknown[]];
  const total = answer[1].length;
  expect(total).toBeGreaterThan(10);
  await page.goto('/glossary?page=2');
  const rows = page.getByRole('table').locator('tbody tr:visible');
  await expect(rows).toHaveCount(10);
  await page.emulateMedia({ media: 'print' });
  await expect(rows).toHaveCount(total);
  const printedPages = pdfPages(await page.pdf({ format: 'A4' }));
  expect(printedPages, 'every row takes several sheets').toBeGreaterThan(3);
  // Back on screen, the page shows its ten rows again.
  await page.emulateMedia({ media: 'screen' });
  await expect(rows).toHaveCount(10);
});
