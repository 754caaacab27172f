// Steps the inbox's browser specs share: sign in without the form, open an inbox page once the
// navbar's 'Signed In!' modal has gone, and post submissions through the public JSON API.
import type { Page } from '@playwright/test';
import { MESSAGES } from '../../common/messages.ts';
import { E2E_STAFF } from '../helpers/e2e-staff.ts';
import { expect } from './fixtures.ts';
import { openHydrated, unique } from './form-helpers.ts';

/** Signs in through the API from the page (CSRF header from the cookie) and keeps the tokens
 * in session storage, as the sign-in form does. */
export async function signInQuietly(page: Page, staff: { username: string; password: string } = E2E_STAFF) {
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
  }, staff);
}

/** Opens an inbox page after signInQuietly. On a full page load the navbar checks the stored
 * sign-in and says 'Signed In!' (spec 4) in a polite status for two seconds, which takes neither
 * the focus nor the page (issue 31): waiting for it says the check is done. */
export async function openInbox(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.signedIn })).toBeVisible();
}

/** Posts to one of the public JSON endpoints from the page, as the forms do. */
export async function postJson(page: Page, path: string, body: unknown) {
  const answer = await page.evaluate(
    async ({ path, body }) => {
      const csrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf },
        body: JSON.stringify(body),
      });
      return response.json();
    },
    { path, body },
  );
  expect(answer[0]).toBe('SUCCESS');
}

/** A demo request with a unique name, posted from /home; returns the name. */
export async function seedDemoRequest(page: Page, label = 'Dana Whitfield') {
  const name = unique(label);
  await openHydrated(page, '/home');
  await postJson(page, '/api/RequestDemo', {
    name,
    job_title: 'Operations Manager',
    company: 'Whitfield Haulage',
    country: '61',
    number: '+61 412345678',
    email: 'dana@whitfield.com.au',
    text: 'Linehaul dispatch for 40 trucks.',
  });
  return name;
}
