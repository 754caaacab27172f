// Issue 21 in Chromium: a sign-in that lasts the working day and nothing typed is lost. An access
// token that has run out is renewed silently (the note is saved, no sign-in page is seen); a
// refresh token used twice signs the person out everywhere; a note draft survives a real
// sign-out and sign-in; text typed in the inbox search within 100 ms of the load survives
// hydration; bulk selection changes several submissions at once.
import { SignJWT, decodeJwt } from 'jose';
import { MESSAGES } from '../../common/messages.ts';
import type { BrowserContext, Page } from '@playwright/test';
import { TEST_TOKEN_SECRET } from '../helpers/server.ts';
import { E2E_STAFF } from '../helpers/e2e-staff.ts';
import { NARROW, WIDE, expectNoAxeViolations } from './axe-check.ts';
import { allowFailedRequests, expect, test, waitForHydration } from './fixtures.ts';
import { openInbox, seedDemoRequest, signInQuietly } from './inbox-helpers.ts';

test.use({ viewport: WIDE });

/** Replaces the stored access token with the same one already expired: what 15 idle minutes do. */
async function expireAccessToken(page: Page) {
  const current = await page.evaluate(() => sessionStorage.getItem('access_token'));
  const claims = decodeJwt(current!);
  const past = Math.floor(Date.now() / 1000) - 60;
  const expired = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(past - 900)
    .setNotBefore(past - 900)
    .setExpirationTime(past)
    .sign(new TextEncoder().encode(TEST_TOKEN_SECRET));
  await page.evaluate((token) => sessionStorage.setItem('access_token', token), expired);
  return expired;
}

