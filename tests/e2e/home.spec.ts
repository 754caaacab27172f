// The home page in a real browser against the production build: the carousel, the accordion,
// the portfolio filter, the FAQ excerpt, the anchors, the map facade, accessibility, and the
// page as it arrives without JavaScript.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { CAROUSEL_INTERVAL_MS } from '../../app/components/sections/home/carousel-timing.ts';
import { HOME_FAQ_COUNT, MAIN_COMPONENT_COUNT } from '../../common/constants.ts';
import { axe, WCAG_TAGS } from './axe-check.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

const HEADLINE = 'Better Solutions For Managing Your Freight';
const OSM = 'https://www.openstreetmap.org';
const SCREENSHOTS = 'test-results/home';

/** Opens the home page and waits until React has taken it over (the carousel says so). */
async function openHome(page: Page, path = '/home') {
  await page.goto(path);
  await expect(page.locator('#home')).toHaveAttribute('data-enhanced', 'true');
}

const carousel = (page: Page) => page.getByRole('region', { name: 'Haulora at a glance' });
const dot = (page: Page, number: number) => page.getByRole('button', { name: `Slide ${number} of 3`, exact: true });

/** The picker's dot for `number` is the current one, and only it. */
async function expectActiveSlide(page: Page, number: number) {
  for (const other of [1, 2, 3]) {
    if (other === number) await expect(dot(page, other)).toHaveAttribute('aria-current', 'true');
    else await expect(dot(page, other)).not.toHaveAttribute('aria-current', 'true');
  }
  await expect(page.getByRole('group', { name: `${number} of 3`, exact: true })).toBeInViewport({ ratio: 0.9 });
}

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
  await expect(page.locator('#contact').getByRole('link', { name: 'hello@haulora.com' })).toHaveAttribute(
    'href',
    'mailto:hello@haulora.com',
  );

  await page.screenshot({ path: join(testInfo.project.outputDir, 'home.png'), fullPage: true });
});

test('the home page carries a CSP script nonce on every script and hydrates under it', async ({ page, request }) => {
  const response = await request.get('/home');
  expect(response.status()).toBe(200);
  const csp = response.headers()['content-security-policy'];
  expect(csp, 'Content-Security-Policy header').toBeTruthy();
  const scriptSrc = csp!
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('script-src '));
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
  await waitForHydration(page);
});

test.describe('the carousel', () => {
  test('is a labelled carousel of three slides, the first with the page headline', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHome(page);
    const region = carousel(page);
    await expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(region).toHaveAttribute('id', 'home');
    const slides = region.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(3);
    for (const [index, slide] of (await slides.all()).entries()) {
      await expect(slide).toHaveAttribute('role', 'group');
      await expect(slide).toHaveAttribute('aria-label', `${index + 1} of 3`);
    }
    await expect(slides.nth(0).getByRole('heading', { level: 1, name: HEADLINE, exact: true })).toBeVisible();
    await expect(slides.nth(1).getByRole('heading', { level: 2 })).toHaveCount(1);
    await expect(slides.nth(2).getByRole('heading', { level: 2 })).toHaveCount(1);
    await expectActiveSlide(page, 1);
  });

  test('previous, next and the slide picker change the slide', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHome(page);
    const next = page.getByRole('button', { name: 'Next slide', exact: true });
    const previous = page.getByRole('button', { name: 'Previous slide', exact: true });

    await next.click();
    await expectActiveSlide(page, 2);
    await next.click();
    await expectActiveSlide(page, 3);
    await next.click();
    await expectActiveSlide(page, 1);
    await previous.click();
    await expectActiveSlide(page, 3);
    await previous.click();
    await expectActiveSlide(page, 2);

    await dot(page, 1).click();
    await expectActiveSlide(page, 1);
    await dot(page, 3).click();
    await expectActiveSlide(page, 3);
    await expect(
      carousel(page).getByRole('heading', { level: 2, name: /Invoice what you delivered/ }),
    ).toBeInViewport();
  });

  test('follows a swipe: scrolling the track moves the current dot', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHome(page);
    await page
      .locator('#hero-slides')
      .evaluate((track) => track.scrollTo({ left: track.clientWidth, behavior: 'instant' }));
    await expectActiveSlide(page, 2);
  });

  test('autoplays when motion is allowed, and stops on hover, on focus and on request', async ({ page }) => {
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await openHome(page);
    await expectActiveSlide(page, 1);

    await page.clock.runFor(CAROUSEL_INTERVAL_MS + 200);
    await expectActiveSlide(page, 2);

    // The pointer over the carousel holds the slide; leaving (onto the navbar) resumes.
    await page.getByRole('heading', { level: 2, name: /Dispatch in minutes/ }).hover();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    await expectActiveSlide(page, 2);
    await page.getByRole('link', { name: 'Haulora home' }).hover();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS + 200);
    await expectActiveSlide(page, 3);

    // Focus inside the carousel holds it too.
    await dot(page, 1).focus();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    await expectActiveSlide(page, 3);

    // The stop button ends autoplay even after focus leaves.
    const stop = page.getByRole('button', { name: 'Stop automatic slide show' });
    await stop.click();
    await expect(page.getByRole('button', { name: 'Start automatic slide show' })).toBeVisible();
    await page.getByRole('link', { name: 'Haulora home' }).focus();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    await expectActiveSlide(page, 3);
  });

  test('does not autoplay when the visitor prefers reduced motion', async ({ page }) => {
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHome(page);
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3);
    await expectActiveSlide(page, 1);
    await expect(page.getByRole('button', { name: /automatic slide show/ })).toHaveCount(0);
  });
});

