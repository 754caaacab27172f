// Keyboard-only journeys from /home (issue 6): book a demo and send a contact message with Tab,
// Shift+Tab, Enter, Space, arrows and typing alone: no clicks, no locator actions that move
// focus. The contact image is the one exception: a file chooser is the operating system's UI, so
// the file is handed to the focused file input.
import type { Page } from '@playwright/test';
import { MESSAGES } from '../../common/messages.ts';
import { png } from '../helpers/images.ts';
import { expect, test } from './fixtures.ts';
import { openHydrated, rows, unique } from './form-helpers.ts';

/** The open modal, a native <dialog> or an ARIA one. */
const DIALOG = 'dialog[open], [role="dialog"]';

test.use({ viewport: { width: 1280, height: 900 }, timezoneId: 'Australia/Sydney' });

/** What the focused element is called: its aria-label, its label's text, or its own text. */
function focusedName(page: Page, within?: string) {
  return page.evaluate((scope) => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '';
    if (scope && !element.closest(scope)) return '';
    const labelled = element as HTMLInputElement;
    const name = element.getAttribute('aria-label') ?? labelled.labels?.[0]?.textContent ?? element.textContent ?? '';
    return name.replace(/\s+/g, ' ').trim();
  }, within);
}

/** Presses Tab until the focused element is called `name` (inside `within`, a CSS selector). */
async function tabTo(page: Page, name: string, within?: string, limit = 150) {
  const seen: string[] = [];
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    const focused = await focusedName(page, within);
    if (focused === name || focused.startsWith(`${name} `) || focused.startsWith(`${name}*`)) return;
    seen.push(focused);
  }
  throw new Error(
    `Tab never reached "${name}"${within ? ` in ${within}` : ''}; it passed: ${seen.slice(-20).join(' | ')}`,
  );
}

const expectFocusOn = async (page: Page, name: string) =>
  expect.poll(() => focusedName(page)).toMatch(new RegExp(`^${name}`));

test('book a demo from /home with the keyboard alone', async ({ page }) => {
  await openHydrated(page, '/home');
  const name = unique('Kim Keyboard');

  await tabTo(page, 'Book a Demo', 'header');
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Book a demo', exact: true });
  await expect(modal).toBeVisible();
  await expectFocusOn(page, 'Name');
  await page.keyboard.type(name);

  await tabTo(page, 'Job title', DIALOG);
  await page.keyboard.type('Transport Manager');
  await tabTo(page, 'Company', DIALOG);
  await page.keyboard.type('Keyboard Freight');
  await tabTo(page, 'Work email', DIALOG);
  await page.keyboard.type('kim@keyboardfreight.com.au');
  // The country comes from the time zone (Australia); the arrows move away and back.
  await tabTo(page, 'Country', DIALOG);
  const country = modal.getByLabel('Country');
  await expect(country).toHaveValue('AU');
  await page.keyboard.press('ArrowDown');
  await expect(country).not.toHaveValue('AU');
  await page.keyboard.press('ArrowUp');
  await expect(country).toHaveValue('AU');
  await tabTo(page, 'Number', DIALOG);
  await page.keyboard.type('412345678');
  await tabTo(page, 'What would you like to see?', DIALOG);
  await page.keyboard.type('Dispatch for 12 rigid trucks.');
  await tabTo(page, 'Book Demo', DIALOG);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('dialog', { name: MESSAGES.demoThanks })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.demoThanks })).toBeVisible();
  expect(rows('SELECT number FROM demo_requests WHERE name = ?', name)).toEqual([{ number: '+61 412345678' }]);
});

test('send a contact message from /home with the keyboard alone', async ({ page }) => {
  await openHydrated(page, '/home');
  const name = unique('Kim Keyboard');

  // The navbar's Contact Us jumps to the section; Tab goes on from there.
  await tabTo(page, 'Contact Us', 'header');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#contact$/);

  // As after the browser's own jump to an anchor, Tab goes on from the section: a few stops to
  // the first field, not the whole page above it (it took 51 before the jump moved the focus).
  await tabTo(page, 'Name', '#contact-form', 12);
  await page.keyboard.type(name);
  await tabTo(page, 'Email', '#contact-form');
  await page.keyboard.type('kim@keyboardfreight.com.au');
  await tabTo(page, 'Subject', '#contact-form');
  await page.keyboard.type('Driver app on older phones');
  await tabTo(page, 'Inquiry type', '#contact-form');
  const inquiry = page.locator('#contact-form').getByLabel('Inquiry type');
  await page.keyboard.press('ArrowDown');
  await expect(inquiry).not.toHaveValue('');
  await tabTo(page, 'Image', '#contact-form');
  // The OS file chooser is out of the page's reach: hand the file to the focused input.
  await page
    .locator('#contact-form input[type="file"]:focus')
    .setInputFiles({ name: 'cab.png', mimeType: 'image/png', buffer: png(8, 8) });
  await tabTo(page, 'Message', '#contact-form');
  await page.keyboard.type('Which Android versions does the driver app support?');
  await tabTo(page, 'Send Message', '#contact-form');
  await page.keyboard.press('Space');

  await expect(page.getByRole('dialog', { name: MESSAGES.success })).toBeVisible();
  expect(rows('SELECT subject FROM contact_messages WHERE name = ?', name)).toEqual([
    { subject: 'Driver app on older phones' },
  ]);
});
