// Shared steps of the forms' browser specs (tests/e2e/forms-*.spec.ts): open a page once React
// has taken over, find the modals, and read what the test server stored.
import { DatabaseSync } from 'node:sqlite';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

/** The navbar's action (a link that opens a modal once hydrated). */
export const navAction = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** The signed-in staff member's menu button in the navbar (issue 19): Inbox, Content, Sign Out. */
export const accountMenu = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Signed in as / });

/** Waits for the navbar to have restored the sign-in (on every page load, a refresh with the
 * session cookie). Signing out while that call is under way gets it refused with a 401, which the
 * browser logs (seen once on CI); a visitor sees the page before reaching for Sign out, and so do
 * the tests. By CSS: at 375 px the account menu is folded away from the accessibility tree. */
export async function signInRestored(page: Page) {
  await expect(page.locator('.header-actions .account-menu')).toBeAttached();
}

/** An entry of that menu, opened first (Inbox and Content are links, Sign Out a button). */
export async function accountEntry(page: Page, name: 'Inbox' | 'Content' | 'Sign Out') {
  const button = accountMenu(page);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  return page.locator('#account-menu-list').getByRole(name === 'Sign Out' ? 'button' : 'link', { name, exact: true });
}

/** Opens a path once it is interactive (the fixture's goto waits for hydration) and its navbar
 * actions open their modals. */
export async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  // By CSS: below 992 px the navbar's links are folded away from the accessibility tree.
  await expect(page.locator('.header-actions a[aria-haspopup="dialog"]').first()).toBeAttached();
}

/** Rows the test server stored, read from its database file (site-server.ts passes its path). */
export function rows<T = Record<string, unknown>>(sql: string, ...params: (string | number)[]): T[] {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error('E2E_DATABASE_FILE is not set: the site fixture (tests/e2e/site-server.ts) sets it');
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** A value no other test uses, to find this test's row. */
export const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Waits for an element's animations (a modal's entrance) to end, before a screenshot; one
 * cancelled on the way (a transition cut short) counts as ended. */
export async function settled(locator: import('@playwright/test').Locator) {
  await locator.evaluate((element) =>
    Promise.allSettled(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
}