test('every home anchor exists, and the sections come in the spec order', async ({ page }) => {
  await openHome(page);
  for (const id of ['home', 'about', 'skills', 'services', 'contact']) {
    await expect(page.locator(`[id="${id}"]`), `#${id}`).toHaveCount(1);
  }
  const headings = await page.locator('main h2').evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim()));
  const sectionHeadings = headings.slice(2); // the carousel's other two slides come first
  expect(sectionHeadings).toEqual([
    // Right under the hero, the customers' proof row (issue 28), then the spec's sections in order.
    'Trusted by transport operators across Australia',
    'About Us',
    'One system from booking to invoice',
    'Connect Haulora to the systems you already run',
    'Support for every side of a transport business',
    "Where Haulora's components do their work",
    'See Haulora at work',
    'Frequently asked questions',
    'Contact Us',
    // After the spec's sections, the closing call to action (issue 28).
    'See your own freight run through Haulora',
  ]);

  await page.goto('/home#services');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Support for every side of a transport business' }),
  ).toBeInViewport();
});

test('About Us states the number of main components', async ({ page }) => {
  await openHome(page);
  const about = page.locator('#about');
  await expect(about).toContainText(`Haulora is made of ${MAIN_COMPONENT_COUNT} main components`);
  await expect(about.getByRole('link', { name: 'Browse all features' })).toHaveAttribute('href', '/features');
});

test('Why choose Haulora: three accordion items open and close, their icons swapping', async ({ page }) => {
  await openHome(page);
  const items = page.getByRole('region', { name: 'One system from booking to invoice' }).locator('details');
  await expect(items).toHaveCount(3);

  const second = items.nth(1);
  const showIcon = second.locator('.why-icon-show');
  const closeIcon = second.locator('.why-icon-close');
  const answer = second.locator('p');
  await expect(second).not.toHaveAttribute('open');
  await expect(showIcon).toBeVisible();
  await expect(closeIcon).toBeHidden();
  await expect(answer).toBeHidden();

  await second.locator('summary').click();
  await expect(second).toHaveAttribute('open', '');
  await expect(answer).toBeVisible();
  await expect(closeIcon).toBeVisible();
  await expect(showIcon).toBeHidden();

  // The keyboard closes it again.
  await second.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(second).not.toHaveAttribute('open');
  await expect(showIcon).toBeVisible();
  await expect(closeIcon).toBeHidden();
});

test('API Integration opens the developer documentation in a new tab', async ({ page }) => {
  await openHome(page);
  const docs = page.getByRole('link', { name: 'Explore the API docs (opens in a new tab)' });
  await expect(docs).toHaveAttribute('href', 'https://developers.haulora.com');
  await expect(docs).toHaveAttribute('target', '_blank');
  await expect(docs).toHaveAttribute('rel', /noopener/);
});

// Illustrations far below the first screen are laid out and painted only near the viewport
// (content-visibility: auto), yet their boxes never move or change size when they render.
const SKIPPED_OFF_SCREEN = [
  // The API art: its endless flow animation would otherwise repaint wherever the page is scrolled.
  { name: 'the API illustration', box: '.api-art', drawing: '.api-art svg' },
];

