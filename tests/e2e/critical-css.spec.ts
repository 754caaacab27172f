// A page's inline rules and the rest of the stylesheet (server/services/critical-sheets.ts,
// decision 060) style every element exactly as the one stylesheet does: each layer of the two
// sheets keeps the rules' order in the sheet, so no tie goes another way. Checked on the real page,
// in place: every computed property of every element and of its ::before and ::after, with the two
// sheets, then with the whole stylesheet alone (React's own link, enabled), the same DOM.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Keeps every computed value of every box (each element, its ::before and ::after) in the page
 * under `name`; the root, the body and what is in it (the head loses two elements in between). */
const keepComputedStyles = (page: Page, name: string) =>
  page.evaluate((name) => {
    const properties = [...getComputedStyle(document.documentElement)];
    const values: string[] = [];
    for (const element of [document.documentElement, document.body, ...document.body.querySelectorAll('*')])
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        for (const property of properties) values.push(style.getPropertyValue(property));
      }
    (window as unknown as Record<string, string[]>)[name] = values;
    return values.length;
  }, name);

/** Where two kept sets of values differ, named by element, box and property (the first 20). */
const differences = (page: Page, before: string, after: string, ignore = '') =>
  page.evaluate(
    ({ before, after, ignore }) => {
      const kept = window as unknown as Record<string, string[]>;
      const properties = [...getComputedStyle(document.documentElement)];
      const boxes = [document.documentElement, document.body, ...document.body.querySelectorAll('*')].flatMap(
        (element) =>
          ['', '::before', '::after'].map(
            (pseudo) => `${element.localName}.${[...element.classList].join('.')}${pseudo}`,
          ),
      );
      const a = kept[before]!;
      const b = kept[after]!;
      const skipped = ignore ? kept[ignore]! : undefined;
      if (a.length !== b.length) return [`${a.length} values, then ${b.length}`];
      const found: string[] = [];
      for (let index = 0; index < a.length && found.length < 20; index++)
        if (a[index] !== b[index] && (!skipped || skipped[index] === a[index]))
          found.push(
            `${boxes[Math.floor(index / properties.length)]} ${properties[index % properties.length]}: ${a[index]} vs ${b[index]}`,
          );
      return found;
    },
    { before, after, ignore },
  );

/** Takes the inline rules and the rest away and turns on the whole stylesheet (React's link). */
const wholeSheetOnly = (page: Page) =>
  page.evaluate(async () => {
    const rest = document.querySelector<HTMLLinkElement>('link[data-full-sheet]')!;
    const whole = rest.previousElementSibling as HTMLLinkElement;
    const inline = whole.previousElementSibling as HTMLStyleElement;
    if (whole.localName !== 'link' || inline.localName !== 'style') throw new Error('not the expected head');
    await new Promise((loaded) => {
      whole.addEventListener('load', loaded, { once: true });
      whole.media = 'all';
      whole.disabled = false;
    });
    inline.remove();
    rest.remove();
  });

/** Where the page's two sheets and the whole sheet alone style a box differently. Values that
 * move on their own (an animation, a live region) between two reads are left out. */
async function twoSheetsAgainstWholeSheet(page: Page) {
  expect(await keepComputedStyles(page, 'first')).toBeGreaterThan(50_000);
  await page.waitForTimeout(500);
  await keepComputedStyles(page, 'twoSheets');
  await wholeSheetOnly(page);
  await keepComputedStyles(page, 'wholeSheet');
  return differences(page, 'twoSheets', 'wholeSheet', 'first');
}

for (const { viewport, paths } of [
  { viewport: { width: 412, height: 823 }, paths: ['/home', '/features', '/glossary', '/request-demo'] },
  { viewport: { width: 1280, height: 900 }, paths: ['/home', '/docs', '/customers'] },
])
  test.describe(`${viewport.width} px wide`, () => {
    // No motion: the carousel stays on its first slide while the values are read.
    test.use({ viewport, reducedMotion: 'reduce' });
    for (const path of paths)
      test(`${path}: the two sheets style every element as the whole stylesheet does`, async ({ page }) => {
        const sheets: string[] = [];
        page.on('request', (request) => request.resourceType() === 'stylesheet' && sheets.push(request.url()));
        await page.goto(path);
        const rest = page.locator('link[data-full-sheet]');
        await expect(rest).toHaveAttribute('href', /^\/assets\/rest\/style-[\w-]+\/[\w-]+\.css$/);
        await expect(rest).toHaveJSProperty('media', 'all');
        // The whole sheet's link is React's: in the page, disabled, never fetched (not even by the
        // preload scanner, which fetches a disabled stylesheet whose media matches).
        await expect(page.locator('link[rel=stylesheet][href^="/assets/style-"]').first()).toHaveJSProperty(
          'disabled',
          true,
        );
        await page.waitForLoadState('networkidle');
        expect(sheets.map((url) => new URL(url).pathname)).toEqual([await rest.getAttribute('href')]);
        expect(await twoSheetsAgainstWholeSheet(page)).toEqual([]);
      });
  });

// A later page of the tab (a client navigation) is styled by the first page's two sheets: every
// rule is in one of them, and a rest rule that could win a tie it lost is inline, before the rule.
test.describe('a client navigation from /home', () => {
  test.use({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  for (const path of ['/features', '/glossary', '/customers'])
    test(`${path}: styled as the whole stylesheet styles it`, async ({ page }) => {
      await page.goto('/home');
      await expect(page.locator('link[data-full-sheet]')).toHaveJSProperty('media', 'all');
      // A link of the site's own (React Router's): a client navigation.
      await page.locator(`a[href="${path}"]`).filter({ visible: true }).first().click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator('link[data-full-sheet]'), 'still the first page’s sheets').toHaveCount(1);
      // The new page settled: nothing left to fetch, no element added for a second.
      await page.waitForLoadState('networkidle');
      const count = () => page.evaluate(() => document.querySelectorAll('*').length);
      await expect
        .poll(async () => {
          const before = await count();
          await page.waitForTimeout(1000);
          return (await count()) - before;
        })
        .toBe(0);
      expect(await twoSheetsAgainstWholeSheet(page)).toEqual([]);
    });
});
