// The Content area (issue 19) in Chromium as staff work: an admin signs in on /content, adds a
// question, moves it to the top with the keyboard, sees it on /faq and the home page, finds it
// with the site search (no rebuild), edits it, restores the old version and deletes it; reorders
// by dragging. Drafts (issue 31): a draft stays off the site, its preview link works signed out
// (and a tampered one does not), Publish puts it on /faq, and a scheduled draft appears on its own. A sales member is not offered the Content area and its URLs answer 403. No axe
// violation on its pages.
import type { Page } from '@playwright/test';
import { E2E_SALES, E2E_STAFF } from '../helpers/e2e-staff.ts';
import { expectNoAxeViolations, WIDE } from './axe-check.ts';
import { allowFailedRequests, expect, test } from './fixtures.ts';
import { accountEntry, navAction, openHydrated, unique } from './form-helpers.ts';

test.use({ viewport: WIDE });

async function signInOnContent(page: Page) {
  await page.goto('/content/faq');
  await page.getByLabel('Username').fill(E2E_STAFF.username);
  await page.getByLabel('Password').fill(E2E_STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content: FAQ' })).toBeVisible();
}

/** A public page renews the staff tokens from the session cookie once hydrated; leaving before
 * that answer arrives would cut the rotation short, so the journey waits for the signed-in navbar. */
async function signedInOnPublicPage(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText(E2E_STAFF.username)).toBeVisible();
}

/** Searches from /features and returns the dialog once the search has answered. Retries navigate
 * again (a loaded page keeps the index it fetched), so the answer is awaited first: leaving while
 * Pagefind's worker still fetches its files makes it log 'Failed to load Pagefind metadata'. */
