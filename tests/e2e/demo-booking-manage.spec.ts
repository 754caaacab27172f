// The visitor's own booking page in the browser (issue 29), on a phone and a desktop: reached by
// the link in their invite, it shows the time in their zone, moves it to a time chosen from the
// keyboard among the picker's radio groups, then cancels it; every link and button is a 44 px
// target. The server's side (transactions, emails, refused links) is
// tests/document/demo-booking-manage.test.ts.
import type { Page } from '@playwright/test';
import { formatSlot } from '../../common/booking-time.ts';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { BookingCopy } from '../../content/booking.schema.ts';
import { expect, test } from './fixtures.ts';
import { rows, unique } from './form-helpers.ts';
import { postJson, signInQuietly } from './inbox-helpers.ts';
import { smallTargets } from './tap-target-helpers.ts';

const ZONE = 'Asia/Manila';
const copy = (parse(readFileSync('content/booking.yaml', 'utf8')) as BookingCopy).manage;
const ALL_DAY = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));

/** The signed-in staff member's availability through the API (an admin may set the rotation). */
async function setAvailability(page: Page, body: Record<string, unknown>) {
  const status = await page.evaluate(async (body) => {
    const csrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const response = await fetch('/api/inbox/availability', {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        'x-xsrf-token': csrf,
        authorization: `Bearer ${sessionStorage.getItem('access_token')}`,
      },
      body: JSON.stringify(body),
    });
    return response.status;
  }, body);
  expect(status).toBe(200);
}

test('on a phone and a desktop: the booked time, moved from the keyboard, then cancelled', async ({ page }) => {
  await signInQuietly(page);
  const availability = { time_zone: ZONE, weekly: ALL_DAY, days_off: [], meeting_url: 'https://meet.example/e2e' };
  await setAvailability(page, { ...availability, in_rotation: true });
  try {
    const slots: { start: string }[] = (
      await (await page.request.get(`/api/demo/slots?tz=${ZONE}&days=5`)).json()
    ).slots.filter((slot: { start: string }) => Date.parse(slot.start) > Date.now() + 26 * 3_600_000);
    const email = `${unique('dana').replace(/\W/g, '')}@whitfield.com.au`;
    await postJson(page, '/api/RequestDemo', {
      name: 'Dana Whitfield',
      job_title: 'Operations Manager',
      company: 'Whitfield Haulage',
      country: '61',
      number: '+61 412345678',
      email,
      text: 'Linehaul dispatch for 40 trucks.',
      slot_start: slots[0]!.start,
      time_zone: ZONE,
    });
    const [invite] = rows<{ body_text: string }>(
      "SELECT body_text FROM outbox WHERE kind = 'booking-invite' AND recipient = ?",
      email,
    );
    const path = /\/demo\/booking\/v1\.[\w-]+\.[\w-]+/.exec(invite!.body_text)![0];

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: copy.title })).toBeVisible();
    await expect(page.getByText(`${formatSlot(slots[0]!.start, ZONE)} (${ZONE} time)`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'https://meet.example/e2e' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/demo-booking-manage-375.png', fullPage: true });
    await page.screenshot({ path: 'test-results/demo-booking-manage-top-' + page.viewportSize()!.width + '.png' });

    // The first free time from the keyboard (Tab into the radio group, Space to choose).
    const move = page.getByRole('group', { name: copy.moveHeading });
    const first = move.getByRole('radio').first();
    await first.focus();
    await page.keyboard.press('Space');
    await expect(first).toBeChecked();
    const target = await first.getAttribute('value');
    await page.getByRole('button', { name: copy.moveButton }).click();
    await expect(page.getByRole('status').filter({ hasText: copy.moved })).toBeVisible();
    await expect(page.getByText(`${formatSlot(target!, ZONE)} (${ZONE} time)`)).toBeVisible();

    expect(await smallTargets(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: 'test-results/demo-booking-manage-1280.png', fullPage: true });
    await page.screenshot({ path: 'test-results/demo-booking-manage-top-' + page.viewportSize()!.width + '.png' });
    await page.getByRole('button', { name: copy.cancelButton }).click();
    await expect(page.getByRole('status').filter({ hasText: copy.cancelled })).toBeVisible();
    await expect(page.getByRole('button', { name: copy.cancelButton })).toHaveCount(0);
  } finally {
    // Out of the rotation again: the other specs see the site as it was.
    await setAvailability(page, { ...availability, in_rotation: false });
  }
});
