// The proof pages (issue 28): customer stories, integrations with their category filter (also
// without JavaScript) and the request-an-integration form, security, the changelog and its Atom
// feed; the home proof row, a feature page's "Updated on" and related stories, the menus, and
// search for pricing. Screenshots of every new page at 375 and 1280 px in both themes.
import type { Page } from '@playwright/test';
import { href } from 'react-router';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { MESSAGES } from '../../common/messages.ts';
import { PROOF_PATHS } from '../../app/lib/proof-paths.ts';
import { NARROW, screenshot, WIDE } from './axe-check.ts';
import { expect, test } from './fixtures.ts';
import { openHydrated, rows, unique } from './form-helpers.ts';

const content = (name: string) => parse(readFileSync(`content/${name}.yaml`, 'utf8'));
const integrations = content('integrations') as { integrations: { slug: string; name: string; category: string }[] };
const changelog = content('changelog') as {
  entries: { id: string; title: string; date: string; features: string[] }[];
};
const main = (page: Page) => page.getByRole('main');

test.use({ viewport: WIDE });

test('customer stories: the list links each story, which links the modules it uses', async ({ page }) => {
  await page.goto(href('/customers'));
  await expect(page.getByRole('heading', { level: 1, name: 'Customer stories' })).toBeVisible();
  await expect(main(page).locator('.story-card')).toHaveCount(5);
  await main(page)
    .getByRole('link', { name: /^Redgum Linehaul:/ })
    .click();
  await expect(page).toHaveURL(/\/customers\/redgum-linehaul$/);
  await expect(page.getByRole('table', { name: 'Before and after' }).getByRole('row')).toHaveCount(4);
  await expect(main(page).getByText('64 prime movers, 110 trailers')).toBeVisible();
  await expect(main(page).locator('blockquote')).toContainText('auditor');
  await main(page).getByRole('list', { name: 'Modules used' }).getByRole('link', { name: 'Breaches' }).click();
  await expect(page).toHaveURL(/\/breaches$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Breaches' })).toBeVisible();
});

test('a story that does not exist is a 404', async ({ page }) => {
  const response = await page.goto('/customers/no-such-operator');
  expect(response?.status()).toBe(404);
});

test('home shows the proof row right under the hero', async ({ page }) => {
  await page.goto(href('/home'));
  const row = page.getByRole('region', { name: 'Trusted by transport operators across Australia' });
  await expect(row.getByRole('link')).toHaveCount(6);
  // Directly after the hero: the first section after the carousel.
  const order = await page.evaluate(() =>
    [...document.querySelectorAll('main > *')].slice(0, 2).map((element) => element.className),
  );
  expect(order[1]).toContain('proof-row');
  await row.getByRole('link', { name: /Coastline Couriers/ }).click();
  await expect(page).toHaveURL(/\/customers\/coastline-couriers$/);
});

test('a feature page shows when it was last updated and the stories that use it', async ({ page }) => {
  await page.goto('/fuel');
  const latest = changelog.entries.find((entry) => entry.features.includes('fuel'))!;
  await expect(main(page).getByText(/^Updated on/)).toContainText(latest.title);
  await expect(main(page).locator(`time[datetime="${latest.date}"]`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Operators using this' })).toBeVisible();
  await main(page)
    .getByRole('link', { name: /^Southern Cold Chain:/ })
    .click();
  await expect(page).toHaveURL(/\/customers\/southern-cold-chain$/);
  await page.goto('/fuel');
  await main(page).getByRole('link', { name: latest.title }).click();
  await expect(page).toHaveURL(new RegExp(`/changelog#${latest.id}$`));
});

test('integrations: each has a page with what syncs, setup and its API calls', async ({ page }) => {
  await page.goto(href('/integrations'));
  await expect(main(page).locator('.integration-card')).toHaveCount(integrations.integrations.length);
  await main(page).getByRole('link', { name: 'Ledgerly', exact: true }).click();
  await expect(page).toHaveURL(/\/integrations\/ledgerly$/);
  await expect(page.getByRole('heading', { name: 'What syncs' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Haulora API calls it makes' })).toContainText(
    'PATCH /v1/invoices/{id}',
  );
  await expect(main(page).getByText('Data moves both ways').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Accounting' }).click();
  await expect(page).toHaveURL(/\/integrations\?category=accounting$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the category filter works with plain links', async ({ page }) => {
    await page.goto(href('/integrations'));
    const filters = page.getByRole('navigation', { name: 'Integration categories' });
    await filters.getByRole('link', { name: 'Fuel cards' }).click();
    await expect(page).toHaveURL(/\?category=fuel-cards$/);
    const expected = integrations.integrations
      .filter((integration) => integration.category === 'fuel-cards')
      .map((integration) => integration.name);
    await expect(main(page).locator('.integration-card h3')).toHaveText(expected);
    await expect(filters.getByRole('link', { name: 'Fuel cards' })).toHaveAttribute('aria-current', 'page');
    await filters.getByRole('link', { name: 'All integrations' }).click();
    await expect(main(page).locator('.integration-card')).toHaveCount(integrations.integrations.length);
  });
});

test('request an integration: lands in the staff inbox as a demo request naming the system', async ({ page }) => {
  await openHydrated(page, `${href('/integrations')}#request`);
  const form = page.getByRole('region', { name: 'Request an integration' });
  const name = unique('Kim Nguyen');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Job title').fill('IT Manager');
  await form.getByLabel('Company').fill('Bayside Transport');
  await form.getByLabel('Work email').fill('kim@bayside.com.au');
  await form.getByLabel('Country').selectOption('AU');
  await form.getByLabel('Number').pressSequentially('412345678');
  await form
    .getByLabel('Which system, and what should it share with Haulora?')
    .fill('FleetCore ERP: invoices out, payments back');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('dialog', { name: MESSAGES.demoThanks })).toBeVisible();
  expect(rows('SELECT text FROM demo_requests WHERE name = ?', name)).toEqual([
    { text: 'Integration request: FleetCore ERP: invoices out, payments back' },
  ]);
});

test('security names its mechanisms and the incident contact', async ({ page }) => {
  await page.goto(href('/security'));
  for (const heading of [
    'Hosting',
    'Encryption in transit and at rest',
    'Backups and recovery',
    'Access control and roles',
    'Retention and deletion',
    'Report a security issue',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(main(page).getByText('Not encrypted by the application', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'hello@haulora.com' })).toHaveAttribute(
    'href',
    /^mailto:hello@haulora\.com\?subject=Security/,
  );
  await page
    .getByRole('navigation', { name: 'On this page' })
    .getByRole('link', { name: 'Backups and recovery' })
    .click();
  await expect(page).toHaveURL(/#backups$/);
});

test('the changelog lists dated entries linking their features, and its Atom feed is valid', async ({ page }) => {
  await page.goto(href('/changelog'));
  await expect(main(page).locator('article')).toHaveCount(changelog.entries.length);
  const first = main(page).locator('article').first();
  await expect(first.getByRole('heading')).toHaveText(changelog.entries[0]!.title);
  await expect(first.locator('time')).toHaveAttribute('datetime', changelog.entries[0]!.date);
  await first.getByRole('link', { name: 'Accounts' }).click();
  await expect(page).toHaveURL(/\/accounts$/);

  const response = await page.request.get(href('/changelog.xml'));
  expect(response.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  const xml = await response.text();
  await page.goto(href('/changelog'));
  const feed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const atom = 'http://www.w3.org/2005/Atom';
    const root = doc.documentElement;
    const entries = [...doc.getElementsByTagNameNS(atom, 'entry')];
    return {
      error: doc.getElementsByTagName('parsererror').length,
      root: `${root.namespaceURI} ${root.localName}`,
      hasFeedParts: ['id', 'title', 'updated', 'author'].every((name) =>
        [...root.children].some((child) => child.localName === name),
      ),
      entries: entries.map((entry) => ({
        id: entry.getElementsByTagNameNS(atom, 'id')[0]?.textContent,
        title: entry.getElementsByTagNameNS(atom, 'title')[0]?.textContent,
        updated: entry.getElementsByTagNameNS(atom, 'updated')[0]?.textContent,
        link: entry.getElementsByTagNameNS(atom, 'link')[0]?.getAttribute('href'),
      })),
    };
  }, xml);
  expect(feed.error).toBe(0);
  expect(feed.root).toBe('http://www.w3.org/2005/Atom feed');
  expect(feed.hasFeedParts).toBe(true);
  expect(feed.entries).toHaveLength(changelog.entries.length);
  for (const [index, entry] of feed.entries.entries()) {
    const source = changelog.entries[index]!;
    expect(entry.updated).toBe(`${source.date}T00:00:00Z`);
    expect(entry.title).toContain(source.title);
    expect(entry.link).toMatch(new RegExp(`/changelog#${source.id}$`));
    expect(entry.id).toBe(entry.link);
  }
});

test('the menus list the new pages', async ({ page }) => {
  await openHydrated(page, href('/home'));
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = async (label: string, items: string[]) => {
    await nav.getByRole('button', { name: label, exact: true }).click();
    for (const item of items) await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
  };
  await menu('Products', ['Features', 'Services', 'Integrations', 'Plans and pricing']);
  await menu('About', ['About Us', 'FAQs', 'Customers', 'Security']);
  await menu('Resources', ['Video tutorials', 'Changelog']);
});

for (const query of ['pricing', 'price', 'cost']) {
  test(`site search finds the plans page for "${query}"`, async ({ page }) => {
    await openHydrated(page, href('/features'));
    await page.getByRole('button', { name: 'Search the site' }).click();
    await page.getByRole('dialog', { name: 'Search the site' }).getByRole('searchbox').fill(query);
    await expect(
      page
        .getByRole('dialog', { name: 'Search the site' })
        .getByRole('link', { name: /Plans on offer/ })
        .first(),
    ).toBeVisible();
  });
}

test('site search finds the new pages', async ({ page }) => {
  await openHydrated(page, href('/features'));
  await page.getByRole('button', { name: 'Search the site' }).click();
  const search = page.getByRole('dialog', { name: 'Search the site' });
  await search.getByRole('searchbox').fill('Ledgerly');
  await expect(search.getByRole('link', { name: /Ledgerly/ }).first()).toBeVisible();
  await search.getByRole('searchbox').fill('scrypt');
  await expect(search.getByRole('link', { name: /Security/ }).first()).toBeVisible();
});

test.describe('screenshots', () => {
  const pages = [
    href('/home'),
    href('/customers'),
    '/customers/redgum-linehaul',
    href('/integrations'),
    '/integrations/ledgerly',
    href('/security'),
    href('/changelog'),
    '/fuel',
    '/nucleoicons',
  ];
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [NARROW, WIDE]) {
      test(`${theme} at ${viewport.width} px`, async ({ page, baseURL }) => {
        // Ten full-page screenshots: 40-46 s at load 12 on two cores, near the 60 s limit.
        test.slow();
        await page.context().addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
        await page.setViewportSize(viewport);
        for (const path of pages) {
          await page.goto(path);
          await screenshot(
            page,
            `proof-${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${theme}-${viewport.width}`,
            true,
          );
        }
      });
    }
  }
});

test('every proof page answers 200', async ({ page }) => {
  for (const path of PROOF_PATHS) expect((await page.request.get(path)).status(), path).toBe(200);
});

test('the brand typeface is ours: immutable, fetched once the first page is idle, used from the next page on', async ({
  page,
}) => {
  const fonts: { url: string; cache: string | undefined }[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.woff2'))
      fonts.push({ url: response.url(), cache: response.headers()['cache-control'] });
  });
  // The tab's first page does not ask for the flag while it loads: only an earlier page of this tab
  // can have kept it, and a tab's first read of session storage waits for the browser process.
  await page.addInitScript(() => {
    const storage = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!;
    Object.defineProperty(window, 'sessionStorage', {
      configurable: true,
      get() {
        if (document.readyState === 'loading') document.documentElement.dataset.storageReadWhileLoading = '';
        return storage.get!.call(window);
      },
    });
  });
  await page.goto(href('/customers'));
  expect(await page.locator('html').getAttribute('data-storage-read-while-loading')).toBeNull();
  // Not preloaded: 59 KB of fonts beside the render-blocking stylesheet put a slow phone's first
  // paint ~0.5 s later (issue 32). The first view paints in the system font and keeps it.
  expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(0);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(/Inter/);
  // Once the page is idle both faces are fetched, and the tab remembers it.
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('haulora-brand-font')), { timeout: 10_000 })
    .toBe('1');
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(/Inter/);
  // The next page load sets the class before the first paint and takes the faces from the cache.
  await page.goto(href('/integrations'));
  await expect(page.locator('html')).toHaveClass(/\bbrand-font\b/);
  await page.evaluate(() => document.fonts.ready);
  expect(
    await page.evaluate(() => document.fonts.check('400 16px Inter') && document.fonts.check('700 16px Inter')),
  ).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Inter,/);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) {
    expect(new URL(font.url).origin).toBe(new URL(page.url()).origin);
    expect(font.cache ?? '').toContain('immutable');
  }
});
