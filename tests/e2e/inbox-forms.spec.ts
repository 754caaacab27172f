// The staff forms (issue 15) on the one form pattern, in Chromium against the real server and
// database: a double click on "Add note" stores one note; an empty note is refused in the
// inbox's words with focus moved to the box; the API's own refusal ({errorInfo}, 400) is shown on
// the field it is about; every saved change is announced in the form's status block; the bulk
// form refuses a change that names nothing, on its first field.
import type { Page } from '@playwright/test';
import { INBOX_MESSAGES, NOTE_MAX_LENGTH } from '../../common/inbox.ts';
import { E2E_STAFF } from '../helpers/e2e-staff.ts';
import { allowFailedRequests, expect, test } from './fixtures.ts';
import { rows, unique } from './form-helpers.ts';
import { openInbox, seedDemoRequest, signInQuietly } from './inbox-helpers.ts';

test.use({ viewport: { width: 1280, height: 900 } });

const NOTES = /\/api\/inbox\/demo-requests\/\d+\/notes$/;

/** Signs in and opens a fresh demo request; returns its id. */
async function openFreshDemo(page: Page, label?: string) {
  const name = await seedDemoRequest(page, label);
  await signInQuietly(page);
  await openInbox(page, `/inbox?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('region', { name: 'What was sent' })).toBeVisible();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

const notesOf = (id: number, note: string) =>
  rows(
    'SELECT id FROM submission_events WHERE kind = ? AND submission_id = ? AND action = ? AND note = ?',
    'demo-requests',
    id,
    'note',
    note,
  );

test('a double click on Add note stores one note', async ({ page }) => {
  const id = await openFreshDemo(page);
  // The first call is held on its way, so the second click comes while it is still out.
  const posts: string[] = [];
  await page.route(NOTES, async (route) => {
    posts.push(route.request().postData() ?? '');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  const history = page.getByRole('region', { name: 'Notes and history' });
  const note = unique('Clicked twice');
  await history.getByLabel('Internal note').fill(note);
  await history.getByRole('button', { name: 'Add note' }).dblclick();
  await expect(history.getByRole('status').filter({ hasText: 'Note added.' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(posts).toHaveLength(1);
  expect(notesOf(id, note)).toHaveLength(1);
  await expect(history.getByRole('listitem').filter({ hasText: note })).toHaveCount(1);
});

test("the note form: empty is refused in the inbox's words with focus on the box, the API's refusal shows on the field, a saved note is announced", async ({
  page,
}) => {
  allowFailedRequests(page, NOTES);
  const id = await openFreshDemo(page);
  const history = page.getByRole('region', { name: 'Notes and history' });
  const box = history.getByLabel('Internal note');
  const add = history.getByRole('button', { name: 'Add note' });
  const sent: string[] = [];
  page.on('request', (request) => NOTES.test(request.url()) && sent.push(request.method()));

  // Empty, then spaces only (the schema trims them): refused in the browser, nothing is sent.
  await add.click();
  await expect(history.getByText(INBOX_MESSAGES.noteRequired, { exact: true })).toBeVisible();
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription(new RegExp(INBOX_MESSAGES.noteRequired));
  await history.screenshot({ path: 'test-results/inboxui/screens/note-refused-1280.png' });
  await box.fill('   ');
  await add.click();
  await expect(history.getByText(INBOX_MESSAGES.noteRequired, { exact: true })).toBeVisible();
  // Typing something clears the message at once.
  await box.fill('Called back');
  await expect(history.getByText(INBOX_MESSAGES.noteRequired, { exact: true })).toHaveCount(0);
  expect(sent).toEqual([]);

  // What the API refuses (here a body made too long on its way) comes back as {errorInfo} with a
  // 400, and its words go on the note box, focused.
  await page.route(
    NOTES,
    (route) => route.continue({ postData: JSON.stringify({ note: 'x'.repeat(NOTE_MAX_LENGTH + 1) }) }),
    { times: 1 },
  );
  await add.click();
  await expect(history.getByText(INBOX_MESSAGES.noteTooLong, { exact: true })).toBeVisible();
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveValue('Called back');

  // Sent as it is: saved, announced, the box emptied and its draft gone.
  const note = unique('Called back: wants the fuel module');
  await box.fill(note);
  await add.click();
  await expect(history.getByRole('status').filter({ hasText: 'Note added.' })).toBeVisible();
  await expect(history.getByRole('listitem').filter({ hasText: note })).toContainText(`Note by ${E2E_STAFF.username}`);
  await expect(box).toHaveValue('');
  await expect(box).not.toHaveAttribute('aria-invalid');
  expect(notesOf(id, note)).toHaveLength(1);
  await history.screenshot({ path: 'test-results/inboxui/screens/note-added-1280.png' });
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('draft')))).toEqual([]);
});

test('status, owner and mark unread announce what they saved', async ({ page }) => {
  await openFreshDemo(page);
  const status = page.getByRole('region', { name: 'Status' });
  await status.getByLabel('Change status to').selectOption({ label: 'In progress' });
  await status.getByRole('button', { name: 'Save status' }).click();
  await expect(status.getByRole('status').filter({ hasText: 'Status changed to In progress.' })).toBeVisible();
  await expect(status.locator('.inbox-status')).toHaveText('Status: In progress');
  await expect(status.getByRole('button', { name: 'Save status' })).toBeDisabled();

  const owner = page.getByRole('region', { name: 'Owner' });
  await owner.getByRole('button', { name: 'Take it' }).click();
  await expect(owner.getByRole('status').filter({ hasText: `Given to ${E2E_STAFF.username}.` })).toBeVisible();
  await expect(owner).toContainText(`Owned by ${E2E_STAFF.username}`);
  await expect(owner.getByLabel('Give to')).toHaveValue(E2E_STAFF.username);
  await expect(owner.getByRole('button', { name: 'Take it' })).toHaveCount(0);

  await owner.getByRole('button', { name: 'Mark unread' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Marked unread' })).toBeVisible();
  const history = page.getByRole('region', { name: 'Notes and history' });
  await expect(history.getByRole('listitem').filter({ hasText: 'to In progress' })).toBeVisible();
});

test('the bulk form refuses a change that names nothing, on its first field', async ({ page }) => {
  const marker = unique('bulk-nothing');
  await seedDemoRequest(page, marker);
  await signInQuietly(page);
  await openInbox(page, `/inbox?q=${encodeURIComponent(marker)}`);
  const list = page.getByRole('list', { name: /Demo requests/ });
  await list.getByRole('checkbox').first().check();
  const bulk = page.getByRole('form', { name: 'Change the selected submissions' });
  const sent: string[] = [];
  page.on('request', (request) => request.url().endsWith('/bulk') && sent.push(request.url()));
  await bulk.getByRole('button', { name: 'Apply to selected' }).click();
  await expect(bulk.getByText(INBOX_MESSAGES.bulkEmpty, { exact: true })).toBeVisible();
  await expect(bulk.getByLabel('Set status')).toBeFocused();
  expect(sent).toEqual([]);
  await bulk.getByLabel('Set status').selectOption({ label: 'Done' });
  await expect(bulk.getByText(INBOX_MESSAGES.bulkEmpty, { exact: true })).toHaveCount(0);
  await bulk.getByRole('button', { name: 'Apply to selected' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 submission moved to Done.' })).toBeVisible();
});
