// The manual (/docs): five references chosen from a list, each with its own URL (the hash),
// shown after the loading overlay; all five in the HTML for visitors without JavaScript.
import type { Page } from '@playwright/test';
import { href } from 'react-router';
import { expectNoAxeViolations, expectNoSideScroll, NARROW, screenshot, WIDE } from './axe-check.ts';
import { expect, test } from './fixtures.ts';
import { forgetOverlaySeen, OVERLAY_SHOWN, overlaySeen, recordLoadingOverlay } from './overlay-recorder.ts';

const REFERENCES = [
  { hash: 'glossary', title: 'Glossary' },
  { hash: 'color-coding', title: 'TMS Color Coding' },
  { hash: 'buttons', title: 'Buttons and Operations' },
  { hash: 'tutorials', title: 'Youtube Tutorial Links' },
  { hash: 'api-errors', title: 'API Error Responses' },
] as const;

const CHANNEL = 'https://www.youtube.com/@haulora/videos';

const list = (page: Page) => page.getByRole('navigation', { name: 'References' });
const heading = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title, exact: true });
const overlay = (page: Page) => page.locator('.loading-overlay');

/** The one reference on show (with JavaScript, exactly one heading of the five is visible). */
async function expectShowing(page: Page, title: string) {
  await expect(heading(page, title)).toBeVisible();
  for (const other of REFERENCES.filter((reference) => reference.title !== title))
    await expect(heading(page, other.title)).toBeHidden();
  await expect(list(page).getByRole('link', { name: title, exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(list(page).locator('[aria-current]')).toHaveCount(1);
}

async function open(page: Page, hash = '') {
  await page.goto(`${href('/docs')}${hash ? `#${hash}` : ''}`);
  await expect(list(page).locator('[aria-current="true"]')).toHaveCount(1);
  await expect(overlay(page)).toHaveCount(0);
}

/** Classifies an rgb() colour by hue, the way a reader would name it. */
function colourName(css: string): string {
  const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).map(Number) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max - min < 40) return 'grey';
  if (r > 200 && g > 180 && b < 120) return 'yellow';
  if (b >= max - 10 && r < 160 && g > 150) return 'light blue';
  if (g === max && r < 120) return 'green';
  if (r === max && g < 120 && b < 120) return 'red';
  return css;
}

test.describe('manual', () => {
  test.use({ viewport: WIDE });

  test('lists the five references and shows the first by default', async ({ page }) => {
    await open(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Manual' })).toBeVisible();
    await expect(list(page).getByRole('link')).toHaveText(REFERENCES.map((reference) => reference.title));
    await expectShowing(page, 'Glossary');
    await expect(page.getByRole('link', { name: 'Open the full glossary' })).toHaveAttribute('href', href('/glossary'));
  });

  test('each reference is chosen from the list, after the overlay, with its own URL that reloads to it', async ({
    page,
  }) => {
    await recordLoadingOverlay(page);
    await open(page);
    for (const reference of [...REFERENCES].reverse()) {
      await forgetOverlaySeen(page);
      await list(page).getByRole('link', { name: reference.title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/docs#${reference.hash}$`));
      // The overlay covers the reference for its 600 ms, then lifts.
      await expect.poll(() => overlaySeen(page)).toEqual(OVERLAY_SHOWN('Loading the reference'));
      await expect(overlay(page)).toHaveCount(0);
      await expectShowing(page, reference.title);

      await page.reload();
      await expect(overlay(page)).toHaveCount(0);
      await expectShowing(page, reference.title);
      await expect(heading(page, reference.title)).toBeInViewport();
    }
  });

  test('back and forward restore the reference', async ({ page }) => {
    await open(page);
    await list(page).getByRole('link', { name: 'TMS Color Coding' }).click();
    await expectShowing(page, 'TMS Color Coding');
    await list(page).getByRole('link', { name: 'API Error Responses' }).click();
    await expectShowing(page, 'API Error Responses');
    await page.goBack();
    await expect(page).toHaveURL(/#color-coding$/);
    await expectShowing(page, 'TMS Color Coding');
    await page.goForward();
    await expectShowing(page, 'API Error Responses');
  });

  test("the navbar's Video tutorials link opens the tutorials", async ({ page }) => {
    await page.goto(href('/features'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Resources' }).click();
    await page.getByRole('link', { name: 'Video tutorials' }).click();
    await expect(page).toHaveURL(/\/docs#tutorials$/);
    await expect(overlay(page)).toHaveCount(0);
    await expectShowing(page, 'Youtube Tutorial Links');
  });

  test('the tutorials are 53 numbered links on the configured channel, opening in a new tab, grouped by feature', async ({
    page,
  }) => {
    await open(page, 'tutorials');
    const section = page.getByRole('region', { name: 'Youtube Tutorial Links' });
    const links = section.getByRole('listitem').getByRole('link');
    await expect(links).toHaveCount(53);
    // Each number once, the link built from it; grouped under the feature each covers first.
    const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(hrefs.sort()).toEqual(
      Array.from({ length: 53 }, (_, index) => `${CHANNEL}?tutorial=${String(index + 1).padStart(2, '0')}`),
    );
    const groups = section.getByRole('region');
    await expect(groups.getByRole('heading', { level: 3 }).first()).toHaveText('Dashboard');
    await expect(groups.getByRole('heading', { level: 3, name: 'Fuel' })).toBeVisible();
    const fuel = groups.filter({ has: page.getByRole('heading', { level: 3, name: 'Fuel' }) });
    await expect(fuel.getByRole('link', { name: 'Fuel', exact: true })).toHaveAttribute('href', '/fuel');
    await expect(fuel.getByRole('listitem')).toHaveText([
      /^24\s*Recording fuel purchases/,
      /^25\s*Reading fuel totals/,
      /^26\s*Managing fuel cards/,
    ]);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAccessibleName(/\S.+ \(opens in a new tab\)$/);
    }
    await expect(links.first()).toContainText('01');
    for (const list of await section.getByRole('list').all()) await expect(list).toHaveJSProperty('tagName', 'OL');
  });

  test('the colour coding shows the five job statuses with their colours, and the credit note states', async ({
    page,
  }) => {
    await open(page, 'color-coding');
    const table = page.getByRole('region', { name: 'TMS Color Coding' }).getByRole('table');
    const expected = [
      ['PENDING', 'grey'],
      ['Dispatched', 'yellow'],
      ['PROCESSING', 'light blue'],
      ['COMPLETED', 'green'],
      ['CANCELLED', 'red'],
    ] as const;
    await expect(table.getByRole('rowheader')).toHaveText(expected.map(([status]) => status));
    for (const [status, colour] of expected) {
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: status, exact: true }) });
      await expect(row.getByRole('cell').last()).toHaveText(new RegExp(`^${colour}$`, 'i'));
      const swatch = row.locator('.status-swatch');
      const background = await swatch.evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(colourName(background), `${status} swatch ${background}`).toBe(colour);
      const badge = await row.locator('.status-badge').evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(badge).toBe(background);
    }
    await expect(table.getByRole('row').filter({ hasText: 'PENDING' })).toContainText('Waiting to dispatch');
    await expect(table.getByRole('row').filter({ hasText: 'Dispatched' })).toContainText(
      'waiting for the driver to accept',
    );

    const states = page.getByRole('region', { name: 'TMS Color Coding' }).locator('dl dt');
    await expect(states).toHaveText(['draft', 'approved', 'voided']);
  });

  test("the buttons reference shows each of the TMS's icon buttons with its icon and what it does", async ({
    page,
  }) => {
    await open(page, 'buttons');
    const section = page.getByRole('region', { name: 'Buttons and Operations' });
    const names = [
      'Add',
      'View',
      'Edit',
      'Delete',
      'Assign',
      'Dispatch',
      'Duplicate',
      'Print',
      'Export',
      'Import CSV',
      'Download',
      'Upload',
      'Filter List',
      'Columns',
      'Summary',
      'Search',
      'Refresh',
    ];
    for (const name of names) {
      const term = section.locator('dt').filter({ hasText: new RegExp(`^${name}$`) });
      await expect(term).toHaveCount(1);
      await expect(term.locator('svg')).toBeVisible();
      await expect(term.locator('xpath=following-sibling::dd')).not.toBeEmpty();
    }
  });

  test('the API error responses carry the spec explanations', async ({ page }) => {
    await open(page, 'api-errors');
    const section = page.getByRole('region', { name: 'API Error Responses' });
    await expect(section.getByRole('heading', { level: 3 })).toHaveText([
      '401 Unauthorize',
      '403 Forbidden',
      '404 Not Found',
      '422 Unprocessable Data',
    ]);
    await expect(section.getByRole('listitem').nth(0)).toContainText('valid client ID and bearer token');
    await expect(section.getByRole('listitem').nth(1)).toContainText('authenticating again will not help');
    await expect(section.getByRole('listitem').nth(2)).toContainText('The resource was not found.');
    await expect(section.getByRole('listitem').nth(3)).toContainText('understood, but its data cannot be processed');
  });

  test('the list sits beside the reference on wide screens and above it on narrow ones', async ({ page }) => {
    await open(page);
    const wideList = (await list(page).boundingBox())!;
    const widePanel = (await heading(page, 'Glossary').boundingBox())!;
    expect(wideList.x + wideList.width).toBeLessThanOrEqual(widePanel.x);

    await page.setViewportSize(NARROW);
    const narrowList = (await list(page).boundingBox())!;
    const narrowPanel = (await heading(page, 'Glossary').boundingBox())!;
    expect(narrowList.y + narrowList.height).toBeLessThanOrEqual(narrowPanel.y);
  });

  for (const viewport of [NARROW, WIDE]) {
    test(`has no axe violations at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const reference of REFERENCES) {
        await open(page, reference.hash);
        await expectNoAxeViolations(page);
        await expectNoSideScroll(page);
        await screenshot(page, `docs-${reference.hash}-${viewport.width}`, true);
      }
    });
  }
});

test.describe('manual without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: WIDE });

  test('all five references are in the page, one after another', async ({ page }) => {
    await page.goto(`${href('/docs')}#buttons`);
    const titles = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(titles).toHaveText(['References', ...REFERENCES.map((reference) => reference.title)]);
    for (const reference of REFERENCES) await expect(heading(page, reference.title)).toBeVisible();
    await expect(overlay(page)).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Youtube Tutorial Links' }).getByRole('listitem').getByRole('link'),
    ).toHaveCount(53);
    // The list's links jump to each reference in the page.
    await expect(list(page).getByRole('link', { name: 'API Error Responses' })).toHaveAttribute(
      'href',
      `${href('/docs')}#api-errors`,
    );
  });
});
