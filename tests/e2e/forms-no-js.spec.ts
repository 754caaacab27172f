// Every form with JavaScript off (DESIGN: forms post natively and get a result page): feedback,
// newsletter, demo request and contact reach the result page with the modal's message and a link
// back, and their row is stored; invalid input comes back with the field messages; sign-in
// reaches its result page too.
import type { Page } from '@playwright/test';
import { MESSAGES } from '../../common/messages.ts';
import { E2E_STAFF } from '../helpers/e2e-staff.ts';
import { png } from '../helpers/images.ts';
import { expect, test } from './fixtures.ts';
import { rows, unique } from './form-helpers.ts';

test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

async function expectResult(page: Page, message: string, back: RegExp) {
  await expect(page).toHaveURL(/\/result\?/);
  await expect(page.getByRole('status')).toHaveText(message);
  const link = page.getByRole('link', { name: 'Go back to where you were' });
  await expect(link).toHaveAttribute('href', back);
}

test('feedback posts from the footer to the result page and is stored', async ({ page }) => {
  await page.goto('/faq');
  const form = page.getByRole('contentinfo').locator('form.feedback-form');
  const text = unique('Readable without scripts');
  await form.getByLabel('Feedback on this site').fill(text);
  await form.getByRole('button', { name: 'Send' }).click();
  await expectResult(page, MESSAGES.success, /^\/faq$/);
  expect(rows('SELECT feedback FROM feedback WHERE feedback = ?', text)).toHaveLength(1);
});

test('empty feedback comes back with its field message', async ({ page }) => {
  await page.goto('/faq');
  const form = page.getByRole('contentinfo').locator('form.feedback-form');
  // The browser's own check would stop an empty required field; a blank one gets past it.
  await form.getByLabel('Feedback on this site').fill('   ');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/forms\/feedback$/);
  await expect(page.getByRole('main').getByText(MESSAGES.feedbackRequired, { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText(MESSAGES.error, { exact: true })).toBeVisible();
});

test('the newsletter posts to the result page and is stored', async ({ page }) => {
  await page.goto('/glossary');
  const email = `${unique('nojs').replace(/\s/g, '.')}@depot.com.au`;
  const form = page.getByRole('contentinfo').locator('form.newsletter-form');
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expectResult(page, MESSAGES.success, /^\/glossary$/);
  expect(rows('SELECT email FROM newsletter_subscribers WHERE email = ?', email)).toHaveLength(1);
});

test('a demo request posts to the result page with the server message and is stored', async ({ page }, testInfo) => {
  await page.goto('/request-demo');
  const name = unique('Casey No Script');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Job title').fill('Fleet Manager');
  await page.getByLabel('Company').fill('Outback Freight');
  await page.getByLabel('Country').selectOption('AU');
  await page.getByLabel('Number').fill('412345678');
  await page.getByLabel('Work email').fill('casey@outbackfreight.com.au');
  await page.getByLabel('What would you like to see?').fill('Local dispatch and proof of delivery.');
  await page.screenshot({ path: testInfo.outputPath('request-demo-no-js.png'), fullPage: true });
  await page.getByRole('button', { name: 'Book Demo' }).click();
  await expectResult(page, MESSAGES.demoThanks, /^\/request-demo$/);
  expect(rows('SELECT country, number FROM demo_requests WHERE name = ?', name)).toEqual([
    { country: '61', number: '+61 412345678' },
  ]);
  await page.screenshot({ path: testInfo.outputPath('result-no-js.png') });
});

test('an invalid demo request comes back with every field message', async ({ page }) => {
  await page.goto('/request-demo');
  await page.getByLabel('Name', { exact: true }).fill(' ');
  await page.getByLabel('Job title').fill(' ');
  await page.getByLabel('Company').fill(' ');
  await page.getByLabel('Number').fill(' ');
  await page.getByLabel('Work email').fill('casey@outback.freight');
  await page.getByLabel('What would you like to see?').fill(' ');
  // Country left unselected: the browser's own check would stop it, so it is switched off.
  await page
    .locator('form')
    .filter({ has: page.getByLabel('Country') })
    .evaluate((form: HTMLFormElement) => (form.noValidate = true));
  await page.getByRole('button', { name: 'Book Demo' }).click();
  await expect(page).toHaveURL(/\/request-demo$/);
  const main = page.getByRole('main');
  await expect(main.getByText(MESSAGES.bookDemoError, { exact: true })).toBeVisible();
  for (const message of [
    MESSAGES.nameRequired,
    MESSAGES.countryAndNumber,
    MESSAGES.emailInvalid,
    MESSAGES.messageRequired,
  ]) {
    await expect(main.getByText(message, { exact: true })).toHaveCount(1);
  }
  await expect(main.getByText(MESSAGES.jobTitleRequired, { exact: true })).toHaveCount(2);
  await expect(page.getByLabel('Work email')).toHaveValue('casey@outback.freight');
});

test('a contact message with a PNG posts multipart to the result page and is stored', async ({ page }, testInfo) => {
  await page.goto('/home');
  const form = page.locator('#contact-form form');
  const name = unique('Jo No Script');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill('jo@linehaul.com.au');
  await form.getByLabel('Subject').fill('Pricing for 12 trucks');
  await form.getByLabel('Inquiry type').selectOption('2');
  await form.getByLabel('Image').setInputFiles({ name: 'fleet.png', mimeType: 'image/png', buffer: png(8, 8) });
  await form.getByLabel('Message').fill('What does the driver app cost per driver?');
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('contact-no-js.png') });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expectResult(page, MESSAGES.success, /^\/home#contact$/);
  expect(rows('SELECT inq_type, img_type FROM contact_messages WHERE name = ?', name)).toEqual([
    { inq_type: 2, img_type: 'image/png' },
  ]);
});

test('a contact message with a text file as its image comes back with the image message', async ({ page }) => {
  await page.goto('/home');
  const form = page.locator('#contact-form form');
  const name = unique('Jo Wrong File');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill('jo@linehaul.com.au');
  await form.getByLabel('Subject').fill('Screenshot');
  await form.getByLabel('Inquiry type').selectOption('1');
  await form
    .getByLabel('Image')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text') });
  await form.getByLabel('Message').fill('See attached.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/forms\/contact$/);
  const main = page.getByRole('main');
  await expect(main.locator('.field-error')).toHaveText([MESSAGES.imageType]);
  await expect(main.getByLabel('Name')).toHaveValue(name);
  expect(rows('SELECT id FROM contact_messages WHERE name = ?', name)).toEqual([]);
});

test('sign-in posts to the result page: success, and the server message for wrong credentials', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Username').fill(E2E_STAFF.username);
  await page.getByLabel('Password').fill(E2E_STAFF.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectResult(page, MESSAGES.signInSuccess, /^\/sign-in$/);

  await page.goto('/sign-in');
  await page.getByLabel('Username').fill('nobody.at.all');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/result\?/);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.wrongCredentials);
  await expect(page.getByRole('link', { name: 'Go back to where you were' })).toHaveAttribute('href', '/sign-in');
});
