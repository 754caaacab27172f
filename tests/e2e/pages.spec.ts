// The FAQ, the plans on offer, the landing, sign-up and profile pages, in a real browser against
// the production build.
import type { Page } from '@playwright/test';
import { E2E_STAFF } from '../helpers/e2e-staff.ts';
import { axe, WCAG_TAGS } from './axe-check.ts';
import { expect, test } from './fixtures.ts';
import { OVERLAY_SHOWN, overlaySeen, recordLoadingOverlay } from './overlay-recorder.ts';

const SHOTS = 'test-results/features';
const FAQ_API = '/api/Faqs/GetAllFromFaqs';

type FaqItem = { question: string; answer: string };

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).withTags(WCAG_TAGS).analyze();
  expect(
    results.violations.map(
      ({ id, help, nodes }) => `${id}: ${help} (${nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}

const isFaqCall = (url: string) => new URL(url).pathname === FAQ_API;

test.describe('the FAQ page', () => {
  test('shows the loading overlay, then the list loaded from the API; a question toggles its answer', async ({
    page,
  }) => {
    const apiAnswer = page.waitForResponse(
      (response) => isFaqCall(response.url()) && response.request().method() === 'GET',
    );
    await recordLoadingOverlay(page);
    const response = await page.goto('/faq');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Frequently asked questions | Haulora');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Frequently asked questions', exact: true }),
    ).toBeVisible();

    // The overlay once hydrated: a busy region and a 'Loading' status, then it lifts.
    const region = page.locator('.loading-region');
    await expect.poll(() => overlaySeen(page)).toEqual(OVERLAY_SHOWN('Loading questions'));
    await expect(region.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(region.locator('.loading-overlay')).toHaveCount(0);

    // The browser loaded the rows from the API, and the list shows exactly them, in order.
    const faqs = (await (await apiAnswer).json()) as FaqItem[];
    expect(faqs.length).toBeGreaterThan(5);
    const questions = region.locator('summary');
    await expect(questions).toHaveText(faqs.map((item) => item.question));

    const first = region.locator('details').first();
    const answer = first.getByText(faqs[0]!.answer, { exact: true });
    await expect(answer).toBeHidden();
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(answer).toBeVisible();
    await first.locator('summary').click();
    await expect(first).not.toHaveAttribute('open');
    await expect(answer).toBeHidden();

    // By keyboard too: a summary is focusable and Enter toggles it.
    const second = region.locator('details').nth(1);
    await second.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(second.getByText(faqs[1]!.answer, { exact: true })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(second.getByText(faqs[1]!.answer, { exact: true })).toBeHidden();
  });

  test('loads the list from the API on client-side navigation too', async ({ page }) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help', exact: true })).toBeVisible();
    const apiAnswer = page.waitForResponse((response) => isFaqCall(response.url()));
    await page.getByRole('main').getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page).toHaveURL(/\/faq$/);
    const faqs = (await (await apiAnswer).json()) as FaqItem[];
    await expect(page.locator('.loading-region summary')).toHaveText(faqs.map((item) => item.question));
  });

  test('asks the API once on a document load and shows its list where it differs from the HTML', async ({
    page,
    request,
  }) => {
    const faqs = (await (await request.get(FAQ_API)).json()) as FaqItem[];
    const edited = [{ question: 'Asked only in the API copy?', answer: 'Yes.' }, ...faqs];
    let calls = 0;
    await page.route(`**${FAQ_API}`, (route) => {
      calls += 1;
      return route.fulfill({ json: edited });
    });
    await page.goto('/faq');
    await expect(page.locator('.loading-region summary')).toHaveText(edited.map((item) => item.question));
    await page.waitForLoadState('networkidle');
    expect(calls).toBe(1);
  });

  test('carries FAQPage structured data with the CSP nonce, and no console error', async ({ page, request }) => {
    const response = await request.get('/faq');
    const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    // Every JSON-LD block (the site-wide Organization and WebSite, then the FAQPage) carries it.
    const tags = html.match(/<script type="application\/ld\+json"[^>]*>/g) ?? [];
    expect(tags.length, 'JSON-LD scripts').toBeGreaterThan(1);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);

    await page.goto('/faq');
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const json = JSON.parse(blocks.find((text) => text.includes('"FAQPage"')) ?? '') as {
      '@type': string;
      mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[];
    };
    expect(json['@type']).toBe('FAQPage');
    const questions = await page.locator('.loading-region summary').allTextContents();
    expect(json.mainEntity.map((entity) => entity.name)).toEqual(questions);
    expect(
      json.mainEntity.every((entity) => entity['@type'] === 'Question' && entity.acceptedAnswer.text.length > 20),
    ).toBe(true);
    // The fixture fails this test on any CSP violation or console error the page reported.
  });

  test('has no axe violations and looks right at 375 and 1280 px', async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/faq');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.locator('.loading-region summary').first().click();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/faq-${width}.png`, fullPage: true });
    }
  });
});

