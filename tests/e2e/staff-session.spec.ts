// One staff sign-in that lasts, and nothing typed lost (issue 31), in Chromium against a server of
// its own with a 3-second access token: a save typed for longer than the token's life is saved; a
// new browser context holding only the session cookie opens an inbox item signed in; text typed
// within 100 ms of a Content page's load survives hydration; a sales member gets the refusal page
// in words. Screenshots of the editor and the refusal at 375 and 1280 px.
import type { Browser, Page } from '@playwright/test';
import { E2E_SALES, E2E_STAFF } from '../helpers/e2e-staff.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { allowFailedRequests, expect, test as base, waitForHydration } from './fixtures.ts';

const SHOTS = 'test-results/staff-session';
let server: TestServer;

// This spec's own server (a 3-second access token) is the site under test: started once per
// worker, before the page guard reads baseURL (it allows that origin only).
const test = base.extend<object, { shortServer: TestServer }>({
  shortServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const started = await startServer({ ACCESS_TOKEN_TTL_SECONDS: '3' }, { pages: true });
      const at = new Date().toISOString();
      await started.app.repos.users.create(E2E_STAFF.username, await hashPassword(E2E_STAFF.password), at);
      await started.app.repos.users.create(
        E2E_SALES.username,
        await hashPassword(E2E_SALES.password),
        at,
        null,
        'sales',
      );
      server = started;
      await use(started);
      await started.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ shortServer }, use) => use(shortServer.url),
});

const url = (path: string) => server.url + path;

async function signInOnContent(page: Page, who: { username: string; password: string } = E2E_STAFF) {
  await page.goto(url('/content/faq'));
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a save typed for longer than the access token lives is saved', async ({ page }) => {
  await signInOnContent(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Content: FAQ' })).toBeVisible();
  await page.goto(url('/content/faq/1'));
  const answer = page.getByLabel('Answer');
  await answer.fill('Typed slowly, over more than one access token.');
  await page.waitForTimeout(4500); // longer than ACCESS_TOKEN_TTL_SECONDS
  await page.getByRole('button', { name: 'Save and publish', exact: true }).click();
  await expect(page.getByText('Saved and published. The site shows it now.')).toBeVisible();
  await expect(page.getByLabel('Answer')).toHaveValue('Typed slowly, over more than one access token.');
  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/editor-${width}.png`, fullPage: true });
  }
});

test('a new browser context with the session cookie opens an inbox item signed in', async ({ browser }) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await signInOnContent(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Content: FAQ' })).toBeVisible();
  const cookies = (await first.cookies()).filter((cookie) => cookie.name.startsWith('haulora_'));
  expect(cookies.map((cookie) => cookie.name).sort()).toEqual(['haulora_session', 'haulora_staff']);
  expect(cookies.find((cookie) => cookie.name === 'haulora_session')?.httpOnly).toBe(true);
  await first.close();
  await openedElsewhere(browser, cookies);
});

async function openedElsewhere(
  browser: Browser,
  cookies: Awaited<ReturnType<import('@playwright/test').BrowserContext['cookies']>>,
) {
  // As a link from an email opens: a fresh context, no session storage, only the cookie.
  const second = await browser.newContext();
  await second.addCookies(cookies);
  const tab = await second.newPage();
  await tab.goto(url('/inbox/demo/1'));
  await expect(tab.getByRole('navigation', { name: 'Main' }).getByText(E2E_STAFF.username)).toBeVisible();
  await expect(tab).toHaveURL(/\/inbox\/demo\/1/);
  expect(await tab.evaluate(() => sessionStorage.getItem('refresh_token'))).toBeTruthy();
  // 'Signed In!' is a polite status that does not take the focus.
  await expect(tab.getByRole('dialog', { name: 'Signed In!' })).toHaveCount(0);
  // A new tab of the same browser is signed in too.
  const another = await second.newPage();
  await another.goto(url('/inbox'));
  await expect(another.getByRole('navigation', { name: 'Main' }).getByText(E2E_STAFF.username)).toBeVisible();
  await second.close();
}

test('text typed within 100 ms of a Content page loading survives hydration', async ({ page }) => {
  await signInOnContent(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Content: FAQ' })).toBeVisible();
  // The scripts are held until the text is typed, so the typing surely comes before hydration
  // (page.mainFrame().goto does not wait for hydration as the guarded page.goto does).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.mainFrame().goto(url('/content/faq/1'), { waitUntil: 'domcontentloaded' });
  const answer = page.locator('textarea[name="answer"]');
  const question = page.locator('input[name="question"]');
  await answer.fill('Typed before the scripts ran.');
  await question.pressSequentially('Typed early? ');
  release();
  await waitForHydration(page);
  await page.waitForTimeout(500);
  await expect(answer).toHaveValue('Typed before the scripts ran.');
  await expect(question).toHaveValue(/^Typed early\? /);
  // And leaving with those unsaved changes asks first (React Router's blocker, the browser's confirm).
  let asked = '';
  page.once('dialog', async (dialog) => {
    asked = dialog.message();
    await dialog.dismiss();
  });
  await page.getByRole('navigation', { name: 'Content area' }).getByRole('link', { name: 'Glossary' }).click();
  await expect.poll(() => asked).toContain('not saved');
  await expect(page).toHaveURL(/\/content\/faq\/1$/);
  await expect(answer).toHaveValue('Typed before the scripts ran.');
});

test('a sales member opening /content gets the refusal page in words, with the way to the inbox', async ({ page }) => {
  allowFailedRequests(page, /\/content/);
  await signInOnContent(page, E2E_SALES);
  await expect(page.getByRole('heading', { level: 1, name: 'Your role cannot edit content' })).toBeVisible();
  await expect(page.getByText(/signed in with the sales role/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the inbox' })).toBeVisible();
  const response = await page.goto(url('/content/glossary'));
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'Your role cannot edit content' })).toBeVisible();
  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/refusal-${width}.png`, fullPage: true });
  }
});
