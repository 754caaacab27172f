// Every page's copy in the Content area (issue 31), as the marketing team works: an admin opens
// Pages, edits the home page's headline in the generic editor (a list button and a refused save
// first: what was typed stays), sees it on /home; renames a story's slug, and its old address
// takes a visitor to the new one; the Redirects screen lists it; restoring both pages and
// removing the redirect leaves the site as it was. No axe violation; looked at 375 and 1280 px,
// light and dark, without side scrolling.
import type { Locator, Page } from '@playwright/test';
import { CSRF_COOKIE, CSRF_HEADER } from '../../common/constants.ts';
import { CONTENT_MESSAGES } from '../../common/content-messages.ts';
import { png } from '../helpers/images.ts';
import { E2E_STAFF } from '../helpers/e2e-staff.ts';
import { expectNoAxeViolations, expectNoSideScroll, NARROW, screenshot, WIDE } from './axe-check.ts';
import { allowFailedRequests, expect, test } from './fixtures.ts';
import { signInRestored } from './form-helpers.ts';

test.use({ viewport: WIDE });

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
/** A list item's folding group in the editor, by the start of its summary. */
const item = (page: Page, scope: Page | Locator, summary: string) =>
  scope.locator('details', { has: page.locator(':scope > summary', { hasText: summary }) }).first();

async function openPage(page: Page, title: string) {
  await page.goto('/content/pages');
  await page.locator('.content-list').getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Content: ${title}` })).toBeVisible();
}

/** If the journey stopped half-way, puts every page and redirect back through the API, so the
 * tests after it (home.spec's headline) see the site as it was. */
async function putBack(page: Page) {
  await page.goto('/faq');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? '';
  const signIn = await page.request.post('/api/SignIn', {
    headers: { [CSRF_HEADER]: csrf },
    data: { username: E2E_STAFF.username, password: E2E_STAFF.password },
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}`, [CSRF_HEADER]: csrf };
  const pages = (await (await page.request.get('/api/content/pages', { headers })).json()) as {
    id: string;
    version: number;
  }[];
  for (const edited of pages.filter((each) => each.version > 1))
    await page.request.post(`/api/content/pages/${edited.id}/restore`, {
      headers,
      data: { version: edited.version, restore: 1 },
    });
  const redirects = (await (await page.request.get('/api/content/redirects', { headers })).json()) as {
    from: string;
  }[];
  for (const redirect of redirects)
    await page.request.delete(`/api/content/redirects?from=${encodeURIComponent(redirect.from)}`, { headers });
}

test.afterEach(async ({ page }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await putBack(page);
});