test.describe('the plans on offer', () => {
  test('/offer lists the plans, each quoted rather than priced, with Book a Demo', async ({ page }) => {
    const response = await page.goto('/offer');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Plans on offer | Haulora');
    await expect(page.getByRole('heading', { level: 1, name: 'Plans on offer', exact: true })).toBeVisible();
    const main = page.getByRole('main');
    for (const plan of ['Starter', 'Fleet', 'Enterprise']) {
      await expect(main.getByRole('heading', { level: 3, name: plan, exact: true })).toBeVisible();
      await expect(
        main
          .getByRole('list', { name: `${plan} includes` })
          .getByRole('listitem')
          .first(),
      ).toBeVisible();
      await expect(main.getByRole('link', { name: `Ask for a quote for the ${plan} plan` })).toHaveAttribute(
        'href',
        '/request-demo',
      );
    }
    await expect(main.getByRole('link', { name: 'Book a Demo', exact: true })).toHaveAttribute('href', '/request-demo');
    expect(await main.textContent()).not.toMatch(/[$€£]\s?\d/);
  });

  test('/offers redirects permanently to /offer', async ({ page, request }) => {
    const response = await request.get('/offers', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/offer');
    await page.goto('/offers');
    await expect(page).toHaveURL(/\/offer$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Plans on offer', exact: true })).toBeVisible();
  });

  // Its axe run at both widths, as loaded, is quality-pages.spec's visit of the same page.
  test('looks right at 375 and 1280 px', async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/offer');
      await page.screenshot({ path: `${SHOTS}/offer-${width}.png`, fullPage: true });
    }
  });
});

test.describe('the landing and sign-up pages', () => {
  test('/landing is a campaign page with a demo call to action', async ({ page }) => {
    const response = await page.goto('/landing');
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Run every load from one screen', exact: true }),
    ).toBeVisible();
    const demoLinks = page.getByRole('main').getByRole('link', { name: 'Book a Demo', exact: true });
    await expect(demoLinks).toHaveCount(2);
    for (const link of await demoLinks.all()) await expect(link).toHaveAttribute('href', '/request-demo');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Read about Jobs/ })
      .click();
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs', exact: true })).toBeVisible();
  });

  test('/signup explains how accounts are set up, links to a demo and contact, and has no footer', async ({ page }) => {
    const response = await page.goto('/signup');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign up for Haulora', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'How your account is set up' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Book a Demo', exact: true })).toHaveAttribute('href', '/request-demo');
    await expect(main.getByRole('link', { name: 'Contact us', exact: true })).toHaveAttribute('href', '/home#contact');
    await expect(main.getByRole('link', { name: 'hello@haulora.com' })).toHaveAttribute(
      'href',
      'mailto:hello@haulora.com',
    );
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  // Their axe run (every WCAG and best-practice rule at 375 and 1280 px, as loaded) is
  // quality-pages.spec's visit of each: the same page load, so not repeated here.
});

test.describe('the staff profile', () => {
  test('asks a signed-out visitor to sign in', async ({ page }) => {
    const response = await page.goto('/user-profile');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile', exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Please sign in' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
      'href',
      '/sign-in',
    );
    await expectNoAxeViolations(page);
  });

  test('shows the signed-in staff member and when the session expires, checked with the bearer token', async ({
    page,
  }) => {
    // Sign in as the test staff user through the API, as the sign-in form does, and keep the
    // tokens in session storage.
    await page.goto('/home');
    const tokens = await page.evaluate(async ({ username, password }) => {
      const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const response = await fetch('/api/SignIn', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': xsrf },
        body: JSON.stringify({ username, password }),
      });
      const body = (await response.json()) as { access_token: string; refresh_token: string };
      sessionStorage.setItem('access_token', body.access_token);
      sessionStorage.setItem('refresh_token', body.refresh_token);
      return body;
    }, E2E_STAFF);
    expect(tokens.access_token).toBeTruthy();

    const authorizations: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/ValidateToken')
        authorizations.push(request.headers().authorization);
    });
    const validated = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/ValidateToken');
    await page.goto('/user-profile');
    const { expires_at: expiresAt } = (await (await validated).json()) as { expires_at: string };
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'Signed in' })).toBeVisible();
    await expect(main.getByText(E2E_STAFF.username, { exact: true })).toBeVisible();
    await expect(main.locator(`time[datetime="${expiresAt}"]`)).toBeVisible();
    expect(authorizations.length).toBeGreaterThan(0);
    expect(authorizations.every((value) => value === `Bearer ${tokens.access_token}`)).toBe(true);
    await expectNoAxeViolations(page);
  });
});

test.describe('without JavaScript', () => {
  test('every page of this set has its main content in the server HTML', async ({ request }) => {
    const faqs = (await (await request.get(FAQ_API)).json()) as FaqItem[];
    const pages: Record<string, string[]> = {
      '/faq': ['<h1>Frequently asked questions</h1>', '<details', ...faqs.map((item) => escapeHtml(item.question))],
      '/offer': [
        '<h1>Plans on offer</h1>',
        '<h3>Starter</h3>',
        '<h3>Fleet</h3>',
        '<h3>Enterprise</h3>',
        'href="/request-demo"',
      ],
      '/landing': ['<h1>Run every load from one screen</h1>', 'href="/request-demo"'],
      '/signup': ['<h1>Sign up for Haulora</h1>', 'How your account is set up', 'href="/request-demo"'],
      '/user-profile': ['<h1>Your profile</h1>', 'Please sign in', 'href="/sign-in"'],
    };
    for (const [path, expected] of Object.entries(pages)) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      for (const text of expected) expect(html, `${path} holds ${text}`).toContain(text);
    }
    // The FAQ answers are in the HTML too (inside the closed disclosures).
    const faqHtml = await (await request.get('/faq')).text();
    for (const item of faqs) expect(faqHtml).toContain(escapeHtml(item.answer));
  });
});

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