for (const { name, box, drawing } of SKIPPED_OFF_SCREEN) {
  test(`${name} is skipped while off screen yet keeps its exact place and size`, async ({ page }) => {
    await openHome(page);
    const art = page.locator(box);
    const drawn = () => page.locator(drawing).evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true }));
    expect(await drawn()).toBe(false);
    const offScreen = (await art.boundingBox())!;
    await art.scrollIntoViewIfNeeded();
    await expect.poll(drawn).toBe(true);
    const onScreen = (await art.boundingBox())!;
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(onScreen.height).toBeGreaterThan(100);
    expect({ width: onScreen.width, height: onScreen.height, top: onScreen.y + scrolled }).toEqual({
      width: offScreen.width,
      height: offScreen.height,
      top: offScreen.y,
    });
    // The box has the drawing's own shape, so nothing is cropped or letterboxed.
    const viewBoxRatio = await art.evaluate((node) => {
      const { width, height } = (node.closest('svg') ?? node.querySelector('svg')!).viewBox.baseVal;
      return height / width;
    });
    expect(onScreen.height / onScreen.width).toBeCloseTo(viewBoxRatio, 2);
  });
}

test('Services lists the four services and Skills shows one labelled meter per strength', async ({ page }) => {
  await openHome(page);
  const services = page.locator('#services').getByRole('heading', { level: 3 });
  await expect(services).toHaveText(['IT Support', 'Administrative', 'Accounting & Finance', 'Transport & Logistics']);

  const meters = page.locator('#skills').getByRole('meter');
  await expect(meters).toHaveCount(5);
  const values = await meters.evaluateAll((nodes) =>
    nodes.map((node) => [(node as HTMLMeterElement).value, (node as HTMLMeterElement).max]),
  );
  expect(values.every(([, max]) => max === MAIN_COMPONENT_COUNT)).toBe(true);
  expect(values.reduce((sum, [value]) => sum + value!, 0)).toBe(MAIN_COMPONENT_COUNT);
  await expect(page.getByRole('meter', { name: 'Dispatch and operations' })).toHaveJSProperty('value', 5);
  await expect(page.locator('#skills')).toContainText(`5 of ${MAIN_COMPONENT_COUNT} components`);
});

test('the portfolio filter shows the matching screens and marks the pressed filter', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openHome(page);
  const section = page.getByRole('region', { name: 'See Haulora at work' });
  const filter = (name: string) => section.getByRole('button', { name, exact: true });
  const screen = (name: string) =>
    section.locator('.portfolio-item').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const expectShown = async (shown: string[]) => {
    for (const name of ['Dispatch board', 'Driver app', 'Staff portal']) {
      if (shown.includes(name)) await expect(screen(name), name).toBeVisible();
      else await expect(screen(name), name).toBeHidden();
    }
  };
  const expectPressed = async (pressed: string) => {
    for (const name of ['All', 'TMS', 'App', 'Staff Portal']) {
      await expect(filter(name)).toHaveAttribute('aria-pressed', String(name === pressed));
    }
  };

  await expectPressed('All');
  await expectShown(['Dispatch board', 'Driver app', 'Staff portal']);
  await expect(section.getByRole('img')).toHaveCount(3);

  await filter('App').click();
  await expectPressed('App');
  await expectShown(['Driver app']);
  await expect(section.getByRole('status')).toHaveText('Showing 1 of 3 screens');

  await filter('TMS').click();
  await expectPressed('TMS');
  await expectShown(['Dispatch board', 'Staff portal']);

  await filter('Staff Portal').click();
  await expectPressed('Staff Portal');
  await expectShown(['Staff portal']);

  await filter('All').click();
  await expectPressed('All');
  await expectShown(['Dispatch board', 'Driver app', 'Staff portal']);
});