async function openFirstDemo(page: Page, name: string) {
  await openInbox(page, `/inbox?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('region', { name: 'What was sent' })).toBeVisible();
}

test('an access token that ran out while a note was typed: Add note saves it, no sign-in seen', async ({ page }) => {
  // The first try answers 401 before the silent refresh and the retry.
  allowFailedRequests(page, /\/api\/inbox\//);
  const name = await seedDemoRequest(page);
  await signInQuietly(page);
  await openFirstDemo(page, name);
  const history = page.getByRole('region', { name: 'Notes and history' });
  const note = 'Called back: wants the fuel module in the demo.';
  await history.getByLabel('Internal note').fill(note);
  const expired = await expireAccessToken(page);
  const signInPages: string[] = [];
  page.on('framenavigated', (frame) => frame.url().includes('/sign-in') && signInPages.push(frame.url()));
  await history.getByRole('button', { name: 'Add note' }).click();
  await expect(history.getByRole('listitem').filter({ hasText: note })).toContainText(`Note by ${E2E_STAFF.username}`);
  await expect(history.getByLabel('Internal note')).toHaveValue('');
  expect(signInPages).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('access_token'))).not.toBe(expired);
});

test('a refresh token used twice signs the person out everywhere', async ({ page }) => {
  allowFailedRequests(page, /\/api\/(inbox\/|auth\/refresh|ValidateToken)/);
  await signInQuietly(page);
  await openInbox(page, '/inbox');
  // Someone else refreshes with a copy of this tab's refresh token first (a stolen copy), and
  // again with what that gave them...
  const refresh = (token: string | null) =>
    page.evaluate(async (token) => {
      const csrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const response = await fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf },
        body: JSON.stringify({ refresh_token: token }),
      });
      return { status: response.status, body: await response.json() };
    }, token);
  const first = await refresh(await page.evaluate(() => sessionStorage.getItem('refresh_token')));
  expect(first.status).toBe(200);
  const answer = await refresh(first.body.refresh_token);
  expect(answer.status).toBe(200);
  // ...then this tab's token runs out: its refresh is a second use of a token two rotations back
  // (not a lost answer, which the server forgives for 30 s: decision 049), ending the sign-in.
  await expireAccessToken(page);
  await page
    .getByRole('navigation', { name: 'Kinds of submission' })
    .getByRole('link', { name: /^Feedback/ })
    .click();
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  // The thief's fresh access token died with it.
  const status = await page.evaluate(
    async (token) => (await fetch('/api/ValidateToken', { headers: { authorization: `Bearer ${token}` } })).status,
    answer.body.access_token,
  );
  expect(status).toBe(401);
});

/** The refresh token a tab holds. */
const heldIn = (tab: Page) => tab.evaluate(() => sessionStorage.getItem('refresh_token'));

/** Counts POST /api/auth/refresh from every tab of the context, from now on. */
function countRefreshes(context: BrowserContext) {
  const seen = { count: 0 };
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/refresh') seen.count++;
  });
  return seen;
}

const openFeedback = (tab: Page) =>
  tab
    .getByRole('navigation', { name: 'Kinds of submission' })
    .getByRole('link', { name: /^Feedback/ })
    .click();

test('a duplicated tab shares the sign-in safely: both refresh at once, nobody is signed out', async ({
  page,
  context,
}) => {
  allowFailedRequests(page, /\/api\/inbox\//);
  await signInQuietly(page);
  await openInbox(page, '/inbox');
  // Duplicating a tab copies its session storage before the copy runs any script: the same
  // refresh token in two tabs.
  const copy = await page.evaluate(() => ({ ...sessionStorage }));
  const twin = await context.newPage();
  allowFailedRequests(twin, /\/api\/inbox\//);
  await twin.addInitScript((items) => {
    if (sessionStorage.getItem('refresh_token') !== null) return;
    for (const [key, value] of Object.entries(items)) sessionStorage.setItem(key, value);
  }, copy);
  await openInbox(twin, '/inbox');
  expect(await heldIn(twin)).toBe(copy.refresh_token);
  // Both access tokens run out, and both tabs call the API at the same moment. Each tab's page
  // asks its questions, all refused: one refresh serves both tabs and every call, including one
  // whose refusal comes back after the new tokens are in (it must not spend them again).
  await expireAccessToken(page);
  await expireAccessToken(twin);
  const refreshes = countRefreshes(context);
  await Promise.all([openFeedback(page), openFeedback(twin)]);
  for (const tab of [page, twin]) {
    await expect(tab).toHaveURL(/kind=feedback/);
    await expect(tab).not.toHaveURL(/sign-in/);
  }
  // One refresh was spent and both tabs hold its tokens; the sign-in lives on in both. (The URL
  // changes before the refresh answers: wait for the new token rather than read it at once.)
  for (const tab of [page, twin]) await expect.poll(() => heldIn(tab)).not.toBe(copy.refresh_token);
  expect(await heldIn(page)).toBe(await heldIn(twin));
  expect(refreshes.count).toBe(1);
  await expireAccessToken(twin);
  await twin
    .getByRole('navigation', { name: 'Kinds of submission' })
    .getByRole('link', { name: /^Contact/ })
    .click();
  await expect(twin).toHaveURL(/kind=contact-messages/);
  await twin.close();
});

test('a call refused after its tab has refreshed uses the new tokens: one refresh however late the refusals come', async ({
  page,
  context,
}) => {
  allowFailedRequests(page, /\/api\/(inbox\/|ValidateToken)/);
  await signInQuietly(page);
  await openInbox(page, '/inbox');
  const expired = await expireAccessToken(page);
  // The page's calls all carry the token that ran out; one of them is slow, so its refusal
  // comes back after the others' refresh is done.
  await page.route('**/api/inbox/staff', async (route) => {
    if (route.request().headers().authorization === `Bearer ${expired}`)
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  const refreshes = countRefreshes(context);
  const staffAnswered = page.waitForResponse(
    (response) => response.url().endsWith('/api/inbox/staff') && response.status() === 200,
  );
  await openInbox(page, '/inbox');
  await staffAnswered;
  expect(refreshes.count).toBe(1);
});

test('a note draft survives a real sign-out and sign-in', async ({ page }) => {
  const name = await seedDemoRequest(page);
  await signInQuietly(page);
  await openFirstDemo(page, name);
  const url = page.url();
  const draft = 'Half-written: quote 40 trucks at the fleet price, then';
  await page.getByRole('region', { name: 'Notes and history' }).getByLabel('Internal note').fill(draft);
  // Sign out from the navbar's menu.
  await page.evaluate(async () => {
    await fetch('/api/SignOut', { headers: { authorization: `Bearer ${sessionStorage.getItem('access_token')}` } });
    sessionStorage.clear();
  });
  await signInQuietly(page);
  await openInbox(page, new URL(url).pathname + new URL(url).search);
  await expect(page.getByRole('region', { name: 'Notes and history' }).getByLabel('Internal note')).toHaveValue(draft);
});

test('text typed in the inbox search within 100 ms of the load is kept after hydration, and Enter searches', async ({
  page,
}) => {
  await signInQuietly(page);
  // Straight after the HTML arrives, before the scripts run: the fixture's goto would wait.
  await page.route('**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  // Not the fixture's goto, which waits for hydration: a person types as soon as the box shows.
  await page.evaluate(() => window.location.assign('/inbox'));
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.pressSequentially('kerb', { timeout: 2000 });
  await waitForHydration(page);
  await expect(search).toHaveValue('kerb');
  // The footer forms' code loads after hydration, as they near the viewport (decision 026): a
  // script still held above must finish its own route.continue() (after a bare unroute it fails
  // with 'Route is already handled!', which ends the test).
  await page.unrouteAll({ behavior: 'wait' });
  // The load's sign-in check says 'Signed In!' as a polite status (issue 31): no modal, the focus
  // stays in the search box and typing goes on while it shows.
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.signedIn })).toBeVisible();
  await expect(page.getByRole('dialog', { name: MESSAGES.signedIn })).toHaveCount(0);
  await expect(search).toBeFocused();
  await search.press('End');
  await search.press('Enter');
  await expect(page).toHaveURL(/[?&]q=kerb/);
});

test('bulk: select two rows, give them to someone and mark them done in one go; keys move and select', async ({
  page,
}) => {
  test.slow();
  const marker = `bulk-${Date.now().toString(36)}`;
  await seedDemoRequest(page, `${marker} Ann`);
  await seedDemoRequest(page, `${marker} Ben`);
  await signInQuietly(page);
  await openInbox(page, `/inbox?q=${marker}`);
  const list = page.getByRole('list', { name: /Demo requests/ });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // Keys: j focuses the first row, x selects it; the mouse selects the second.
  await page.keyboard.press('j');
  await expect(list.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('x');
  await list.getByRole('checkbox').nth(1).check();
  await expect(page.getByRole('status').filter({ hasText: '2 selected' })).toBeVisible();
  const bulk = page.getByRole('form', { name: 'Change the selected submissions' });
  await bulk.getByLabel('Set status').selectOption({ label: 'Done' });
  await bulk.getByLabel('Set owner').selectOption(E2E_STAFF.username);
  await bulk.getByRole('button', { name: 'Apply to selected' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 submissions moved to Done' })).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: `Owner: ${E2E_STAFF.username}` })).toHaveCount(2);
  await expect(list.getByRole('listitem').filter({ hasText: 'Done' })).toHaveCount(2);
  for (const viewport of [NARROW, WIDE]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/inboxui/screens/bulk-${viewport.width}.png`, fullPage: true });
  }
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard keys' })).toBeVisible();
});
