// The staff inbox (issue 7) in Chromium against the real server and database: signed-out
// visitors are sent to sign in and come back; a staff member finds the demo request just made on
// /home, marks it done and adds a note; a contact message's image shows; Export CSV downloads the
// filtered list; a submission's HTML stays text; search and status narrow the list; no axe
// violation at 375 and 1280 px. And the privacy notice with the forms' product-news checkbox.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { MARKETING_CONSENT_VERSION } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { E2E_STAFF } from '../helpers/e2e-staff.ts';
import { png } from '../helpers/images.ts';
import { expectNoAxeViolations, expectNoSideScroll, NARROW, WIDE } from './axe-check.ts';
import { allowFailedRequests, expect, test, waitForHydration } from './fixtures.ts';
import { accountEntry, accountMenu, dialog, navAction, openHydrated, rows, unique } from './form-helpers.ts';
import { openInbox, postJson, signInQuietly } from './inbox-helpers.ts';

test.use({ viewport: WIDE, timezoneId: 'Australia/Sydney' });

const XSS = '<img src=x onerror=alert(1)>';
const SHOTS = 'test-results/inboxui/screens';

const submissionLink = (page: Page, name: string) =>
  page.getByRole('list', { name: /newest first/ }).getByRole('link', { name, exact: true });

async function fillDemo(modal: ReturnType<typeof dialog>, name: string, text = 'Linehaul dispatch for 40 trucks.') {
  await modal.getByLabel('Name', { exact: true }).fill(name);
  await modal.getByLabel('Job title').fill('Operations Manager');
  await modal.getByLabel('Company').fill('Whitfield Haulage');
  await modal.getByLabel('Work email').fill('dana@whitfield.com.au');
  await modal.getByLabel('Number').pressSequentially('412345678');
  await modal.getByLabel('What would you like to see?').fill(text);
}

async function screenshots(page: Page, name: string) {
  for (const viewport of [NARROW, WIDE]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(100);
    await expectNoSideScroll(page);
    await expectNoAxeViolations(page);
    // From the top: the fixed navbar would otherwise be drawn over the middle of a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
}

test('signed out, /inbox sends the visitor to sign in and back to the same list afterwards', async ({ page }) => {
  await page.goto('/inbox?kind=feedback');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Finbox%3Fkind%3Dfeedback$/);
  // Hydrated first: a click before that posts the form natively (tested in forms-no-js).
  await waitForHydration(page);
  const main = page.getByRole('main');
  await main.getByLabel('Username').fill(E2E_STAFF.username);
  await main.getByLabel('Password').fill(E2E_STAFF.password);
  await main.getByRole('button', { name: 'Sign In' }).click();
  // 15 s: the submit fetches the form's checks and the API client on first use, then the server
  // hashes the password; on CI's two busy cores that once took more than 5 s.
  await expect(page.getByRole('dialog', { name: MESSAGES.signInSuccess })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/inbox\?kind=feedback$/, { timeout: 5000 });
  await expect(page.getByRole('heading', { level: 2, name: 'Feedback' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Kinds of submission' }).getByRole('link', { name: /^Feedback/ }),
  ).toHaveAttribute('aria-current', 'page');
});

test('sign-in ignores a next that leaves the site', async ({ page }) => {
  // Hydrated first: a click before that posts the form natively, which leads to the result page.
  await openHydrated(page, '/sign-in?next=//evil.example/inbox');
  const main = page.getByRole('main');
  await main.getByLabel('Username').fill(E2E_STAFF.username);
  await main.getByLabel('Password').fill(E2E_STAFF.password);
  await main.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: MESSAGES.signInSuccess })).toBeHidden({ timeout: 5000 });
  await expect(page).toHaveURL(/\/sign-in\?next=/);
});