test('the FAQ shows the first five questions the API serves, and See More leads to /faq', async ({ page, request }) => {
  const response = await request.get('/api/Faqs/GetAllFromFaqs');
  expect(response.status()).toBe(200);
  const faqs = ((await response.json()) as { question: string; answer: string }[]).slice(0, HOME_FAQ_COUNT);
  expect(faqs).toHaveLength(5);

  await openHome(page);
  const section = page.getByRole('region', { name: 'Frequently asked questions' });
  const items = section.locator('details');
  await expect(items).toHaveCount(5);
  await expect(items.locator('summary')).toHaveText(faqs.map((faq) => faq.question));

  const first = items.first();
  await expect(first.getByText(faqs[0]!.answer)).toBeHidden();
  await first.locator('summary').click();
  await expect(first.getByText(faqs[0]!.answer)).toBeVisible();

  await section.getByRole('link', { name: 'See More FAQs', exact: true }).click();
  await expect(page).toHaveURL(/\/faq$/);
});

test('Contact Us shows the configured details and the slot for the contact form', async ({ page }) => {
  await openHome(page);
  const contact = page.locator('#contact');
  await expect(contact.getByRole('heading', { level: 2, name: 'Contact Us' })).toBeVisible();
  await expect(contact).toContainText('Level 4, 88 Harris Street, Pyrmont NSW 2009, Australia');
  await expect(contact).toContainText('Monday to Friday, 8 am to 6 pm AEST');
  await expect(contact.getByRole('link', { name: 'hello@haulora.com' })).toHaveAttribute(
    'href',
    'mailto:hello@haulora.com',
  );
  await expect(contact.getByRole('link', { name: '+61 2 8000 4285' })).toHaveAttribute('href', 'tel:+61280004285');
  await expect(contact).not.toContainText('{email}');
  await expect(contact).not.toContainText('{phone}');
  await expect(contact.locator('#contact-form.contact-form-slot')).toHaveCount(1);
});

test('the forms below the fold load their code only as the visitor nears them', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const scripts: string[] = [];
  page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
  const fetched = (name: string) => scripts.some((path) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(path));
  await openHome(page);
  await page.waitForTimeout(500);
  // Every form's code is in one file (vite.config.ts, decision 042).
  expect(fetched('forms'), "the forms' code not fetched at the top").toBe(false);
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await expect.poll(() => fetched('forms')).toBe(true);
  const form = page.locator('#contact form.contact-form');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
});

// A router update (here an in-page jump) must not reach a form still waiting for its code:
// React would hold it, or throw the server's form away (deferred-form.tsx).
test('an in-page jump keeps the forms below the fold, still without their code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
  await openHome(page);
  await page.getByRole('link', { name: 'Get Started', exact: true }).click();
  await expect(page).toHaveURL(/\/home#about$/);
  await page.waitForTimeout(500);
  await expect(page.locator('#contact-form form.contact-form')).toHaveCount(1);
  await expect(page.locator('footer form')).toHaveCount(2);
  expect(scripts.filter((path) => /^\/assets\/forms-[\w-]+\.js$/.test(path))).toEqual([]);
});

