// A lead's source in Chromium (issue 30, decision 051): a visit from a tagged ad link, another
// page, then the demo modal: the request carries the tab's attribution with the
// form's own page, the row stores it, and staff read it in the inbox's Source block, whose
// campaign link lists that campaign's leads (the filter form shows it). No axe violation;
// screenshots of the block at 1280 and 375 px.
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, expectNoSideScroll, NARROW, screenshot, WIDE } from './axe-check.ts';
import { dialog, navAction, openHydrated, rows, unique } from './form-helpers.ts';
import { openInbox, signInQuietly } from './inbox-helpers.ts';

test.use({ viewport: WIDE, timezoneId: 'Australia/Sydney' });

test('the demo modal sends where the visit came from; the inbox shows it and filters by it', async ({ page }) => {
  const campaign = unique('ph-spring').replaceAll(' ', '-');
  await page.goto(`/home?utm_source=google&utm_medium=cpc&utm_campaign=${campaign}&gclid=Cj0-e2e_1`, {
    referer: 'https://www.google.com/',
  });
  // Kept for the tab as soon as the page has hydrated.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('haulora-attribution'))).toContain(campaign);
  // Another page in the same tab: its first page stays the landing page.
  await openHydrated(page, '/features');

  await navAction(page, 'Book a Demo').click();
  const modal = dialog(page, 'Book a demo');
  const name = unique('Ana Reyes');
  await modal.getByLabel('Name', { exact: true }).fill(name);
  await modal.getByLabel('Job title').fill('Fleet manager');
  await modal.getByLabel('Company').fill('Manila Freight');
  await modal.getByLabel('Work email').fill('ana@manila-freight.com');
  await modal.getByLabel('Number').pressSequentially('412345678');
  await modal.getByLabel('What would you like to see?').fill('Dispatch for 40 trucks.');
  const [request] = await Promise.all([
    page.waitForRequest((sent) => sent.method() === 'POST' && sent.url().endsWith('/api/RequestDemo')),
    modal.getByRole('button', { name: 'Book Demo', exact: true }).click(),
  ]);
  expect(JSON.parse(request.postData() ?? '{}').attribution).toEqual({
    landing_page: '/home',
    referrer: 'https://www.google.com/',
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: campaign,
    gclid: 'Cj0-e2e_1',
    page: '/features',
  });
  await expect
    .poll(() => rows<{ id: number }>('SELECT id FROM demo_requests WHERE campaign = ?', campaign).length)
    .toBe(1);
  const [stored] = rows<{ id: number; source: string }>(
    'SELECT id, source FROM demo_requests WHERE campaign = ?',
    campaign,
  );
  expect(stored!.source).toBe('google');

  await signInQuietly(page);
  await openInbox(page, `/inbox/demo-requests/${stored!.id}`);
  const block = page.getByRole('region', { name: 'Source' });
  await expect(block.getByRole('definition')).toHaveText([
    'google',
    'cpc',
    campaign,
    '/home',
    'google.com',
    'Cj0-e2e_1',
    '/features',
  ]);
  await expectNoAxeViolations(page);
  await block.scrollIntoViewIfNeeded();
  await screenshot(page, 'inbox-source-1280');
  await page.setViewportSize(NARROW);
  await expectNoSideScroll(page);
  await block.scrollIntoViewIfNeeded();
  await screenshot(page, 'inbox-source-375');
  await page.setViewportSize(WIDE);

  // The campaign links to its list; the filter form shows what it filters by.
  await block.getByRole('link', { name: campaign }).click();
  await expect(page).toHaveURL(new RegExp(`/inbox\\?campaign=${campaign}$`));
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  await expect(page.getByLabel('Campaign')).toHaveValue(campaign);
  await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(1);
});