test("an admin edits the home page's headline and renames a story: the site shows both, the old address redirects", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The refused save answers 400 on purpose (the form again, with the field's error).
  allowFailedRequests(page, /\/content\/pages\/home\.data/);
  const headline = `Freight that runs itself ${Date.now().toString(36)}`;
  await page.goto('/content/pages');
  await page.getByLabel('Username').fill(E2E_STAFF.username);
  await page.getByLabel('Password').fill(E2E_STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content: pages' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Feature: /dashboard' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The home page: the first slide's headline.
  await page.locator('.content-list').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content: Home' })).toBeVisible();
  await page.locator('summary', { hasText: /^Hero$/ }).click();
  let slide = item(page, page, 'Item 1: Transport management system');
  await slide.locator(':scope > summary').click();
  // A third action is one too many: the list grows, the save is refused at that list, typed text kept.
  await slide.getByLabel('Title', { exact: true }).fill(headline);
  await slide.getByRole('button', { name: 'Add an item to Actions' }).click();
  await expect(status(page, 'List changed.')).toBeVisible();
  slide = item(page, page, 'Item 1: Transport management system');
  await expect(slide.getByLabel('Title', { exact: true })).toHaveValue(headline);
  await page.getByRole('button', { name: 'Save and publish', exact: true }).first().click();
  await expect(page.getByRole('alert')).toContainText('hero.slides.0.actions');
  slide = item(page, page, 'Item 1: Transport management system');
  await expect(slide.getByLabel('Title', { exact: true })).toHaveValue(headline);
  // Off the button just pressed: axe would measure its hover colour half-way through its transition.
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);
  await screenshot(page, 'content-page-refused-1280', true);
  // The refusal opened the list, not the new item: open it to remove it.
  const extra = item(page, slide, 'Item 3');
  if (!(await extra.evaluate((details) => (details as HTMLDetailsElement).open)))
    await extra.locator(':scope > summary').click();
  await extra.getByRole('button', { name: /^Remove/ }).click();
  await expect(status(page, 'List changed.')).toBeVisible();
  await page.getByRole('button', { name: 'Save and publish', exact: true }).first().click();
  await expect(status(page, 'Saved and published. The site shows it now.')).toBeVisible();
  await expect(page.getByText('Version 2 · last saved by')).toBeVisible();

  for (const [viewport, name] of [
    [NARROW, '375'],
    [WIDE, '1280'],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark']) {
      await page.context().addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
      await page.reload();
      await expectNoSideScroll(page);
      await screenshot(page, `content-page-${name}-${theme}`);
    }
  }
  await expectNoAxeViolations(page);
  await page.context().clearCookies({ name: 'theme' });

  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline);

  // A story's new slug: its old address answers a permanent redirect to the new one.
  await openPage(page, 'Customer stories');
  const story = item(page, page, 'Item 1: coastline-couriers');
  await story.locator(':scope > summary').click();
  await story.getByLabel('Slug', { exact: true }).fill('coastline-couriers-qld');
  await page.getByRole('button', { name: 'Save and publish', exact: true }).first().click();
  await expect(status(page, 'Saved and published. The site shows it now.')).toBeVisible();
  const old = await page.request.get('/customers/coastline-couriers', { maxRedirects: 0 });
  expect(old.status()).toBe(308);
  await page.goto('/customers/coastline-couriers');
  await expect(page).toHaveURL(/\/customers\/coastline-couriers-qld$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Same-day proof of delivery took invoicing from a week to a day',
  );

  await page.goto('/content/redirects');
  const row = page.getByRole('row').filter({ hasText: '/customers/coastline-couriers' });
  await expect(row).toContainText('/customers/coastline-couriers-qld');
  await expectNoAxeViolations(page);
  await screenshot(page, 'content-redirects-1280');

  // Back as it was: both pages restored, the redirect the restore wrote removed.
  await openPage(page, 'Customer stories');
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(status(page, 'Earlier version restored.')).toBeVisible();
  await page.goto('/content/redirects');
  await page.getByRole('button', { name: 'Remove the redirect from /customers/coastline-couriers-qld' }).click();
  await expect(status(page, 'Redirect removed')).toBeVisible();
  await expect(page.getByText('No redirects yet.')).toBeVisible();
  expect((await page.request.get('/customers/coastline-couriers', { maxRedirects: 0 })).status()).toBe(200);
  await openPage(page, 'Home');
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(status(page, 'Earlier version restored.')).toBeVisible();
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Better Solutions For Managing Your Freight');
});

test('a page draft: saved without reaching the site, previewed by a colleague who is not signed in, then published', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const title = `Security, in review ${Date.now().toString(36)}`;
  await page.goto('/content/pages');
  await page.getByLabel('Username').fill(E2E_STAFF.username);
  await page.getByLabel('Password').fill(E2E_STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content: pages' })).toBeVisible();
  await openPage(page, 'Security');
  // The "On the site" pane opens from an effect on a wide screen and moves the whole form down by
  // its height: clicks wait until it has (a CI replica once saw Save draft's click do nothing; a
  // shift under the pointer is the likely cause, not proven).
  await expect(page.locator('details.page-live')).toHaveAttribute('open', '');
  await page.locator('summary', { hasText: /^Page$/ }).click();
  await page.getByLabel('Title', { exact: true }).first().fill(title);
  await page.getByRole('button', { name: 'Save draft', exact: true }).first().click();
  await expect(status(page, 'Draft saved. The site still shows the published version.')).toBeVisible();
  await expect(page.getByText('A draft is waiting')).toBeVisible();
  expect(await (await page.request.get('/security')).text()).not.toContain(title);

  await page.getByRole('button', { name: 'Get a preview link' }).click();
  const link = page.getByRole('link', { name: /\/preview\/pg1\./ });
  await expect(link).toBeVisible();
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);
  await screenshot(page, 'content-page-draft-1280');
  // A colleague with the link only: another browser, never signed in.
  const colleague = await browser.newContext({ baseURL: baseURL! });
  const preview = await colleague.newPage();
  await preview.goto((await link.getAttribute('href'))!);
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(preview.getByRole('note', { name: 'Draft preview' })).toBeVisible();
  await screenshot(preview, 'page-preview-1280');
  await colleague.close();

  await page.getByRole('button', { name: 'Publish the saved draft now' }).click();
  await expect(status(page, 'Draft published. The site shows it now.')).toBeVisible();
  await page.goto('/security');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // Back as it was.
  await openPage(page, 'Security');
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(status(page, 'Earlier version restored.')).toBeVisible();
  await page.goto('/security');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Security');
});

