// Sign-in (spec 4, 5, 7, 8) in the navbar's modal: the disabled submit, every message, the four
// token fields in session storage, the check on page load, and signing out.
import { MESSAGES } from '../../common/messages.ts';
import { E2E_STAFF } from '../helpers/e2e-staff.ts';
import { allowFailedRequests, expect, test } from './fixtures.ts';
import { accountEntry, accountMenu, dialog, navAction, openHydrated } from './form-helpers.ts';

test.use({ viewport: { width: 1280, height: 900 } });

const TOKEN_KEYS = ['access_token', 'refresh_token', 'token_type', 'expires_in'];

async function openSignIn(page: import('@playwright/test').Page) {
  await openHydrated(page, '/home');
  await navAction(page, 'Sign In').click();
  const modal = dialog(page, 'Sign in');
  await expect(modal).toBeVisible();
  return modal;
}

const storedTokens = (page: import('@playwright/test').Page) =>
  page.evaluate((keys) => Object.fromEntries(keys.map((key) => [key, sessionStorage.getItem(key)])), TOKEN_KEYS);

test('submit starts disabled and enables once both fields have text', async ({ page }) => {
  const modal = await openSignIn(page);
  const submit = modal.getByRole('button', { name: 'Sign In', exact: true });
  await expect(submit).toBeDisabled();
  await modal.getByLabel('Username').fill('someone');
  await expect(submit).toBeDisabled();
  await modal.getByLabel('Password').fill('secret');
  await expect(submit).toBeEnabled();
  await modal.getByLabel('Username').fill('');
  await expect(submit).toBeDisabled();
});

test('blank fields show each field message and All fields are required!', async ({ page }) => {
  const modal = await openSignIn(page);
  await modal.getByLabel('Username').fill('   ');
  await modal.getByLabel('Password').fill('  ');
  await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog(page, 'Sign in').getByText(MESSAGES.usernameRequired, { exact: true })).toBeVisible();
  await expect(modal.getByText(MESSAGES.passwordRequired, { exact: true })).toBeVisible();
  await expect(modal.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByRole('dialog').getByRole('alert').filter({ hasText: MESSAGES.allFieldsRequired }),
  ).toBeVisible();
});

test('an ERROR answer (wrong credentials) shows the server message', async ({ page }) => {
  allowFailedRequests(page, /\/api\/SignIn$/);
  const modal = await openSignIn(page);
  await modal.getByLabel('Username').fill('nobody.here');
  await modal.getByLabel('Password').fill('not the password');
  await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.wrongCredentials })).toBeVisible();
  expect(await storedTokens(page)).toEqual({
    access_token: null,
    refresh_token: null,
    token_type: null,
    expires_in: null,
  });
});

test('an errorInfo answer or a network failure shows Sign In Error!', async ({ page }) => {
  allowFailedRequests(page, /\/api\/SignIn$/);
  let call = 0;
  await page.route('**/api/SignIn', (route) =>
    ++call === 1 ? route.fulfill({ status: 401, json: { errorInfo: 'Refused' } }) : route.abort('connectionfailed'),
  );
  const modal = await openSignIn(page);
  await modal.getByLabel('Username').fill('someone');
  await modal.getByLabel('Password').fill('secret');
  for (let attempt = 0; attempt < 2; attempt++) {
    await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
    const result = page.getByRole('alert').filter({ hasText: MESSAGES.signInError });
    await expect(result).toBeVisible();
    await expect(result).toBeHidden({ timeout: 4000 });
  }
  expect(call).toBe(2);
});

/** Opens the Sign In modal on /home with the schema check's file failing from now on, as when a
 * new release replaced it or the connection dropped (the file is fetched on first use). */
async function openSignInWithoutItsCheck(page: import('@playwright/test').Page) {
  await openHydrated(page, '/home');
  const code = /\/assets\/validate-form-[\w-]+\.js$/;
  allowFailedRequests(page, code);
  await page.route(code, (route) => route.abort('internetdisconnected'));
  await navAction(page, 'Sign In').click();
  const modal = dialog(page, 'Sign in');
  await modal.getByLabel('Username').fill('nobody.at.all');
  await modal.getByLabel('Password').fill('wrong password');
  return modal;
}

test('when the code a submit runs cannot be fetched, the form posts to the server as without JavaScript', async ({
  page,
}) => {
  const modal = await openSignInWithoutItsCheck(page);
  await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/result\?/);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.wrongCredentials);
  await expect(page.getByRole('link', { name: 'Go back to where you were' })).toHaveAttribute('href', '/home');
});

test('offline, with the code a submit runs missing: Sign In Error! and the values stay', async ({ page, context }) => {
  const modal = await openSignInWithoutItsCheck(page);
  let calls = 0;
  page.on('request', (request) => void (request.url().endsWith('/api/SignIn') && calls++));
  await context.setOffline(true);
  await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
  const result = page.getByRole('alert').filter({ hasText: MESSAGES.signInError });
  await expect(result).toBeVisible();
  await expect(result).toBeHidden({ timeout: 4000 });
  await expect(page).toHaveURL(/\/home$/);
  await expect(modal.getByLabel('Username')).toHaveValue('nobody.at.all');
  expect(calls).toBe(0);
  await context.setOffline(false);
});

