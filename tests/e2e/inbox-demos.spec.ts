// A sales day with booked demos in the browser (issue 29): staff filter the demo requests to
// upcoming meetings sorted by meeting time, open the lead, move its demo to another time chosen
// from the keyboard, see "rescheduled by <them>" in its history, find it in My demos with the
// visitor's time beside theirs, and cancel it from there; on a phone and a desktop, light and
// dark, every link and button a 44 px target on the phone. The rules and edge cases are the API and document
// tests' (tests/api/inbox-booking-list, tests/api/staff-demos, tests/document/staff-demos).
import type { Page } from '@playwright/test';
import { formatSlot } from '../../common/booking-time.ts';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { StaffDemosCopy } from '../../content/staff-demos.schema.ts';
import { E2E_STAFF } from '../helpers/e2e-staff.ts';
import { COLOUR_RULES, expectNoAxeViolations, expectNoSideScroll } from './axe-check.ts';
import { expect, test } from './fixtures.ts';
import { unique } from './form-helpers.ts';
import { postJson, signInQuietly } from './inbox-helpers.ts';
import { smallTargets } from './tap-target-helpers.ts';

const STAFF_ZONE = 'Australia/Sydney';
const VISITOR_ZONE = 'Asia/Manila';
const copy = parse(readFileSync('content/staff-demos.yaml', 'utf8')) as StaffDemosCopy;
const ALL_DAY = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));

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

/** Screenshots in light and dark (the dark one checked for colour contrast too). */
async function shots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `test-results/inbox-demos-${name}-${page.viewportSize()!.width}-${scheme}.png` });
    if (scheme === 'dark') await expectNoAxeViolations(page, COLOUR_RULES);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('staff filter upcoming demos, move one, see its history, find it in My demos and cancel it', async ({ page }) => {
  test.setTimeout(120_000);
  await signInQuietly(page);
  const availability = {
    time_zone: STAFF_ZONE,
    weekly: ALL_DAY,
    days_off: [],
    meeting_url: 'https://meet.example/e2e',
  };
  await setAvailability(page, { ...availability, in_rotation: true });
  try {
    const slots: { start: string }[] = (
      await (await page.request.get(`/api/demo/slots?tz=UTC&days=5`)).json()
    ).slots.filter((slot: { start: string }) => Date.parse(slot.start) > Date.now() + 26 * 3_600_000);
    const name = unique('Rosa Quinto');
    await postJson(page, '/api/RequestDemo', {
      name,
      job_title: 'Dispatcher',
      company: 'Quinto Freight',
      country: '63',
      number: '+63 9171234567',
      email: `${name.replace(/\W/g, '').toLowerCase()}@quinto.com.ph`,
      text: 'Dispatch for 12 trucks.',
      slot_start: slots[0]!.start,
      time_zone: VISITOR_ZONE,
    });

    // The list, narrowed to upcoming meetings and sorted by meeting time with the filter form.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/inbox');
    await page.getByLabel('Meeting', { exact: true }).selectOption('upcoming');
    await page.getByLabel('Sort by').selectOption('meeting');
    await expect(page).toHaveURL(/sort=meeting/);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/booking=upcoming/);
    const lead = page.getByRole('link', { name, exact: true });
    await expect(lead).toBeVisible();
    await expect(page.getByRole('listitem').filter({ has: lead }).getByText('Meeting:')).toBeVisible();
    await shots(page, 'list');

    // The lead, then its demo moved from the keyboard on the meeting page.
    await lead.click();
    await expect(page.getByRole('heading', { name: 'Booked demo' })).toBeVisible();
    await page.getByRole('link', { name: 'Move or cancel this demo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: copy.meeting.title })).toBeVisible();
    const move = page.getByRole('group', { name: copy.meeting.moveHeading });
    const choice = move.getByRole('radio').nth(3);
    await choice.focus();
    await page.keyboard.press('Space');
    await expect(choice).toBeChecked();
    const target = (await choice.getAttribute('value'))!;
    await page.getByRole('button', { name: copy.meeting.moveButton }).click();
    await expect(page.getByRole('status').filter({ hasText: copy.meeting.moved })).toBeVisible();
    await expect(page.getByText(`rescheduled by ${E2E_STAFF.username}`)).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    await expectNoAxeViolations(page);
    await expectNoSideScroll(page);
    await shots(page, 'meeting');

    // The lead's history says so too.
    await page.getByRole('link', { name: copy.meeting.back }).click();
    await expect(page.getByRole('heading', { name: 'Booked demo' })).toBeVisible();
    await expect(page.getByText(`rescheduled by ${E2E_STAFF.username}`)).toBeVisible();
    await expect(page.getByText(`${formatSlot(target, VISITOR_ZONE)} (${VISITOR_ZONE})`)).toBeVisible();

    // My demos: in my zone, the visitor's time beside it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/inbox');
    await page.getByRole('link', { name: 'My demos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: copy.myDemos.title })).toBeVisible();
    const entry = page.getByRole('listitem').filter({ hasText: name });
    await expect(entry.getByText(formatSlot(target, STAFF_ZONE))).toBeVisible();
    await expect(entry.getByText(`${formatSlot(target, VISITOR_ZONE)} (${VISITOR_ZONE})`)).toBeVisible();
    await expect(page.getByLabel(copy.myDemos.feedLabel)).toHaveValue(/\/calendar\/[\w-]{43}\.ics$/);
    await expectNoAxeViolations(page);
    await shots(page, 'my-demos');
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await smallTargets(page)).toEqual([]);
    await expectNoSideScroll(page);
    await shots(page, 'my-demos');

    // Cancelled from there: gone from My demos.
    await entry.getByRole('link', { name: new RegExp(copy.myDemos.manage) }).click();
    await page.getByRole('button', { name: copy.meeting.cancelButton }).click();
    await expect(page.getByRole('status').filter({ hasText: copy.meeting.cancelled })).toBeVisible();
    await expect(page.getByText(`cancelled by ${E2E_STAFF.username}`)).toBeVisible();
    await page.goto('/inbox/my-demos');
    await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  } finally {
    await setAvailability(page, { ...availability, in_rotation: false });
  }
});
