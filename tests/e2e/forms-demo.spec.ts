// Book a Demo (spec 3, 4, 5, 8, 9) in the navbar's modal: every field message, the country from
// the browser's time zone with its maximum number length, the keyboard and paste filter on the
// number, the payload's '+CODE DIGITS', the server's message on success, 'Book Demo Error!'.
import type { Page } from '@playwright/test';
import { DEFAULT_PHONE_MAX_LENGTH } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { allowFailedRequests, expect, test } from './fixtures.ts';
import { dialog, navAction, openHydrated, rows, unique } from './form-helpers.ts';

test.use({ viewport: { width: 1280, height: 900 }, timezoneId: 'Australia/Sydney' });

async function openDemo(page: Page) {
  await openHydrated(page, '/home');
  await navAction(page, 'Book a Demo').click();
  const modal = dialog(page, 'Book a demo');
  await expect(modal.getByLabel('Name', { exact: true })).toBeFocused();
  return modal;
}

async function fillValid(modal: ReturnType<typeof dialog>, name: string) {
  await modal.getByLabel('Name', { exact: true }).fill(name);
  await modal.getByLabel('Job title').fill('Operations Manager');
  await modal.getByLabel('Company').fill('Whitfield Haulage');
  await modal.getByLabel('Work email').fill('dana@whitfield.com.au');
  await modal.getByLabel('Number').pressSequentially('412345678');
  await modal.getByLabel('What would you like to see?').fill('Linehaul dispatch for 40 trucks.');
}

const submit = (modal: ReturnType<typeof dialog>) =>
  modal.getByRole('button', { name: 'Book Demo', exact: true }).click();

test('an empty form shows every field message and Book Demo Error!', async ({ page }) => {
  const modal = await openDemo(page);
  await modal.getByLabel('Country').selectOption('');
  await submit(modal);
  await expect(page.getByRole('dialog', { name: MESSAGES.bookDemoError })).toBeVisible();
  for (const message of [
    MESSAGES.nameRequired,
    MESSAGES.countryAndNumber,
    MESSAGES.emailRequired,
    MESSAGES.messageRequired,
  ]) {
    await expect(modal.getByText(message, { exact: true })).toHaveCount(1);
  }
  // The spec gives the company the job title's message.
  await expect(modal.getByText(MESSAGES.jobTitleRequired, { exact: true })).toHaveCount(2);
  await expect(modal.getByLabel('Company')).toHaveAttribute('aria-invalid', 'true');
  await expect(modal.getByLabel('Number')).toHaveAttribute('aria-invalid', 'true');
  // The result closes by itself; focus lands on the first field to fix.
  await expect(page.getByRole('dialog', { name: MESSAGES.bookDemoError })).toBeHidden({ timeout: 4000 });
  await expect(modal.getByLabel('Name', { exact: true })).toBeFocused();
});

test('the email must be lowercase letters with a 2 to 4 letter suffix', async ({ page }) => {
  const modal = await openDemo(page);
  await fillValid(modal, 'Dana Whitfield');
  await modal.getByLabel('Work email').fill('dana@whitfield.transport');
  await submit(modal);
  await expect(modal.getByText(MESSAGES.emailInvalid, { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: MESSAGES.bookDemoError })).toBeVisible();
});