test('a staff member finds the demo request just made on /home, marks it done and adds a note', async ({ page }) => {
  // Two forms, two modals and four axe runs: more than the default 30 s on a busy machine.
  test.slow();
  // A visitor books a demo through the navbar's modal on /home.
  await openHydrated(page, '/home');
  await navAction(page, 'Book a Demo').click();
  const modal = dialog(page, 'Book a demo');
  const name = unique('Dana Whitfield');
  await fillDemo(modal, name);
  await modal.getByRole('button', { name: 'Book Demo', exact: true }).click();
  await expect(page.getByRole('dialog', { name: MESSAGES.demoThanks })).toBeVisible();
  await expect(modal).toBeHidden({ timeout: 4000 });

  // Staff sign in from the navbar and open the inbox from its signed-in menu.
  await navAction(page, 'Sign In').click();
  const signIn = dialog(page, 'Sign in');
  await signIn.getByLabel('Username').fill(E2E_STAFF.username);
  await signIn.getByLabel('Password').fill(E2E_STAFF.password);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(signIn).toBeHidden({ timeout: 5000 });
  await (await accountEntry(page, 'Inbox')).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Demo requests' })).toBeVisible();

  // Newest first: the request just made leads the list.
  const items = page.getByRole('list', { name: /newest first/ }).getByRole('listitem');
  await expect(items.first().getByRole('link', { name, exact: true })).toBeVisible();
  await expect(items.first()).toContainText('New');
  await screenshots(page, 'list');

  await submissionLink(page, name).click();
  await expect(page).toHaveURL(/\/inbox\/demo-requests\/\d+$/);
  const fields = page.getByRole('region', { name: 'What was sent' });
  await expect(fields.getByText(name, { exact: true })).toBeVisible();
  await expect(fields.getByText('Whitfield Haulage', { exact: true })).toBeVisible();
  await expect(fields.getByText('+61 412345678')).toBeVisible();
  await expect(fields.locator('time[datetime]').first()).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);

  const status = page.getByRole('region', { name: 'Status' });
  await status.getByLabel('Change status to').selectOption({ label: 'Done' });
  await status.getByRole('button', { name: 'Save status' }).click();
  await expect(status.locator('.inbox-status')).toHaveText('Status: Done');
  const history = page.getByRole('region', { name: 'Notes and history' });
  await expect(history.getByRole('listitem').filter({ hasText: 'to Done' })).toContainText(
    `Changed by ${E2E_STAFF.username}`,
  );

  const note = 'Called Dana: demo booked for Tuesday 10 am AEST.';
  await history.getByLabel('Internal note').fill(note);
  await history.getByRole('button', { name: 'Add note' }).click();
  await expect(history.getByRole('listitem').filter({ hasText: note })).toContainText(`Note by ${E2E_STAFF.username}`);
  await expect(history.getByLabel('Internal note')).toHaveValue('');
  await screenshots(page, 'detail');

  // Back to the list: the row now says Done.
  await page.getByRole('link', { name: 'All demo requests' }).click();
  await expect(submissionLink(page, name)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) })).toContainText(
    'Done',
  );
});

