// The footer's feedback and newsletter forms (spec 3, 4, 8; DESIGN: newsletter): the required
// message, 'Success!' with the row stored, 'Error!' when the call fails, the server's message for
// an ErrorInfo answer, and the result modal closing by itself after about 2 seconds.
import type { Page } from '@playwright/test';
import { MODAL_AUTO_CLOSE_MS } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { expectNoAxeViolations } from './axe-check.ts';
import { allowFailedRequests, expect, test } from './fixtures.ts';
import { openHydrated, rows, settled, unique } from './form-helpers.ts';

test.use({ viewport: { width: 1280, height: 900 } });

const footer = (page: Page) => page.getByRole('contentinfo');
const feedback = (page: Page) => footer(page).locator('form.feedback-form');
const newsletter = (page: Page) => footer(page).locator('form.newsletter-form');

test('feedback: required, then Success! and stored', async ({ page }) => {
  await openHydrated(page, '/faq');
  const form = feedback(page);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText(MESSAGES.feedbackRequired, { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: MESSAGES.error })).toBeVisible();
  await expect(page.getByRole('dialog', { name: MESSAGES.error })).toBeHidden({ timeout: 4000 });

  const text = unique('The glossary search is quick');
  await form.getByLabel('Feedback on this site').fill(text);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('dialog', { name: MESSAGES.success })).toBeVisible();
  await expect(form.getByText(MESSAGES.success, { exact: true })).toBeVisible();
  await expect(form.getByLabel('Feedback on this site')).toHaveValue('');
  expect(rows('SELECT is_spam FROM feedback WHERE feedback = ?', text)).toEqual([{ is_spam: 0 }]);
});

test('feedback: a failed call shows Error!, an ErrorInfo answer the server message', async ({ page }) => {
  allowFailedRequests(page, /\/api\/Feedback\/AddFeedback$/);
  let call = 0;
  await page.route('**/api/Feedback/AddFeedback', (route) =>
    ++call === 1
      ? route.abort('connectionfailed')
      : route.fulfill({ status: 429, json: ['ErrorInfo', MESSAGES.rateLimited] }),
  );
  await openHydrated(page, '/home');
  const form = feedback(page);
  await form.getByLabel('Feedback on this site').fill('Works well on my phone');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('dialog', { name: MESSAGES.error })).toBeVisible();
  await expect(page.getByRole('dialog', { name: MESSAGES.error })).toBeHidden({ timeout: 4000 });
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('dialog', { name: MESSAGES.rateLimited })).toBeVisible();
});

test('newsletter: an invalid address, then Success! and stored once', async ({ page }) => {
  await openHydrated(page, '/glossary');
  const form = newsletter(page);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText(MESSAGES.emailRequired, { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: MESSAGES.error })).toBeHidden({ timeout: 4000 });
  await form.getByLabel('Email address').fill('not-an-address');
  await expect(form.getByText(MESSAGES.emailInvalid, { exact: true })).toBeVisible();

  const email = `${unique('ops').replace(/\s/g, '.')}@fleet.com.au`;
  for (let time = 0; time < 2; time++) {
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const result = page.getByRole('dialog', { name: MESSAGES.success });
    await expect(result).toBeVisible();
    await expect(result).toBeHidden({ timeout: 4000 });
  }
  expect(rows('SELECT email FROM newsletter_subscribers WHERE email = ?', email)).toEqual([{ email }]);
});

test('the result modal closes by itself after about 2 seconds and focus returns', async ({ page }) => {
  await openHydrated(page, '/home');
  const form = feedback(page);
  await form.getByLabel('Feedback on this site').fill(unique('Timing check'));
  const button = form.getByRole('button', { name: 'Send' });
  await button.click();
  const result = page.getByRole('dialog', { name: MESSAGES.success });
  await expect(result).toBeVisible();
  const shownAt = Date.now();
  await expect(result.getByRole('status')).toHaveText(MESSAGES.success);
  await expect(result).toBeHidden({ timeout: MODAL_AUTO_CLOSE_MS + 2000 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor).toBeGreaterThan(MODAL_AUTO_CLOSE_MS - 500);
  expect(shownFor).toBeLessThan(MODAL_AUTO_CLOSE_MS + 1000);
  await expect(button).toBeFocused();
});

test('no axe violations in the footer with a result modal open, at 375 px', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openHydrated(page, '/home');
  const form = newsletter(page);
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('footer-375.png'), fullPage: false });
  await form.getByRole('button', { name: 'Subscribe' }).click();
  const result = page.getByRole('dialog', { name: MESSAGES.error });
  await expect(result).toBeVisible();
  await settled(result);
  await page.screenshot({ path: testInfo.outputPath('footer-result-375.png') });
  await expectNoAxeViolations(page);
});

/** The file that holds the forms' code (one for every form: vite.config.ts, decision 042). */
const FORMS_CODE = /\/assets\/forms-[\w-]+\.js$/;

/** Holds the download of the scripts whose names match until the returned function is called. */
async function holdScripts(page: Page, name: RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(name, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

// The footer forms' code loads when they near the viewport or are used (docs/decisions/026):
// a visitor quicker than that download loses nothing and gets no native post.
test('used before its code has come, a footer form keeps what was typed and sends it once the code runs', async ({
  page,
}) => {
  const release = await holdScripts(page, FORMS_CODE);
  await openHydrated(page, '/faq');
  const form = feedback(page);
  const text = unique('Sent before its code came');
  await form.getByLabel('Feedback on this site').fill(text);
  await form.getByRole('button', { name: 'Send' }).click();
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/faq$/);
  expect(rows('SELECT feedback FROM feedback WHERE feedback = ?', text)).toHaveLength(0);
  release();
  await expect(page.getByRole('dialog', { name: MESSAGES.success })).toBeVisible();
  await expect(page).toHaveURL(/\/faq$/);
  expect(rows('SELECT feedback FROM feedback WHERE feedback = ?', text)).toHaveLength(1);
});

test('Enter pressed in a footer form before its code has come posts nothing natively and subscribes once the code runs', async ({
  page,
}) => {
  const release = await holdScripts(page, FORMS_CODE);
  await openHydrated(page, '/faq');
  const form = newsletter(page);
  const email = `${unique('enter').replace(/\s/g, '.')}@fleet.com.au`;
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Email address').press('Enter');
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/faq$/);
  expect(rows('SELECT email FROM newsletter_subscribers WHERE email = ?', email)).toHaveLength(0);
  release();
  await expect(page.getByRole('dialog', { name: MESSAGES.success })).toBeVisible();
  await expect(page).toHaveURL(/\/faq$/);
  expect(rows('SELECT email FROM newsletter_subscribers WHERE email = ?', email)).toEqual([{ email }]);
});

test('a field typed in and left before the form code came shows its message once it runs', async ({ page }) => {
  const release = await holdScripts(page, FORMS_CODE);
  await openHydrated(page, '/faq');
  const form = newsletter(page);
  await form.getByLabel('Email address').fill('not-an-address');
  await form.getByLabel('Email address').press('Tab');
  release();
  await expect(form.getByText(MESSAGES.emailInvalid, { exact: true })).toBeVisible();
  await expect(form.getByLabel('Email address')).toHaveValue('not-an-address');
});
