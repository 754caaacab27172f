// A first-time visitor on the home page, in a real browser against the production build.
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';

const HEADLINE = 'Better Solutions For Managing Your Freight';

test('a visitor lands on the home page and jumps to About Us', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page).toHaveTitle(/Haulora/);

  await expect(page.getByRole('heading', { level: 1, name: HEADLINE, exact: true })).toBeVisible();
  const getStarted = page.getByRole('link', { name: 'Get Started', exact: true });
  await expect(getStarted).toBeVisible();
  await expect(page.getByRole('link', { name: 'Watch Video', exact: true })).toHaveAttribute('href', '/docs');

  await getStarted.click();
  await expect(page).toHaveURL(/\/home#about$/);
  const aboutUs = page.getByRole('heading', { level: 2, name: 'About Us', exact: true });
  await expect(aboutUs).toBeInViewport();
  await expect(page.locator('#about').getByRole('link', { name: 'hello@haulora.com' })).toHaveAttribute('href', 'mailto:hello@haulora.com');

  await page.screenshot({ path: join(testInfo.project.outputDir, 'home.png'), fullPage: true });
});

test('the home page carries a CSP script nonce on every script and hydrates under it', async ({ page, request }) => {
  const response = await request.get('/home');
  expect(response.status()).toBe(200);
  const csp = response.headers()['content-security-policy'];
  expect(csp, 'Content-Security-Policy header').toBeTruthy();
  const scriptSrc = csp!.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('script-src '));
  expect(scriptSrc, `script-src in: ${csp}`).toBeTruthy();
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc!)?.[1];
  expect(nonce, `a nonce in: ${scriptSrc}`).toBeTruthy();

  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
  expect(scripts.length, 'the page has scripts to hydrate with').toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, 'every <script> carries the response nonce').toContain(`nonce="${nonce}"`);

  // A fresh load in the browser (its own nonce): React must hydrate with no CSP violation or
  // hydration error, both of which the fixture's console guard turns into failures.
  const pageResponse = await page.goto('/home', { waitUntil: 'networkidle' });
  expect(pageResponse?.status()).toBe(200);
  await expect
    .poll(() => page.evaluate(() => Object.keys(document).some((key) => key.startsWith('__reactContainer$'))), {
      message: 'React hydrated the document',
    })
    .toBe(true);
});