test('a stored sign-in whose check cannot load its code (offline) is no error: the check waits for a later page', async ({
  page,
}) => {
  const modal = await openSignIn(page);
  await modal.getByLabel('Username').fill(E2E_STAFF.username);
  await modal.getByLabel('Password').fill(E2E_STAFF.password);
  await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog(page, 'Sign in')).toBeHidden({ timeout: 4000 });

  const code = /\/assets\/api-client-[\w-]+\.js$/;
  allowFailedRequests(page, code);
  await page.route(code, (route) => route.abort('internetdisconnected'));
  const cut = page.waitForEvent('requestfailed', (request) => code.test(request.url()));
  await page.reload();
  await cut;
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.signedIn })).toHaveCount(0);
  // The tokens stay: nothing said they are no longer valid.
  expect((await storedTokens(page)).access_token).toBeTruthy();
});

test('success stores the four token fields, and a reload shows Signed In! after ValidateToken with the bearer', async ({
  page,
}, testInfo) => {
  const modal = await openSignIn(page);
  await modal.getByLabel('Username').fill(`  ${E2E_STAFF.username}  `);
  await modal.getByLabel('Password').fill(E2E_STAFF.password);
  const answer = page.waitForResponse('**/api/SignIn');
  await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
  const tokens = await (await answer).json();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.signInSuccess })).toBeVisible();

  const stored = await storedTokens(page);
  expect(stored).toEqual({
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    token_type: 'Bearer',
    expires_in: String(tokens.expires_in),
  });
  // The success is shown, then the modal closes; the navbar now offers the staff member's menu.
  await expect(dialog(page, 'Sign in')).toBeHidden({ timeout: 4000 });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText(`Signed in as ${E2E_STAFF.username}`)).toBeVisible();
  await expect(accountMenu(page)).toBeFocused();
  await page.locator('header.site-header').screenshot({ path: testInfo.outputPath('navbar-signed-in-1280.png') });

  const validate = page.waitForRequest('**/api/ValidateToken');
  await page.reload();
  expect((await validate).headers().authorization).toBe(`Bearer ${tokens.access_token}`);
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.signedIn })).toBeVisible();
  await expect(accountMenu(page)).toBeVisible();

  // At 375 px the signed-in actions sit in the folded menu.
  // A polite status, not a modal: it never takes the focus, and goes after 2 s.
  await expect(page.getByRole('dialog', { name: MESSAGES.signedIn })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.signedIn })).toBeHidden({ timeout: 4000 });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(await accountEntry(page, 'Sign Out')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('navbar-signed-in-375.png') });
});

test('an invalid stored token shows nothing, is only logged, and is cleared', async ({ page }) => {
  allowFailedRequests(page, /\/api\/(ValidateToken|auth\/refresh)$/);
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'log') logged.push(message.text());
  });
  await openHydrated(page, '/home');
  await page.evaluate(() => {
    sessionStorage.setItem('access_token', 'not.a.token');
    sessionStorage.setItem('refresh_token', 'stale');
    sessionStorage.setItem('token_type', 'Bearer');
    sessionStorage.setItem('expires_in', '900');
  });
  const validate = page.waitForResponse('**/api/ValidateToken');
  await page.reload();
  expect((await validate).status()).toBe(401);
  await expect.poll(() => logged.some((line) => line.includes('no longer valid'))).toBe(true);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(MESSAGES.signedIn)).toHaveCount(0);
  await expect(navAction(page, 'Sign In')).toBeVisible();
  expect(await storedTokens(page)).toEqual({
    access_token: null,
    refresh_token: null,
    token_type: null,
    expires_in: null,
  });
});

test('Sign Out calls GET /api/SignOut, clears the tokens, and the old token no longer validates', async ({
  page,
  request,
}) => {
  const modal = await openSignIn(page);
  await modal.getByLabel('Username').fill(E2E_STAFF.username);
  await modal.getByLabel('Password').fill(E2E_STAFF.password);
  await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
  // The server checks the password with scrypt: seconds when the machine is busy.
  await expect(dialog(page, 'Sign in')).toBeHidden({ timeout: 15_000 });
  const { access_token: accessToken } = await storedTokens(page);
  expect(accessToken).toBeTruthy();

  const signOut = page.waitForRequest('**/api/SignOut');
  await (await accountEntry(page, 'Sign Out')).click();
  const sent = await signOut;
  expect(sent.method()).toBe('GET');
  expect(sent.headers().authorization).toBe(`Bearer ${accessToken}`);
  await expect(navAction(page, 'Sign In')).toBeVisible();
  expect(await storedTokens(page)).toEqual({
    access_token: null,
    refresh_token: null,
    token_type: null,
    expires_in: null,
  });

  const check = await request.get('/api/ValidateToken', { headers: { authorization: `Bearer ${accessToken}` } });
  expect(check.status()).toBe(401);
});