test("a contact message's image shows in the inbox", async ({ page }) => {
  await openHydrated(page, '/home#contact');
  const form = page.locator('#contact-form form');
  const name = unique('Sam Roadtrain');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill('sam@roadtrain.com.au');
  await form.getByLabel('Subject').fill('Fuel card import');
  await form.getByLabel('Inquiry type').selectOption({ label: 'Technical Support' });
  await form.getByLabel('Image').setInputFiles({ name: 'fuel-cards.png', mimeType: 'image/png', buffer: png(120, 80) });
  await form.getByLabel('Message').fill('The fuel card CSV import skips the last row.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('dialog', { name: MESSAGES.success })).toBeVisible();

  await signInQuietly(page);
  await openInbox(page, `/inbox?kind=contact-messages&q=${encodeURIComponent(name)}`);
  await submissionLink(page, name).click();
  const image = page.getByRole('img', { name: /The image sent with contact message #\d+/ });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
  await expect(page.getByRole('region', { name: 'Image' })).toContainText(/contact-\d+\.png, image\/png/);
  await expect(page.getByRole('region', { name: 'What was sent' })).toContainText('Technical Support');
  await page.screenshot({ path: `${SHOTS}/contact-image-1280.png`, fullPage: true });
});

test('Export CSV downloads the filtered list, UTF-8 with a BOM', async ({ page }) => {
  await signInQuietly(page);
  const text = unique('Dispatch board export check');
  await postJson(page, '/api/Feedback/AddFeedback', { feedback: text });
  await openInbox(page, `/inbox?kind=feedback&q=${encodeURIComponent(text)}`);
  await expect(page.getByRole('status').filter({ hasText: '1 submission match' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^haulora-feedback-\d{4}-\d{2}-\d{2}\.csv$/);
  const body = await readFile((await file.path())!, 'utf8');
  expect(body.startsWith('\uFEFF')).toBe(true);
  expect(body).toContain(text);
  // The filter applies: one header row and one submission.
  expect(body.trim().split(/\r?\n/)).toHaveLength(2);
});

test("a submission's HTML is shown as text: no dialog fires and no element is made from it", async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (opened) => {
    dialogs.push(opened.message());
    void opened.dismiss();
  });
  await signInQuietly(page);
  await postJson(page, '/api/Feedback/AddFeedback', { feedback: XSS });
  await postJson(page, '/api/RequestDemo', {
    name: XSS,
    job_title: XSS,
    company: 'Whitfield Haulage',
    country: '61',
    number: '+61 412345678',
    email: 'dana@whitfield.com.au',
    text: XSS,
  });

  await openInbox(page, `/inbox?kind=feedback&q=${encodeURIComponent('onerror')}`);
  const feedbackRow = page
    .getByRole('list', { name: /newest first/ })
    .getByRole('listitem')
    .first();
  await expect(feedbackRow.getByText(XSS, { exact: true })).toBeVisible();
  await feedbackRow.getByRole('link').click();
  await expect(page.getByRole('region', { name: 'What was sent' }).getByText(XSS, { exact: true })).toBeVisible();
  await expect(page.locator('main img')).toHaveCount(0);

  await openInbox(page, `/inbox?q=${encodeURIComponent('onerror')}`);
  await expect(submissionLink(page, XSS).first()).toBeVisible();
  await expect(page.locator('main img')).toHaveCount(0);
  await submissionLink(page, XSS).first().click();
  const fields = page.getByRole('region', { name: 'What was sent' });
  await expect(fields.getByText(XSS, { exact: true })).toHaveCount(3);
  await expect(page.locator('img[src="x"], main img')).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
});

test('search and the status filter narrow the list, and Back returns to the previous filter', async ({ page }) => {
  await signInQuietly(page);
  const marker = unique('kerbside');
  const first = `${marker} tyre pressure alerts`;
  const second = `${marker} fuel docket photos`;
  await postJson(page, '/api/Feedback/AddFeedback', { feedback: first });
  await postJson(page, '/api/Feedback/AddFeedback', { feedback: second });
  await openInbox(page, '/inbox?kind=feedback');
  const list = page.getByRole('list', { name: /newest first/ });
  const filters = page.getByRole('search', { name: 'Filter submissions' });
  await expect(page.getByRole('status').filter({ hasText: /^\d+ submissions?$/ })).toBeVisible();

  await filters.getByLabel('Search').fill(marker);
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: '2 submissions match' })).toBeVisible();

  await filters.getByLabel('Search').fill(`${marker} tyre`);
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(first);
  await expect(page).toHaveURL(/[?&]q=/);

  await filters.getByLabel('Status').selectOption({ label: 'Done' });
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
  await expect(page).toHaveURL(/status=done/);

  await filters.getByLabel('Status').selectOption({ label: 'New' });
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The filters live in the URL: Back shows the list before the last change, filters included.
  await page.goBack();
  await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
  await expect(filters.getByLabel('Status')).toHaveValue('done');
  await expect(filters.getByLabel('Search')).toHaveValue(`${marker} tyre`);
});

test('pages of ten: Next shows the rest, with the page in the URL', async ({ page }) => {
  await signInQuietly(page);
  const marker = unique('tautliner');
  for (let index = 1; index <= 11; index++)
    await postJson(page, '/api/Feedback/AddFeedback', { feedback: `${marker} note ${index}` });
  await openInbox(page, `/inbox?kind=feedback&q=${encodeURIComponent(marker)}&size=10`);
  const list = page.getByRole('list', { name: /newest first/ });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  // Newest first.
  await expect(list.getByRole('listitem').first()).toContainText(`${marker} note 11`);
  const pages = page.getByRole('navigation', { name: 'Feedback pages' });
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(`${marker} note 1`);
  await expect(page).toHaveURL(/[?&]page=2/);
});