async function search(page: Page, words: string) {
  await openHydrated(page, '/features');
  await page.getByRole('button', { name: 'Search the site' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search the site' });
  await dialog.getByRole('searchbox').fill(words);
  await expect(dialog.getByRole('status')).toHaveText(/match/, { timeout: 15_000 });
  return dialog;
}

test('an admin adds a question, sees it on the site and in search, edits, restores and deletes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const word = unique('Quarkfreight').replace(/\s/g, '');
  const question = `Does Haulora track ${word} loads?`;
  await signInOnContent(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/content-screens/faq-1280.png', fullPage: true });

  const add = page.getByRole('region', { name: 'Add a question' });
  await add.getByLabel('Question').fill(question);
  await add.getByLabel('Answer').fill('Yes, every load.\n\nSee [the manual](/docs).');
  await add.getByRole('button', { name: 'Add question' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Question added.' })).toBeVisible();

  // To the top with the keyboard: Up until it is first (the home page shows the first five).
  const up = page.getByRole('button', { name: `Move “${question}” up` });
  while (await up.isEnabled()) {
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Order saved.' })).toBeVisible();
  }
  await expect(page.locator('ol.content-list > li').first()).toContainText(question);

  await page.goto('/faq');
  await expect(page.getByText(question)).toBeVisible();
  await page.getByText(question).click();
  await expect(page.getByRole('link', { name: 'the manual' })).toBeVisible();
  await page.goto('/home');
  await expect(page.getByText(question)).toBeVisible();

  // The site search finds it without a rebuild (the server re-indexes within seconds).
  await expect(async () => {
    const dialog = await search(page, word);
    await expect(
      dialog.getByRole('link').filter({ hasText: 'Frequently asked questions' }).filter({ hasText: question }).first(),
    ).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });

  // Edit, then restore the first version.
  await page.goto('/content/faq');
  await page.getByRole('link', { name: question }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content: FAQ item' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Answer').fill('Yes, with live positions.');
  await page.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved and published.' })).toBeVisible();
  await page.goto('/faq');
  await page.getByText(question).click();
  await expect(page.getByText('Yes, with live positions.')).toBeVisible();

  await page.goBack();
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Earlier version restored.' })).toBeVisible();
  await page.goto('/faq');
  await page.getByText(question).click();
  await expect(page.getByText('Yes, every load.')).toBeVisible();

  // Delete it (to the trash): gone from the FAQ and from the search.
  await page.goBack();
  await page.getByText('Delete this question…').click();
  await page.getByRole('button', { name: 'Move this question to the trash' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Question moved to the trash' })).toBeVisible();
  await page.goto('/faq');
  await expect(page.getByText(question)).toHaveCount(0);
  await expect(async () => {
    const dialog = await search(page, word);
    await expect(dialog.getByRole('status')).toHaveText(`No pages match “${word}”.`, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
});

test('a sales member is not offered the Content area, and its URLs answer 403', async ({ page }) => {
  await openHydrated(page, '/home');
  await page.evaluate(async ({ username, password }) => {
    const csrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const response = await fetch('/api/SignIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf },
      body: JSON.stringify({ username, password }),
    });
    const tokens = await response.json();
    for (const key of ['access_token', 'refresh_token', 'token_type', 'expires_in'])
      sessionStorage.setItem(key, String(tokens[key]));
  }, E2E_SALES);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText(E2E_SALES.username)).toBeVisible();
  await expect(await accountEntry(page, 'Inbox')).toBeVisible();
  await expect(await accountEntry(page, 'Content')).toHaveCount(0);
  for (const path of ['/content', '/content/faq', '/content/glossary', '/content/faq/1', '/content/glossary.csv']) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }
  allowFailedRequests(page, /\/content/);
  const response = await page.goto('/content/faq');
  expect(response?.status()).toBe(403);
});

test('an admin is offered the Content area in the navbar, and it opens signed in', async ({ page }) => {
  await openHydrated(page, '/home');
  await navAction(page, 'Sign In').click();
  const modal = page.getByRole('dialog', { name: 'Sign in', exact: true });
  await modal.getByLabel('Username').fill(E2E_STAFF.username);
  await modal.getByLabel('Password').fill(E2E_STAFF.password);
  await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 10_000 });
  // The role arrives with a check after the sign-in: the open menu gains Content.
  const content = await accountEntry(page, 'Content');
  await expect(content).toBeVisible({ timeout: 10_000 });
  await content.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content: FAQ' })).toBeVisible();
});

test('an admin reorders the FAQ by dragging a row above another, and back, then undoes both moves', async ({
  page,
}) => {
  await signInOnContent(page);
  const rows = page.locator('ol.content-list > li');
  const [first, second] = [
    (await rows.nth(0).getByRole('link').textContent())!,
    (await rows.nth(1).getByRole('link').textContent())!,
  ];
  await rows.nth(1).dragTo(rows.nth(0));
  await expect(page.getByRole('status').filter({ hasText: 'Order saved.' })).toBeVisible();
  await expect(rows.nth(0).getByRole('link')).toHaveText(second);
  await expect(rows.nth(1).getByRole('link')).toHaveText(first);
  // Dragged down onto the next row, it goes after it: the order is as before.
  await rows.nth(0).dragTo(rows.nth(1));
  await expect(rows.nth(0).getByRole('link')).toHaveText(first);
  await expect(rows.nth(1).getByRole('link')).toHaveText(second);
  // Each move is a version in the order's history: Undo takes back the newest, then, after a
  // reload (from the stored history), the one before; the order ends as it began.
  const undo = page.getByRole('button', { name: /^Undo: / });
  await undo.click();
  await expect(page.getByRole('status').filter({ hasText: 'Change of order undone.' })).toBeVisible();
  await expect(rows.nth(0).getByRole('link')).toHaveText(second);
  await page.reload();
  await expect(undo).toHaveText(`Undo: moved “${second}” from 2 to 1`);
  await undo.click();
  await expect(rows.nth(0).getByRole('link')).toHaveText(first);
  await expect(rows.nth(1).getByRole('link')).toHaveText(second);
});

test('a draft stays off the site, is previewed signed out, then published; a scheduled draft appears on time', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const question = `Can a draft of ${unique('Plover')} wait?`;
  await signInOnContent(page);
  const add = page.getByRole('region', { name: 'Add a question' });
  await add.getByLabel('Question').fill(question);
  await add.getByLabel('Answer').fill('Not yet.');
  await add.getByRole('button', { name: 'Add as a draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Question added as a draft' })).toBeVisible();
  await expect(page.locator('ol.content-list > li').filter({ hasText: question })).toContainText(
    'Draft, not on the site',
  );
  await page.goto('/faq');
  await expect(page.getByText(question)).toHaveCount(0);
  await signedInOnPublicPage(page);

  // The editor: "On the site" follows the typing, the typing is autosaved, Save draft keeps it off the site.
  await page.goto('/content/faq');
  await page.getByRole('link', { name: question }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content: FAQ item' })).toBeVisible();
  await page.getByLabel('Answer').fill('Yes: drafts wait until someone publishes them.');
  const onTheSite = page.getByRole('region', { name: 'On the site' });
  await expect(onTheSite).toContainText('Yes: drafts wait until someone publishes them.');
  await expect(page.getByRole('status').filter({ hasText: 'Autosaved at' })).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await expectNoAxeViolations(page);
  for (const [width, scheme] of [
    [1280, 'light'],
    [375, 'light'],
    [375, 'dark'],
    [1280, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `test-results/content-screens/draft-editor-${width}-${scheme}.png`, fullPage: true });
  }
  await page.setViewportSize(WIDE);
  await page.emulateMedia({ colorScheme: 'light' });

  // A preview link, opened by a colleague who is not signed in: the real FAQ page with the draft.
  await page.getByRole('button', { name: 'Get a preview link' }).click();
  const link = page.getByRole('link', { name: /\/preview\// });
  await expect(link).toBeVisible();
  const url = (await link.getAttribute('href'))!;
  const colleague = await browser.newContext();
  const guest = await colleague.newPage();
  await guest.goto(url);
  await expect(guest.getByRole('note', { name: 'Draft preview' })).toBeVisible();
  await guest.getByText(question, { exact: true }).click();
  await expect(guest.getByText('Yes: drafts wait until someone publishes them.')).toBeVisible();
  allowFailedRequests(guest, /\/preview\//);
  const tampered = `${url.slice(0, -6)}${url.at(-6) === 'A' ? 'B' : 'A'}${url.slice(-5)}`;
  expect((await guest.goto(tampered))?.status()).toBe(404);
  await colleague.close();

  await page.getByRole('button', { name: 'Publish the saved draft now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
  await page.goto('/faq');
  await page.getByText(question).click();
  await expect(page.getByText('Yes: drafts wait until someone publishes them.')).toBeVisible();
  await signedInOnPublicPage(page);

  // A draft scheduled a few seconds ahead, in the editor's local time, appears on its own.
  const later = `When does ${unique('Godwit')} appear?`;
  await page.goto('/content/faq');
  await add.getByLabel('Question').fill(later);
  await add.getByLabel('Answer').fill('On schedule.');
  await add.getByRole('button', { name: 'Add as a draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Question added as a draft' })).toBeVisible();
  await page.goto('/content/faq');
  await page.getByRole('link', { name: later }).click();
  const at = await page.evaluate(() => {
    const when = new Date(Date.now() + 8_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T${pad(when.getHours())}:${pad(when.getMinutes())}:${pad(when.getSeconds())}`;
  });
  await page.getByLabel('Publish the draft at (optional)').fill(at);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved and scheduled' })).toBeVisible();
  await page.goto('/faq');
  await expect(page.getByText(later)).toHaveCount(0);
  await expect(async () => {
    await page.goto('/faq');
    await expect(page.getByText(later)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 40_000 });

  // Both to the trash: the FAQ is as it was for the tests after this one (its structured data
  // wants answers of some length).
  for (const asked of [question, later]) {
    await page.goto('/content/faq');
    await page.getByRole('link', { name: asked }).click();
    await page.getByText('Delete this question…').click();
    await page.getByRole('button', { name: 'Move this question to the trash' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Question moved to the trash' })).toBeVisible();
  }
  await page.goto('/faq');
  await expect(page.getByText(later)).toHaveCount(0);
});
