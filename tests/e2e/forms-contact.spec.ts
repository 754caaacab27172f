// The home page's contact form (spec 3, 4, 5, 8): every field message and the invalid-form
// message, the hidden loading, error and sent blocks, a real PNG uploaded with its preview and
// stored with its bytes, a text file renamed .png refused with the server's message.
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { MESSAGES } from '../../common/messages.ts';
import { png } from '../helpers/images.ts';
import { expectNoAxeViolations } from './axe-check.ts';
import { allowFailedRequests, expect, test } from './fixtures.ts';
import { openHydrated, rows, settled, unique } from './form-helpers.ts';

test.use({ viewport: { width: 1280, height: 900 } });

const contactForm = (page: Page) => page.locator('#contact-form form');
const blocks = (page: Page) => {
  const form = contactForm(page);
  return {
    loading: form.locator('.alert[data-variant="info"]'),
    error: form.locator('.alert[data-variant="danger"]'),
    sent: form.locator('.alert[data-variant="success"]'),
  };
};

async function openContact(page: Page) {
  await openHydrated(page, '/home#contact');
  const form = contactForm(page);
  await form.scrollIntoViewIfNeeded();
  return form;
}

async function fillValid(page: Page, name: string) {
  const form = contactForm(page);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill('sam@roadtrain.com.au');
  await form.getByLabel('Subject').fill('Fuel card import');
  await form.getByLabel('Inquiry type').selectOption({ label: 'Technical Support' });
  await form.getByLabel('Message').fill('The fuel card CSV import skips the last row.');
}

test('an empty form shows every field message and the invalid-form message in the error block', async ({ page }) => {
  const form = await openContact(page);
  const { loading, error, sent } = blocks(page);
  await expect(loading).toBeHidden();
  await expect(error).toBeHidden();
  await expect(sent).toBeHidden();
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('dialog', { name: MESSAGES.contactInvalid })).toBeVisible();
  for (const message of [
    MESSAGES.nameRequired,
    MESSAGES.emailRequired,
    MESSAGES.subjectRequired,
    MESSAGES.inquiryTypeRequired,
    MESSAGES.imageRequired,
    MESSAGES.messageRequired,
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(error).toHaveText(MESSAGES.contactInvalid);
  await expect(sent).toBeHidden();
});

test('the inquiry types are the spec three, sent as 1 to 3', async ({ page }) => {
  const form = await openContact(page);
  const options = form.getByLabel('Inquiry type').locator('option:not([value=""])');
  await expect(options).toHaveText(['Technical Support', 'Pricing', 'Other inquiry']);
  expect(await options.evaluateAll((items) => items.map((item) => (item as HTMLOptionElement).value))).toEqual([
    '1',
    '2',
    '3',
  ]);
  await expect(form.getByLabel('Image')).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif');
});

test('a real PNG is previewed with its size, uploaded, and stored with its bytes', async ({ page }, testInfo) => {
  const form = await openContact(page);
  const name = unique('Sam Roadtrain');
  const image = png(40, 30);
  await fillValid(page, name);
  await form.getByLabel('Image').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: image });
  await expect(form.getByRole('img', { name: 'Preview of screenshot.png' })).toBeVisible();
  // Under 1,000 bytes a size reads in bytes, as the sales email writes it too (common/format-size.ts).
  const size =
    image.length < 1000 ? `${image.length} bytes` : `${(image.length / 1000).toFixed(1).replace(/\.0$/, '')} kB`;
  await expect(form.getByText(`screenshot.png, ${size}`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('contact-form-filled.png') });

  // Hold the answer a moment to see the loading block.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/ContactUs', async (route) => {
    await held;
    await route.continue();
  });
  const { loading, error, sent } = blocks(page);
  const request = page.waitForRequest('**/api/ContactUs');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(loading).toBeVisible();
  expect((await request).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  release();
  const result = page.getByRole('dialog', { name: MESSAGES.success });
  await expect(result).toBeVisible();
  await expect(sent).toHaveText(MESSAGES.success);
  await expect(loading).toBeHidden();
  await expect(error).toBeHidden();
  // The form is emptied for the next message.
  await expect(form.getByLabel('Name')).toHaveValue('');

  const stored = rows<{ inq_type: number; img_type: string; img_size: number; img_sha256: string; img: Uint8Array }>(
    'SELECT inq_type, img_type, img_size, img_sha256, img FROM contact_messages WHERE name = ?',
    name,
  );
  expect(stored).toHaveLength(1);
  // The server stores its own re-encoding (metadata stripped): a PNG of the same pixel size.
  const img = Buffer.from(stored[0]!.img);
  expect(stored[0]).toMatchObject({ inq_type: 1, img_type: 'image/png', img_size: img.length });
  expect(stored[0]!.img_sha256).toBe(createHash('sha256').update(img).digest('hex'));
  expect([img.readUInt32BE(16), img.readUInt32BE(20)]).toEqual([image.readUInt32BE(16), image.readUInt32BE(20)]);
});

test('a text file renamed .png is refused with the server message, and nothing is stored', async ({ page }) => {
  allowFailedRequests(page, /\/api\/ContactUs$/);
  const form = await openContact(page);
  const name = unique('Renamed Text');
  await fillValid(page, name);
  await form.getByLabel('Image').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('just some text, not a picture\n'),
  });
  await expect(form.getByText('notes.png', { exact: false })).toBeVisible();
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('dialog', { name: MESSAGES.imageType })).toBeVisible();
  await expect(blocks(page).error).toHaveText(MESSAGES.imageType);
  expect(rows('SELECT id FROM contact_messages WHERE name = ?', name)).toEqual([]);
});

test('a failed call shows Error!', async ({ page }) => {
  allowFailedRequests(page, /\/api\/ContactUs$/);
  await page.route('**/api/ContactUs', (route) => route.abort('connectionfailed'));
  const form = await openContact(page);
  await fillValid(page, 'Sam Roadtrain');
  await form.getByLabel('Image').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png() });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('dialog', { name: MESSAGES.error })).toBeVisible();
  await expect(blocks(page).error).toHaveText(MESSAGES.error);
});

test('no axe violations with the result modal open over the contact form', async ({ page }) => {
  const form = await openContact(page);
  await form.getByRole('button', { name: 'Send Message' }).click();
  const result = page.getByRole('dialog', { name: MESSAGES.contactInvalid });
  await expect(result).toBeVisible();
  await settled(result);
  await expectNoAxeViolations(page);
});