test('a sign-in revoked meanwhile sends the visitor to sign in at the next call', async ({ page }) => {
  // The inbox call answers 401, and so does the one silent refresh tried before giving up.
  allowFailedRequests(page, /\/api\/(inbox\/|auth\/refresh)/);
  await signInQuietly(page);
  await openInbox(page, '/inbox');
  await expect(page.getByRole('heading', { level: 2, name: 'Demo requests' })).toBeVisible();
  // Signed out elsewhere (another tab, an administrator disabling the account): the token is revoked.
  await page.evaluate(() =>
    fetch('/api/SignOut', { headers: { authorization: `Bearer ${sessionStorage.getItem('access_token')}` } }),
  );
  await page
    .getByRole('navigation', { name: 'Kinds of submission' })
    .getByRole('link', { name: /^Feedback/ })
    .click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Finbox%3Fkind%3Dfeedback$/);
  expect(await page.evaluate(() => sessionStorage.getItem('access_token'))).toBeNull();
});

test("signed in, the navbar's staff menu fits the bar from 992 px up, works by keyboard, and sits in the folded menu below", async ({
  page,
}) => {
  await signInQuietly(page);
  await openInbox(page, '/inbox');
  const header = page.locator('header.site-header');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = accountMenu(page);
  for (const width of [992, 1100, 1199, 1200, 1279, 1280, 1440]) {
    await page.setViewportSize({ width, height: 700 });
    const overflow = await header.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow, `nothing overflows the bar at ${width} px`).toBeLessThanOrEqual(0);
    const button = (await menu.boundingBox())!;
    const demo = (await navAction(page, 'Book a Demo').boundingBox())!;
    expect(button.x + button.width, `the staff menu before Book a Demo at ${width} px`).toBeLessThanOrEqual(demo.x);
    expect(demo.x + demo.width, `inside the window at ${width} px`).toBeLessThanOrEqual(width);
    // Open, its list stays inside the window too.
    const inbox = await accountEntry(page, 'Inbox');
    const entry = (await inbox.boundingBox())!;
    expect(entry.x + entry.width, `the open list inside the window at ${width} px`).toBeLessThanOrEqual(width);
    await menu.click();
    await expect(inbox).toBeHidden();
  }
  await page.setViewportSize({ width: 992, height: 700 });
  await header.screenshot({ path: `${SHOTS}/navbar-signed-in-992.png` });

  // By keyboard: Enter opens, Tab walks the entries (the admin's Content among them), Escape
  // closes back to the button; focus leaving the list closes it.
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(page.locator('#account-menu-list').getByRole('link', { name: 'Inbox', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('#account-menu-list').getByRole('link', { name: 'Content', exact: true })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/navbar-menu-open-992.png`, clip: { x: 0, y: 0, width: 992, height: 260 } });
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+Tab');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  await page.setViewportSize(NARROW);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(await accountEntry(page, 'Inbox')).toBeVisible();
  // Escape closes the staff list only; the folded menu stays open.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeVisible();
  await menu.click();
  await page.screenshot({ path: `${SHOTS}/navbar-signed-in-375.png` });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/inbox says it needs JavaScript and a staff sign-in', async ({ page }) => {
    const response = await page.goto('/inbox');
    expect(response?.status()).toBe(200);
    await expect(page.getByText('The inbox needs JavaScript and a staff sign-in.')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test('the demo form posts a ticked product news box natively, and its version is stored', async ({ page }) => {
    await page.goto('/request-demo');
    const form = page.getByRole('main').locator('form');
    const name = unique('Noor Linehaul');
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Job title').fill('Fleet Controller');
    await form.getByLabel('Company').fill('Outback Freightlines');
    await form.getByLabel('Work email').fill('noor@outbackfreight.com.au');
    await form.getByLabel('Country').selectOption('AU');
    await form.getByLabel('Number').fill('412345678');
    await form.getByLabel('What would you like to see?').fill('Linehaul manifests and driver app check-ins.');
    await form.getByLabel('Send me occasional Haulora product news (optional)').check();
    await form.getByRole('button', { name: 'Book Demo' }).click();
    await expect(page).toHaveURL(/\/result\?/);
    const stored = rows<{ marketing_consent_version: string | null }>(
      'SELECT marketing_consent_version FROM demo_requests WHERE name = ?',
      name,
    );
    expect(stored).toEqual([{ marketing_consent_version: MARKETING_CONSENT_VERSION }]);
  });
});

test.describe('privacy', () => {
  test('/privacy renders the notice, linked from the footer', async ({ page }) => {
    test.slow();
    await openHydrated(page, '/home');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How long we keep it' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('24 months');
    await expect(page.getByRole('main')).toContainText(MARKETING_CONSENT_VERSION);
    await expect(page.getByRole('main').getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await screenshots(page, 'privacy');
  });

  test('the product news box is unticked on both forms, and a ticked demo request is stored with its version', async ({
    page,
  }) => {
    await openHydrated(page, '/home');
    const contact = page.locator('#contact-form form');
    await expect(contact.getByLabel('Send me occasional Haulora product news (optional)')).not.toBeChecked();
    await expect(contact.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy');
    await contact.screenshot({ path: `${SHOTS}/contact-form-consent-1280.png` });

    await navAction(page, 'Book a Demo').click();
    const modal = dialog(page, 'Book a demo');
    const consent = modal.getByLabel('Send me occasional Haulora product news (optional)');
    await expect(consent).not.toBeChecked();
    await expect(modal.getByText('We keep what you send for 24 months to answer you.')).toBeVisible();
    const name = unique('Priya Kerbside');
    await fillDemo(modal, name);
    await consent.check();
    await modal.screenshot({ path: `${SHOTS}/demo-form-consent-1280.png` });
    const request = page.waitForRequest('**/api/RequestDemo');
    await modal.getByRole('button', { name: 'Book Demo', exact: true }).click();
    expect((await request).postDataJSON()).toMatchObject({ name, marketing_consent: true });
    await expect(page.getByRole('dialog', { name: MESSAGES.demoThanks })).toBeVisible();
    const stored = rows<{ marketing_consent_version: string | null; marketing_consent_at: string | null }>(
      'SELECT marketing_consent_version, marketing_consent_at FROM demo_requests WHERE name = ?',
      name,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.marketing_consent_version).toBe(MARKETING_CONSENT_VERSION);
    expect(stored[0]!.marketing_consent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  test('a contact message with the box ticked is stored with its version; unticked, with none', async ({ page }) => {
    await openHydrated(page, '/home#contact');
    const form = page.locator('#contact-form form');
    const names = [unique('Ticked Tautliner'), unique('Unticked Tautliner')];
    for (const [index, name] of names.entries()) {
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Email').fill('sam@roadtrain.com.au');
      await form.getByLabel('Subject').fill('Product news');
      await form.getByLabel('Inquiry type').selectOption({ label: 'Other inquiry' });
      await form.getByLabel('Image').setInputFiles({ name: 'yard.png', mimeType: 'image/png', buffer: png(4, 4) });
      await form.getByLabel('Message').fill('Keep me posted about the driver app.');
      if (index === 0) await form.getByLabel('Send me occasional Haulora product news (optional)').check();
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByRole('dialog', { name: MESSAGES.success })).toBeVisible();
      await expect(page.getByRole('dialog', { name: MESSAGES.success })).toBeHidden({ timeout: 4000 });
      await expect(form.getByLabel('Send me occasional Haulora product news (optional)')).not.toBeChecked();
    }
    const stored = names.map((name) =>
      rows<{ v: string | null }>('SELECT marketing_consent_version AS v FROM contact_messages WHERE name = ?', name),
    );
    expect(stored).toEqual([[{ v: MARKETING_CONSENT_VERSION }], [{ v: null }]]);
  });
});