test('typing in a page is autosaved, shown live and back after a reload or a new sign-in; a changed image picker warns', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // After signing out, the navbar's check of the ended session answers 401 on purpose.
  allowFailedRequests(page, /\/api\/(ValidateToken|auth\/refresh)$/);
  const lede = `Connect everything you run, autosaved ${Date.now().toString(36)}`;
  await page.goto('/content/pages');
  await page.getByLabel('Username').fill(E2E_STAFF.username);
  await page.getByLabel('Password').fill(E2E_STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content: pages' })).toBeVisible();
  // An uploaded logo to choose (through the API, as the editor's own Upload button stores it).
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? '';
  const signIn = await page.request.post('/api/SignIn', {
    headers: { [CSRF_HEADER]: csrf },
    data: { username: E2E_STAFF.username, password: E2E_STAFF.password },
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const uploaded = await page.request.post('/api/content/images', {
    headers: { authorization: `Bearer ${token}`, [CSRF_HEADER]: csrf },
    multipart: {
      file: { name: 'trackline.png', mimeType: 'image/png', buffer: png(40, 30) },
      alt: 'Trackline logo',
    },
  });
  expect(uploaded.status()).toBe(200);

  await openPage(page, 'Integrations');
  const first = item(page, page, 'Item 1: trackline-telematics');
  await first.locator(':scope > summary').click();
  const picker = first.getByRole('group', { name: 'Logo' }).getByLabel('Image', { exact: true });
  await picker.selectOption({ label: 'Trackline logo (40 × 30)' });
  // Only the picker changed: leaving inside the site asks first; staying keeps the choice.
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Pages', exact: true }).click();
  await expect.poll(() => asked).toEqual([`confirm: ${CONTENT_MESSAGES.unsaved}`]);
  await expect(page.getByRole('heading', { level: 1, name: 'Content: Integrations' })).toBeVisible();
  await expect(picker).toHaveValue(/^\/media\/[a-f0-9]{64}\.png$/);
  await first.getByLabel('Alt text (what the image shows)').fill('Trackline logo');

  await page.locator('summary', { hasText: /^Page$/ }).click();
  await page.getByLabel('Lede', { exact: true }).fill(lede);
  await expect(status(page, 'Autosaved at')).toBeVisible({ timeout: 15_000 });
  // The "On the site" pane (open on a wide screen) follows: the real page with the typing.
  const live = page.frameLocator('iframe[title="The page on the site with your typing"]');
  await expect(live.getByText(lede)).toBeVisible({ timeout: 15_000 });
  // A reload asks before dropping the unsaved form; the typing and the choice come back.
  page.once('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  await expect(status(page, 'is back in the form (autosaved, not yet saved)')).toBeVisible();
  expect(asked.at(-1)).toBe('beforeunload');
  await page.locator('summary', { hasText: /^Page$/ }).click();
  await expect(page.getByLabel('Lede', { exact: true })).toHaveValue(lede);
  const again = item(page, page, 'Item 1: trackline-telematics');
  await again.locator(':scope > summary').click();
  await expect(again.getByRole('group', { name: 'Logo' }).getByLabel('Image', { exact: true })).toHaveValue(
    /^\/media\/[a-f0-9]{64}\.png$/,
  );
  // Signed out and in again (the next morning, another tab): the typing is still this editor's.
  await signInRestored(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
  await page.goto('/content/pages/integrations');
  await page.getByLabel('Username').fill(E2E_STAFF.username);
  await page.getByLabel('Password').fill(E2E_STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(status(page, 'is back in the form (autosaved, not yet saved)')).toBeVisible();
  await page.locator('summary', { hasText: /^Page$/ }).click();
  await expect(page.getByLabel('Lede', { exact: true })).toHaveValue(lede);
  await expectNoAxeViolations(page);
  // The pane: open beside the form on a wide screen, folded behind its toggle on a phone.
  for (const [viewport, name] of [
    [NARROW, '375'],
    [WIDE, '1280'],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark']) {
      await page.context().addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
      await page.reload();
      const pane = page.locator('details.page-live');
      await expect(pane).toHaveJSProperty('open', name === '1280');
      await expectNoSideScroll(page);
      await pane.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await screenshot(page, `content-page-autosaved-${name}-${theme}`);
    }
  }
  await page.context().clearCookies({ name: 'theme' });

  // Saved as a draft: the autosave is dropped, the form shows the draft.
  await page.getByRole('button', { name: 'Save draft', exact: true }).first().click();
  await expect(status(page, 'Draft saved.')).toBeVisible();
  await page.reload();
  await expect(status(page, 'is back in the form')).toHaveCount(0);
  await page.locator('summary', { hasText: /^Page$/ }).click();
  await expect(page.getByLabel('Lede', { exact: true })).toHaveValue(lede);
  await putBack(page);
});
