// Visitor analytics in Chromium (issue 30): a visit from a tagged link and a client-side
// navigation send two page views with navigator.sendBeacon (202, no body, no cookie), the tab
// keeps its attribution in sessionStorage, and the events reach the database. Then a sales
// member signs in on /analytics and reads them in the dashboard; no axe violation in either
// theme, screenshots at 1280 and 375 px. Last, what converts: a visitor from a tagged link
// requests a demo, and the dashboard's Sources and Campaigns count the visit beside the demo
// request; the funnel counts it in the inbox, whose list row shows its source.
import type { Page, Request } from '@playwright/test';
import { openDatabase } from '../../server/db/driver.ts';
import { createAnalyticsRepository } from '../../server/db/repositories/analytics.ts';
import { createRollups } from '../../server/services/analytics/rollups.ts';
import { E2E_SALES } from '../helpers/e2e-staff.ts';
import { expectNoAxeViolations, expectNoSideScroll, NARROW, screenshot, WIDE } from './axe-check.ts';
import { allowFailedRequests, expect, test } from './fixtures.ts';
import { dialog, navAction, rows, signInRestored, unique } from './form-helpers.ts';
import { openInbox, signInQuietly } from './inbox-helpers.ts';

// Headless Chromium says so in its user agent, and isbot rightly drops it: the visitor here
// browses with the user agent of an ordinary desktop Chrome.
// Each test is a visitor of its own (the visitor id hashes the user agent), so each one's first
// page view of the day is its entry, with its own campaign.
const desktopChrome = (visitor: string) => ({
  userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ${visitor}`,
});

const isBeacon = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/events';

async function pageviewTo(page: Page, path: string, act: () => Promise<unknown>) {
  const [request] = await Promise.all([
    page.waitForRequest((request) => isBeacon(request) && JSON.parse(request.postData() ?? '{}').path === path, {
      timeout: 15_000,
    }),
    act(),
  ]);
  const response = await request.response();
  return {
    body: JSON.parse(request.postData()!) as Record<string, unknown>,
    status: response?.status(),
    headers: (await response?.allHeaders()) ?? {},
  };
}

/** Rebuilds today's rollup in the test server's database, as its timer does every few minutes. */
async function rollUpToday() {
  const db = await openDatabase({ file: process.env.E2E_DATABASE_FILE! });
  try {
    await createRollups(createAnalyticsRepository(db.kysely, 'sqlite')).rollup();
  } finally {
    await db.close();
  }
}

const campaign = unique('spring').replace(/\s/g, '-');

test.describe('a visitor', () => {
  test.use(desktopChrome(unique('visitor').replace(/\s/g, '')));
  test('a visit and a client-side navigation are two page views, sent after load without a cookie', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(WIDE);
    const landing = await pageviewTo(page, `/home?utm_source=e2e-newsletter&utm_campaign=${campaign}`, () =>
      page.goto(`/home?utm_source=e2e-newsletter&utm_campaign=${campaign}&email=someone%40example.com`, {
        referer: 'https://www.linkedin.com/feed/',
      }),
    );
    expect(landing.body).toEqual({
      type: 'pageview',
      path: `/home?utm_source=e2e-newsletter&utm_campaign=${campaign}`,
      referrer: 'https://www.linkedin.com/',
    });
    expect(landing.status).toBe(202);
    expect(landing.headers['set-cookie']).toBeUndefined();

    // The home page's link to the features: React Router changes the page without loading a document.
    const documents: string[] = [];
    page.on('request', (request) => request.isNavigationRequest() && documents.push(request.url()));
    const next = await pageviewTo(page, '/features', () =>
      page.getByRole('main').getByRole('link', { name: 'Browse all features' }).click(),
    );
    expect(documents, 'a client-side navigation').toEqual([]);
    expect(next.body).toEqual({ type: 'pageview', path: '/features', referrer: `${new URL(baseURL!).origin}/` });
    expect(next.status).toBe(202);

    // The tab's attribution, for the forms (never a cookie, never local storage).
    const kept = await page.evaluate(() => ({
      session: sessionStorage.getItem('haulora-attribution'),
      local: localStorage.length,
      cookies: document.cookie,
    }));
    expect(JSON.parse(kept.session!)).toEqual({
      landing_page: '/home',
      referrer: 'https://www.linkedin.com/feed/',
      utm_source: 'e2e-newsletter',
      utm_campaign: campaign,
    });
    expect(kept.cookies).not.toMatch(/analytics|visitor/);

    // Stored: the landing with its source and campaign; the next page as an internal one (the
    // visit's source is its entry's, in the rollup). One visitor id for both.
    await expect
      .poll(
        () => rows<{ visitor: string }>('SELECT visitor FROM analytics_events WHERE utm_campaign = ?', campaign).length,
        { timeout: 5_000 },
      )
      .toBe(1);
    const [entry] = rows<{ visitor: string; path: string; source: string; referrer_host: string }>(
      'SELECT visitor, path, source, referrer_host FROM analytics_events WHERE utm_campaign = ?',
      campaign,
    );
    expect(entry).toMatchObject({ path: '/home', source: 'e2e-newsletter', referrer_host: 'linkedin.com' });
    await expect
      .poll(
        () => rows('SELECT path, referrer_host FROM analytics_events WHERE visitor = ? ORDER BY id', entry!.visitor),
        { timeout: 5_000 },
      )
      .toEqual([
        { path: '/home', referrer_host: 'linkedin.com' },
        { path: '/features', referrer_host: null },
      ]);
  });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`staff, ${theme} theme`, () => {
    test.use(desktopChrome(unique(theme).replace(/\s/g, '')));
    test(`a sales member reads the dashboard (${theme} theme): no axe violation at 1280 and 375 px`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(60_000);
      await page.context().addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
      await page.setViewportSize(WIDE);
      // A visit of its own, so the dashboard has this campaign whatever ran before.
      await pageviewTo(page, `/fleet?utm_source=e2e-ads&utm_campaign=${campaign}-${theme}`, () =>
        page.goto(`/fleet?utm_source=e2e-ads&utm_campaign=${campaign}-${theme}`),
      );
      await expect
        .poll(() => rows('SELECT id FROM analytics_events WHERE utm_campaign = ?', `${campaign}-${theme}`).length, {
          timeout: 5_000,
        })
        .toBe(1);
      await rollUpToday();

      if (theme === 'dark') {
        // One staff sign-in (issue 31): signed in through the site's sign-in, the dashboard opens
        // at once.
        await signInQuietly(page, E2E_SALES);
        await page.goto('/analytics');
        await expect(page.getByLabel('Username')).toHaveCount(0);
      } else {
        await page.goto('/analytics');
        await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
        await page.getByLabel('Username').fill(E2E_SALES.username);
        await page.getByLabel('Password').fill('not the password');
        allowFailedRequests(page, /\/analytics\.data/); // the refusal is a 401, shown in words
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(page.getByText('Incorrect username or password')).toBeVisible();
        await page.getByLabel('Username').fill(E2E_SALES.username);
        await page.getByLabel('Password').fill(E2E_SALES.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
      }
      await expect(page.getByRole('main').getByText('Signed in as e2e.seller')).toBeVisible();
      await expect(page.getByText('Visitors over several days are a sum of daily uniques.')).toBeVisible();
      const campaigns = page.getByRole('region', { name: 'Campaigns' });
      await expect(campaigns.getByRole('rowheader', { name: `${campaign}-${theme}` })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Sources' }).getByRole('rowheader', { name: 'e2e-ads' }),
      ).toBeVisible();
      await expect(page.getByRole('img', { name: 'Visitors and page views per day' })).toBeVisible();
      // The chart's table is behind a disclosure.
      await page.getByText('Table of the figures per day').click();
      await expect(page.getByRole('table', { name: 'Visitors and page views per day' })).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, `analytics-${theme}-1280`, true);

      await page.setViewportSize(NARROW);
      await expectNoSideScroll(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `analytics-${theme}-375`, true);

      // The range in the URL; a range that cannot be read says so and shows the last 30 days.
      await page.goto('/analytics?from=2026-13-01&to=2026-01-01');
      await expect(page.getByRole('alert')).toContainText('That date range could not be used');
      await signInRestored(page);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    });
  });
}

test.describe('what converts', () => {
  // Sydney's time zone picks the form's country (Australia) for the number.
  test.use({ ...desktopChrome(unique('lead').replace(/\s/g, '')), timezoneId: 'Australia/Sydney' });
  test('a tagged visit that requests a demo is counted beside its source in the dashboard and the inbox', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(WIDE);
    const source = unique('e2e-conv').replace(/\s/g, '-');
    const tagged = `/fleet?utm_source=${source}&utm_campaign=${campaign}-conv`;
    await pageviewTo(page, tagged, () => page.goto(tagged));
    await navAction(page, 'Book a Demo').click();
    const modal = dialog(page, 'Book a demo');
    const name = unique('Rosa Lim');
    await modal.getByLabel('Name', { exact: true }).fill(name);
    await modal.getByLabel('Job title').fill('Transport planner');
    await modal.getByLabel('Company').fill('Cebu Cold Chain');
    await modal.getByLabel('Work email').fill('rosa@cebu-cold.com');
    await modal.getByLabel('Number').pressSequentially('412345678');
    await modal.getByLabel('What would you like to see?').fill('Reefer tracking.');
    await modal.getByRole('button', { name: 'Book Demo', exact: true }).click();
    await expect.poll(() => rows('SELECT id FROM demo_requests WHERE source = ?', source).length).toBe(1);
    await expect
      .poll(() => rows('SELECT id FROM analytics_events WHERE source = ?', source).length, { timeout: 5_000 })
      .toBeGreaterThan(0);
    await rollUpToday();

    await page.goto('/analytics');
    await page.getByLabel('Username').fill(E2E_SALES.username);
    await page.getByLabel('Password').fill(E2E_SALES.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const converts = page.getByRole('region', { name: 'What converts' });
    // Visitors 1, demo requests 1, none booked or moved on yet, a rate of 100 %.
    const row = converts.getByRole('region', { name: 'Sources' }).getByRole('row', { name: source });
    await expect(row.getByRole('cell')).toHaveText(['1', '1', '0', '0', '0', /^100\.0 %\s*before –$/]);
    await expect(
      converts.getByRole('region', { name: 'Campaigns' }).getByRole('rowheader', { name: `${campaign}-conv` }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Funnel' }).getByText('Booked a time')).toBeVisible();
    await expectNoAxeViolations(page);
    await converts.scrollIntoViewIfNeeded();
    await screenshot(page, 'analytics-conversions-1280');
    await page.setViewportSize(NARROW);
    await expectNoSideScroll(page);
    await converts.scrollIntoViewIfNeeded();
    await screenshot(page, 'analytics-conversions-375');

    // The inbox's list, filtered by that source, says where the lead came from on its row; the
    // dashboard's sign-in is the staff side's (issue 31): no second sign-in.
    await page.setViewportSize(WIDE);
    await openInbox(page, `/inbox?source=${source}`);
    const lead = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: new RegExp(name) }) });
    await expect(lead).toContainText(`Source: ${source}`);
  });
});
