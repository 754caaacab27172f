// The demo form's time picker in the browser (issue 29): in the Book a Demo modal, the free times
// appear grouped by day in the browser's zone as radio groups, a time is chosen from the keyboard,
// another zone regroups them at once, and a time taken meanwhile (409) shows 'Book Demo Error!',
// the message and fresh times without losing what was typed. The free times and the 409
// are the API's answers, played back here; the server's side is tests/api/demo-booking.test.ts.
import type { Page } from '@playwright/test';
import { BOOKING_MESSAGES } from '../../common/booking-time.ts';
import { MESSAGES } from '../../common/messages.ts';
import { allowFailedRequests, expect, test } from './fixtures.ts';
import { dialog, navAction, openHydrated } from './form-helpers.ts';

test.use({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Manila' });

// Tomorrow and the day after at 09:00 and 09:30 in Manila (UTC+8, no daylight saving).
const day = (offset: number) => {
  const date = new Date(Date.now() + offset * 86_400_000);
  return date.toISOString().slice(0, 10);
};
const slot = (date: string, utc: string) => {
  const start = new Date(`${date}T${utc}:00.000Z`);
  return { start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString() };
};
const SLOTS = [slot(day(2), '01:00'), slot(day(2), '01:30'), slot(day(3), '01:00'), slot(day(3), '01:30')];

async function openDemo(page: Page, answers: (typeof SLOTS)[]) {
  let call = 0;
  await page.route('**/api/demo/slots?**', (route) =>
    route.fulfill({ json: { time_zone: 'Asia/Manila', slots: answers[Math.min(call++, answers.length - 1)] } }),
  );
  await openHydrated(page, '/home');
  await navAction(page, 'Book a Demo').click();
  return dialog(page, 'Book a demo');
}

test('free times by day in the browser’s zone, chosen from the keyboard, regrouped in another zone', async ({
  page,
}) => {
  const modal = await openDemo(page, [SLOTS]);
  const picker = modal.getByRole('group', { name: 'Choose a time for your demo (optional)' });
  await expect(picker.getByLabel('Your time zone')).toHaveValue('Asia/Manila');
  const days = picker.getByRole('group');
  await expect(days).toHaveCount(2);
  await expect(days.first().getByRole('radio')).toHaveCount(2);
  await expect(days.first().getByRole('radio', { name: '9:00 am' })).toBeVisible();
  // "No time" is chosen first; the arrow keys move along the one radio group.
  const none = picker.getByRole('radio', { name: 'No time now, arrange one with me' });
  await expect(none).toBeChecked();
  await none.focus();
  await page.keyboard.press('ArrowDown');
  await expect(days.first().getByRole('radio', { name: '9:00 am' })).toBeChecked();
  // In Sydney (UTC+10 or +11) the same instants are later on the clock.
  await picker.getByLabel('Your time zone').selectOption('Australia/Brisbane');
  await expect(days.first().getByRole('radio', { name: '11:00 am' })).toBeChecked();
});

test('a time taken meanwhile: Book Demo Error!, the issue’s message, fresh times, nothing typed lost', async ({
  page,
}) => {
  allowFailedRequests(page, /\/api\/RequestDemo$/);
  const modal = await openDemo(page, [SLOTS, SLOTS.slice(1)]);
  await page.route('**/api/RequestDemo', (route) =>
    route.fulfill({ status: 409, json: ['ERROR', BOOKING_MESSAGES.taken] }),
  );
  await modal.getByLabel('Name', { exact: true }).fill('Dana Whitfield');
  await modal.getByLabel('Job title').fill('Operations Manager');
  await modal.getByLabel('Company').fill('Whitfield Haulage');
  await modal.getByLabel('Work email').fill('dana@whitfield.com.au');
  await modal.getByLabel('Country').selectOption('PH');
  await modal.getByLabel('Number').pressSequentially('9171234567');
  await modal.getByLabel('What would you like to see?').fill('Linehaul dispatch for 40 trucks.');
  await modal.getByRole('radio', { name: '9:00 am' }).first().check();
  await modal.getByRole('button', { name: 'Book Demo', exact: true }).click();
  await expect(page.getByRole('dialog', { name: MESSAGES.bookDemoError })).toBeVisible();
  await expect(page.getByRole('dialog', { name: MESSAGES.bookDemoError })).toBeHidden({ timeout: 4000 });
  await expect(modal.getByText(BOOKING_MESSAGES.taken, { exact: true })).toBeVisible();
  // The fresh times no longer hold the taken one; no time is chosen; what was typed stays.
  const firstDay = modal
    .getByRole('group', { name: 'Choose a time for your demo (optional)' })
    .getByRole('group')
    .first();
  await expect(firstDay.getByRole('radio')).toHaveCount(1);
  await expect(modal.getByRole('radio', { name: 'No time now, arrange one with me' })).toBeChecked();
  await expect(modal.getByLabel('Name', { exact: true })).toHaveValue('Dana Whitfield');
  await expect(modal.getByLabel('Number')).toHaveValue('9171234567');
});