for (const { zone, code, country, maxLength } of [
  { zone: 'Australia/Sydney', code: 'AU', country: 'Australia (+61)', maxLength: 10 },
  { zone: 'Asia/Manila', code: 'PH', country: 'Philippines (+63)', maxLength: 10 },
  { zone: 'Europe/Berlin', code: 'DE', country: 'Germany (+49)', maxLength: DEFAULT_PHONE_MAX_LENGTH },
]) {
  test.describe(`in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test(`the country is ${code} and the number takes ${maxLength} digits`, async ({ page }) => {
      const modal = await openDemo(page);
      const select = modal.getByLabel('Country');
      await expect(select).toHaveValue(code);
      await expect(select.locator('option:checked')).toHaveText(country);
      // The limit counts digits (issue 28): an HTML maxlength would count spaces too.
      await expect(modal.getByLabel('Number')).toHaveAttribute('data-max-digits', String(maxLength));
      await modal.getByLabel('Number').pressSequentially('1'.repeat(maxLength + 2));
      await expect(modal.getByLabel('Number')).toHaveValue('1'.repeat(maxLength));
    });
  });
}

test.describe('the list of countries comes once, when a form needs it (issue 32)', () => {
  test.use({ timezoneId: 'Asia/Manila' });

  test("/request-demo preselects the time zone's country from the list it asks for after hydrating", async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => request.url().endsWith('/forms/countries') && asked.push(request.url()));
    await openHydrated(page, '/request-demo');
    const form = page.getByRole('main').locator('form');
    await expect(form.getByLabel('Country')).toHaveValue('PH');
    await expect(form.getByLabel('Number')).toHaveAttribute('data-max-digits', '10');
    // The navbar's modal takes the same list: nothing asked for again.
    await navAction(page, 'Book a Demo').click();
    await expect(dialog(page, 'Book a demo').getByLabel('Country')).toHaveValue('PH');
    expect(asked).toHaveLength(1);
  });

  test("/integrations asks for the list with the request form's code, when the visitor reaches it", async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => request.url().endsWith('/forms/countries') && asked.push(request.url()));
    await openHydrated(page, '/integrations');
    expect(asked, 'nothing asked for before the form is reached').toEqual([]);
    const form = page.getByRole('region', { name: 'Request an integration' });
    // Typed before its code and list came: kept, and the country follows the zone once they have.
    await form.getByLabel('Name', { exact: true }).fill('Early Typist');
    await expect(form.getByLabel('Country')).toHaveValue('PH');
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Early Typist');
    expect(asked).toHaveLength(1);
  });

  test('reached by a link in the site while the list cannot be fetched, /integrations says so and the page loaded whole has the form', async ({
    page,
  }) => {
    await openHydrated(page, '/integrations/ledgerly');
    allowFailedRequests(page, /\/forms\/countries$/);
    await page.route('**/forms/countries', (route) => route.abort('internetdisconnected'));
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Integrations' }).click();
    await expect(page).toHaveURL(/\/integrations$/);
    const form = page.getByRole('region', { name: 'Request an integration' });
    await expect(form.getByRole('alert')).toHaveText('This form could not be loaded. Reload the page to fill it in.');
    await expect(form.getByLabel('Country')).toHaveCount(0);
    await page.unroute('**/forms/countries');
    await form.getByRole('link', { name: 'Reload the page' }).click();
    await expect(form.getByLabel('Country')).toBeVisible();
    await expect(form.getByRole('alert')).toHaveCount(0);
    expect(await form.getByLabel('Country').locator('option').count()).toBeGreaterThanOrEqual(230);
  });
});

test('choosing a country sets its maximum length, or 20', async ({ page }) => {
  const modal = await openDemo(page);
  const number = modal.getByLabel('Number');
  await modal.getByLabel('Country').selectOption('NZ');
  await expect(number).toHaveAttribute('data-max-digits', String(DEFAULT_PHONE_MAX_LENGTH));
  await number.pressSequentially('123456789012345');
  await expect(number).toHaveValue('123456789012345');
  await modal.getByLabel('Country').selectOption('PH');
  await expect(number).toHaveAttribute('data-max-digits', '10');
  await expect(number).toHaveValue('1234567890');
});

test('about 240 countries are offered', async ({ page }) => {
  const modal = await openDemo(page);
  const count = await modal.getByLabel('Country').locator('option:not([value=""])').count();
  expect(count).toBeGreaterThanOrEqual(230);
  expect(count).toBeLessThanOrEqual(260);
});

test('letters typed into the number do not appear; pasted text keeps its digits', async ({ page }) => {
  const modal = await openDemo(page);
  const number = modal.getByLabel('Number');
  await number.pressSequentially('4a1b2 -c+(3)');
  await expect(number).toHaveValue('4123');
  await number.press('Backspace');
  await expect(number).toHaveValue('412');
  await number.evaluate((input: HTMLInputElement) => {
    const data = new DataTransfer();
    data.setData('text/plain', ' 345-678 999x');
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  // Digits only, cut to Australia's 10.
  await expect(number).toHaveValue('4123456789');
});

test("the payload's number is '+61 412345678' and the server's message is shown", async ({ page }) => {
  const modal = await openDemo(page);
  const name = unique('Dana Whitfield');
  await fillValid(modal, name);
  const request = page.waitForRequest('**/api/RequestDemo');
  await submit(modal);
  const body = (await request).postDataJSON();
  expect(body).toMatchObject({ name, country: '61', number: '+61 412345678', email: 'dana@whitfield.com.au' });
  await expect(page.getByRole('dialog', { name: MESSAGES.demoThanks })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.demoThanks })).toBeVisible();
  const stored = rows<{ number: string; country: string }>(
    'SELECT number, country FROM demo_requests WHERE name = ?',
    name,
  );
  expect(stored).toEqual([{ number: '+61 412345678', country: '61' }]);
  // After the success both modals close.
  await expect(dialog(page, 'Book a demo')).toBeHidden({ timeout: 4000 });
});

test('a formatted number arriving as one input (autofill, dictation) keeps its digits and is accepted', async ({
  page,
}) => {
  const modal = await openDemo(page);
  const name = unique('Dana Whitfield');
  await fillValid(modal, name);
  await modal.getByLabel('Country').selectOption('AU');
  const number = modal.getByLabel('Number');
  await number.fill('');
  await number.focus();
  // One insertion of the whole text, as an input method or dictation delivers it.
  await page.keyboard.insertText('0412 345 678');
  await expect(number).toHaveValue('0412345678');
  const request = page.waitForRequest('**/api/RequestDemo');
  await submit(modal);
  expect((await request).postDataJSON()).toMatchObject({ country: '61', number: '+61 0412345678' });
  await expect(page.getByRole('dialog', { name: MESSAGES.demoThanks })).toBeVisible();
  expect(rows('SELECT number FROM demo_requests WHERE name = ?', name)).toEqual([{ number: '+61 0412345678' }]);
  // The same with the country's code in front, as browser autofill gives it.
  await openDemo(page);
  await number.focus();
  await page.keyboard.insertText('+61 412-345-678');
  await expect(number).toHaveValue('412345678');
});

test('an ERROR answer, an errorInfo answer and a network failure each show Book Demo Error!', async ({ page }) => {
  allowFailedRequests(page, /\/api\/RequestDemo$/);
  const answers = [
    { status: 400, json: ['ERROR', 'Name is required'] },
    { status: 400, json: { errorInfo: 'Refused' } },
  ];
  let call = 0;
  await page.route('**/api/RequestDemo', (route) => {
    const answer = answers[call++];
    return answer ? route.fulfill(answer) : route.abort('connectionfailed');
  });
  const modal = await openDemo(page);
  await fillValid(modal, 'Dana Whitfield');
  for (let attempt = 0; attempt < 3; attempt++) {
    await submit(modal);
    const result = page.getByRole('dialog', { name: MESSAGES.bookDemoError });
    await expect(result).toBeVisible();
    await expect(result).toBeHidden({ timeout: 4000 });
  }
  expect(call).toBe(3);
});