test.describe('the map facade', () => {
  test('fetches nothing from OpenStreetMap until asked', async ({ page }) => {
    // The fixture fails this test on any request to another origin; this list says it outright.
    const osmRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(OSM)) osmRequests.push(request.url());
    });
    await openHome(page, '/home#contact');
    const showMap = page.getByRole('button', { name: 'Show map' });
    await showMap.scrollIntoViewIfNeeded();
    await expect(showMap).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#contact iframe')).toHaveCount(0);
    expect(osmRequests).toEqual([]);
  });

  test('Show map replaces the preview with the OpenStreetMap embed of the office', async ({ browser, baseURL }) => {
    // This test loads the map on purpose, which the shared page guard would count as a request
    // to another origin: it runs in its own context, with OpenStreetMap answered locally.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const osmRequests: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route(`${OSM}/**`, (route) => {
      osmRequests.push(route.request().url());
      return route.fulfill({ body: '<html><body>map</body></html>', contentType: 'text/html' });
    });
    try {
      await openHome(page, '/home#contact');
      await page.getByRole('button', { name: 'Show map' }).click();
      const map = page.getByTitle('Map of our office');
      await expect(map).toBeVisible();
      await expect(map).toBeFocused();
      const src = new URL((await map.getAttribute('src'))!);
      expect(src.origin + src.pathname).toBe(`${OSM}/export/embed.html`);
      expect(src.searchParams.get('layer')).toBe('mapnik');
      expect(src.searchParams.get('marker')).toBe('-33.8688,151.1939');
      const [west, south, east, north] = src.searchParams.get('bbox')!.split(',').map(Number);
      expect(west! < 151.1939 && 151.1939 < east! && south! < -33.8688 && -33.8688 < north!).toBe(true);
      await expect(page.getByRole('button', { name: 'Show map' })).toHaveCount(0);
      await expect(
        page.getByRole('link', { name: 'Open the map on OpenStreetMap (opens in a new tab)' }),
      ).toBeVisible();
      await expect.poll(() => osmRequests.length).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

test.describe('accessibility', () => {
  for (const width of [375, 1280]) {
    test(`axe finds no WCAG 2.2 A/AA violation on /home at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openHome(page);
      // Check with the disclosures open too: their content is part of the page.
      await page
        .locator('main details:not([open]) > summary')
        .evaluateAll((summaries) => summaries.forEach((summary) => (summary as HTMLElement).click()));
      const results = await axe(page).withTags(WCAG_TAGS).analyze();
      const violations = results.violations.map(({ id, help, nodes }) => ({
        id,
        help,
        targets: nodes.map((node) => node.target.join(' ')),
      }));
      expect(violations).toEqual([]);
    });
  }
});

test.describe('without JavaScript', () => {
  test('the server HTML holds every section, the five FAQ items and the contact details', async ({ request }) => {
    const response = await request.get('/home');
    expect(response.status()).toBe(200);
    const html = await response.text();
    const faqs = ((await (await request.get('/api/Faqs/GetAllFromFaqs')).json()) as { question: string }[]).slice(
      0,
      HOME_FAQ_COUNT,
    );
    const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;');
    for (const text of [
      HEADLINE,
      'Get Started',
      'Watch Video',
      'About Us',
      `Haulora is made of ${MAIN_COMPONENT_COUNT} main components`,
      'One system from booking to invoice',
      'Explore the API docs',
      'IT Support',
      'Administrative',
      'Accounting & Finance',
      'Transport & Logistics',
      'Dispatch and operations',
      'Dispatch board',
      'Driver app',
      'Staff portal',
      'See More',
      'Contact Us',
      'hello@haulora.com',
      '+61 2 8000 4285',
      'Open the map on OpenStreetMap',
      ...faqs.map((faq) => faq.question),
    ]) {
      expect(html, text).toContain(escape(text));
    }
    expect(html).not.toContain('{email}');
    expect(html).not.toContain('{phone}');
    expect(html).not.toContain('<iframe');
  });

  test('the page works without JavaScript: first slide, open disclosures, all screens, a map link', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto('/home');
      await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeInViewport();
      // Controls that need script are not offered; the other slides are a horizontal scroll away.
      await expect(page.getByRole('button', { name: 'Next slide' })).toHaveCount(0);
      await page.locator('#hero-slides').evaluate((track) => track.scrollTo({ left: track.clientWidth * 2 }));
      await expect(page.getByRole('group', { name: '3 of 3' })).toBeInViewport({ ratio: 0.9 });

      const why = page.getByRole('region', { name: 'One system from booking to invoice' }).locator('details').nth(2);
      await why.locator('summary').click();
      await expect(why).toHaveAttribute('open', '');

      const portfolio = page.getByRole('region', { name: 'See Haulora at work' });
      await expect(portfolio.getByRole('button')).toHaveCount(0);
      await expect(portfolio.getByRole('img')).toHaveCount(3);
      for (const image of await portfolio.getByRole('img').all()) await expect(image).toBeVisible();

      const faq = page.getByRole('region', { name: 'Frequently asked questions' }).locator('details').first();
      await faq.locator('summary').click();
      await expect(faq).toHaveAttribute('open', '');

      const mapLink = page.getByRole('link', { name: 'Open the map on OpenStreetMap (opens in a new tab)' });
      await expect(mapLink).toHaveAttribute('href', `${OSM}/?mlat=-33.8688&mlon=151.1939#map=17/-33.8688/151.1939`);
      await expect(page.getByRole('button', { name: 'Show map' })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});

test('screenshots of the top, middle and bottom at 375 and 1280 px', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await openHome(page);
    await page.screenshot({ path: `${SCREENSHOTS}/top-${width}.png` });
    for (const [name, target] of [
      ['middle', '#skills'],
      ['bottom', '#contact'],
    ]) {
      await page.locator(target!).scrollIntoViewIfNeeded();
      // Two frames: the navbar turns solid on the frame after the scroll.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png` });
    }
  }
});
