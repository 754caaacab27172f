// The site shell in a real browser (spec 2, Shared layout): the navbar's entries and where they
// lead, its transparent/solid switch, keyboard dropdowns, the mobile menu, the footer, the
// redirect and the 404 page, scroll to top, the skip link, and axe on the shell's pages.
import type { Locator, Page } from '@playwright/test';
import { href } from 'react-router';
import { NAVBAR_SCROLL_THRESHOLD_PX } from '../../common/constants.ts';
import { loadSiteContent } from '../../server/content-files.ts';
import { expectNoAxeViolations } from './axe-check.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { recordScrollFrames, scrollFramesOf } from './scroll-recorder.ts';

// The test server runs without SITE_* overrides, so the pages show content/site.yaml's values.
const site = loadSiteContent();

const DESKTOP = { width: 1280, height: 800 };
const TOP_LEVEL = ['Home', 'Products', 'About', 'Resources', 'Socials', 'Contact Us', 'Manual'];
const NEW_TAB = ' (opens in a new tab)';
/** The top-level entries' text (the Manual's includes its hidden new-tab note). */
const TOP_LEVEL_TEXT = TOP_LEVEL.map((label) => (label === 'Manual' ? `${label}${NEW_TAB}` : label));

/** The dropdowns and their items, as the spec names them; `to` is where each item leads. */
const MENUS = [
  {
    label: 'Products',
    items: [
      { name: 'Features', to: href('/features') },
      { name: 'Services', to: `${href('/home')}#services` },
      { name: 'Integrations', to: href('/integrations') },
      { name: 'Plans and pricing', to: href('/offer') },
    ],
  },
  {
    label: 'About',
    items: [
      { name: 'About Us', to: `${href('/home')}#about` },
      { name: 'FAQs', to: href('/faq') },
      { name: 'Customers', to: href('/customers') },
      { name: 'Security', to: href('/security') },
    ],
  },
  {
    label: 'Resources',
    items: [
      { name: 'Video tutorials', to: `${href('/docs')}#tutorials` },
      { name: `Accreditation${NEW_TAB}`, to: site.links.accreditation, newTab: true },
      { name: 'Changelog', to: href('/changelog') },
    ],
  },
  {
    label: 'Socials',
    items: site.socials.map((social) => ({ name: `${social.name}${NEW_TAB}`, to: social.url, newTab: true })),
  },
];

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const header = (page: Page) => page.locator('header.site-header');
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
/** The navbar's top-level links and menu buttons, in order. */
const topLevelEntries = (page: Page) =>
  mainNav(page).locator(':scope > ul > li').locator(':scope > a, :scope > .dropdown > button');
const menuOf = (page: Page, label: string) => mainNav(page).getByRole('button', { name: label, exact: true });
/** Sign In and Book a Demo are links without JavaScript and may become modal buttons. */
const action = (page: Page, name: string) =>
  mainNav(page)
    .getByRole('link', { name, exact: true })
    .or(mainNav(page).getByRole('button', { name, exact: true }));

/** Opens a page and waits for hydration, after which the header runs its scripted behaviour. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(header(page)).toHaveAttribute('data-enhanced', 'true');
  return response;
}

/** The dropdown list a menu button controls. */
async function dropdownOf(page: Page, button: Locator) {
  const id = await button.getAttribute('aria-controls');
  expect(id, 'the menu button names the list it controls').toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

/** Presses Tab until `target` has focus, failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 20) {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

async function scrollToY(page: Page, top: number) {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(top);
}

/** Waits two frames: the header updates on the frame after a scroll event. */
async function settle(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Marks the loaded document, so a later check proves a navigation stayed in the app (no reload). */
async function markDocument(page: Page) {
  await page.evaluate(() => document.documentElement.setAttribute('data-test-document', 'kept'));
}

async function expectSameDocument(page: Page) {
  await expect(page.locator('html'), 'the app navigated without reloading the page').toHaveAttribute(
    'data-test-document',
    'kept',
  );
}

const headerBackground = (page: Page) => header(page).evaluate((element) => getComputedStyle(element).backgroundColor);
const TRANSPARENT = 'rgba(0, 0, 0, 0)';
/** An opaque rgb() colour: the solid bar. */
const OPAQUE = /^rgb\(\d+, \d+, \d+\)$/;

test.describe('navbar entries', () => {
  test.use({ viewport: DESKTOP });

  test('the navbar has exactly the spec entries, in order, with Sign In and Book a Demo', async ({ page }) => {
    await open(page, href('/features'));
    const nav = mainNav(page);
    await expect(topLevelEntries(page)).toHaveText(TOP_LEVEL_TEXT);

    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', href('/home'));
    await expect(nav.getByRole('link', { name: 'Contact Us', exact: true })).toHaveAttribute(
      'href',
      `${href('/home')}#contact`,
    );
    const manual = nav.getByRole('link', { name: `Manual${NEW_TAB}`, exact: true });
    await expect(manual).toHaveAttribute('href', href('/docs'));
    await expect(manual).toHaveAttribute('target', '_blank');
    await expect(manual).toHaveAttribute('rel', /noopener/);
    for (const { label } of MENUS) await expect(menuOf(page, label)).toHaveAttribute('aria-expanded', 'false');
    await expect(action(page, 'Sign In')).toBeVisible();
    await expect(action(page, 'Book a Demo')).toBeVisible();
  });

  test('each dropdown lists exactly its items; outside links open in a new tab', async ({ page }) => {
    await open(page, href('/features'));
    for (const menu of MENUS) {
      const button = menuOf(page, menu.label);
      const list = await dropdownOf(page, button);
      await expect(list).toBeHidden();
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(list).toBeVisible();
      await expect(list.getByRole('link')).toHaveCount(menu.items.length);
      for (const item of menu.items) {
        const link = list.getByRole('link', { name: item.name, exact: true });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute('href', item.to);
        if (item.newTab) {
          await expect(link).toHaveAttribute('target', '_blank');
          await expect(link).toHaveAttribute('rel', /noopener/);
        } else {
          await expect(link).not.toHaveAttribute('target', /.+/);
        }
      }
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(list).toBeHidden();
    }
  });

  test('the in-site entries lead where they should and close their dropdown', async ({ page }) => {
    // Twelve navigations, each to a page that hydrates: 7 s on a quiet machine, 35 s with four
    // at once on two busy cores, so it gets three times the usual minute.
    test.slow();
    await open(page, href('/features'));
    await markDocument(page);
    const internalItems = MENUS.flatMap((menu) =>
      menu.items.filter((item) => !item.newTab).map((item) => ({ menu: menu.label, ...item })),
    );
    for (const item of internalItems) {
      const button = menuOf(page, item.menu);
      await button.click();
      await (await dropdownOf(page, button)).getByRole('link', { name: item.name, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname + url.hash === item.to);
      await expect(button).toHaveAttribute('aria-expanded', 'false');
    }

    await mainNav(page).getByRole('link', { name: 'Contact Us', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname + url.hash === `${href('/home')}#contact`);
    await expectSameDocument(page);
    await open(page, href('/faq'));
    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === href('/home') && url.hash === '');
    await expect(mainNav(page).getByRole('link', { name: 'Home', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('Manual opens /docs in a new tab', async ({ page, context }) => {
    await open(page, href('/features'));
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      mainNav(page)
        .getByRole('link', { name: `Manual${NEW_TAB}`, exact: true })
        .click(),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(href('/docs'));
    await expect(page).toHaveURL((url) => url.pathname === href('/features'));
    await tab.close();
  });

  test('the whole bar fits on one row from 992 px up', async ({ page }) => {
    await open(page, href('/features'));
    for (const width of [992, 1024, 1100, 1199, 1200, 1280, 1440]) {
      await page.setViewportSize({ width, height: 700 });
      await expect(menuButton(page)).toBeHidden();
      // Every control in the bar: the brand, the entries, the actions and whatever joins them (search).
      const controls = header(page).locator('a:visible, button:visible, summary:visible').filter({ visible: true });
      const boxes = (await Promise.all((await controls.all()).map((control) => control.boundingBox()))).filter(
        (box) => box !== null,
      );
      expect(
        boxes.length,
        `the bar shows the brand, ${TOP_LEVEL.length} entries and the actions at ${width} px`,
      ).toBeGreaterThanOrEqual(TOP_LEVEL.length + 3);
      const bar = await header(page).evaluate((element) => ({
        height: element.getBoundingClientRect().height,
        overflow: element.scrollWidth - element.clientWidth,
      }));
      expect(bar.overflow, `nothing overflows the bar at ${width} px`).toBeLessThanOrEqual(0);
      boxes.sort((a, b) => a.x - b.x);
      for (const [index, box] of boxes.entries()) {
        expect(box.y + box.height, `control ${index} sits inside the bar at ${width} px`).toBeLessThanOrEqual(
          bar.height,
        );
        expect(box.x + box.width, `control ${index} stays inside the window at ${width} px`).toBeLessThanOrEqual(width);
        const previous = boxes[index - 1];
        if (previous)
          expect(box.x, `controls do not overlap at ${width} px`).toBeGreaterThanOrEqual(
            previous.x + previous.width - 0.5,
          );
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `no sideways scroll at ${width} px`,
      ).toBeLessThanOrEqual(width);
    }
  });
});

test.describe('navbar background', () => {
  // A short window so that even a short page scrolls well past the threshold.
  test.use({ viewport: { width: 1280, height: 420 } });

  test(`transparent at the top, solid past ${NAVBAR_SCROLL_THRESHOLD_PX} px, transparent again back up`, async ({
    page,
  }, testInfo) => {
    await open(page, href('/features'));
    const bar = header(page);
    await expect(bar).toHaveAttribute('data-solid', 'false');
    await expect.poll(() => headerBackground(page)).toBe(TRANSPARENT);
    await page.screenshot({ path: testInfo.outputPath('navbar-top-1280.png') });

    await scrollToY(page, NAVBAR_SCROLL_THRESHOLD_PX - 1);
    await settle(page);
    await expect(bar).toHaveAttribute('data-solid', 'false');
    expect(await headerBackground(page)).toBe(TRANSPARENT);

    await scrollToY(page, NAVBAR_SCROLL_THRESHOLD_PX + 1);
    await expect(bar).toHaveAttribute('data-solid', 'true');
    await expect.poll(() => headerBackground(page)).toMatch(OPAQUE);
    await page.screenshot({ path: testInfo.outputPath('navbar-scrolled-1280.png') });

    await scrollToY(page, NAVBAR_SCROLL_THRESHOLD_PX - 1);
    await expect(bar).toHaveAttribute('data-solid', 'false');
    await expect.poll(() => headerBackground(page)).toBe(TRANSPARENT);

    // Real wheel input, both ways.
    await page.mouse.move(640, 300);
    await page.mouse.wheel(0, 200);
    await expect(bar).toHaveAttribute('data-solid', 'true');
    await page.mouse.wheel(0, -400);
    await expect(bar).toHaveAttribute('data-solid', 'false');
    await expect.poll(() => headerBackground(page)).toBe(TRANSPARENT);
  });

  test('the bar is solid at once on a page opened already scrolled', async ({ page }) => {
    await open(page, href('/features'));
    await scrollToY(page, NAVBAR_SCROLL_THRESHOLD_PX + 50);
    await page.reload();
    await expect(header(page)).toHaveAttribute('data-enhanced', 'true');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(NAVBAR_SCROLL_THRESHOLD_PX);
    await expect(header(page)).toHaveAttribute('data-solid', 'true');
  });
});

test.describe('dropdowns by keyboard and pointer', () => {
  test.use({ viewport: DESKTOP });

  test('Tab reaches a menu button; Enter and Space toggle it', async ({ page }) => {
    await open(page, href('/features'));
    const products = menuOf(page, 'Products');
    const list = await dropdownOf(page, products);
    await tabTo(page, products);
    for (const key of ['Enter', 'Space']) {
      await page.keyboard.press(key);
      await expect(products).toHaveAttribute('aria-expanded', 'true');
      await expect(list).toBeVisible();
      await expect(products).toBeFocused();
      await page.keyboard.press(key);
      await expect(products).toHaveAttribute('aria-expanded', 'false');
      await expect(list).toBeHidden();
    }
  });

  test('arrows open and move through the items; Escape closes back to the button', async ({ page }) => {
    await open(page, href('/features'));
    const products = menuOf(page, 'Products');
    const list = await dropdownOf(page, products);
    const features = list.getByRole('link', { name: 'Features', exact: true });
    const services = list.getByRole('link', { name: 'Services', exact: true });
    await tabTo(page, products);

    await page.keyboard.press('ArrowDown');
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await expect(features).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(services).toBeFocused();
    // Products ends with Integrations and Plans and pricing (issue 28).
    const last = list.getByRole('link', { name: 'Plans and pricing', exact: true });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(last).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(features, 'ArrowDown wraps to the first item').toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(last, 'ArrowUp wraps to the last item').toBeFocused();
    await page.keyboard.press('Home');
    await expect(features).toBeFocused();
    await page.keyboard.press('End');
    await expect(last).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
    await expect(products).toBeFocused();

    await page.keyboard.press('ArrowUp');
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await expect(last, 'ArrowUp on the button opens at the last item').toBeFocused();

    // Tabbing out of the list closes it and moves on to the next entry.
    await page.keyboard.press('Tab');
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(menuOf(page, 'About')).toBeFocused();

    // Escape on an open menu's button closes it too.
    await page.keyboard.press('Enter');
    await expect(menuOf(page, 'About')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menuOf(page, 'About')).toHaveAttribute('aria-expanded', 'false');
    await expect(menuOf(page, 'About')).toBeFocused();

    // Enter on an item follows it.
    await page.keyboard.press('Shift+Tab');
    await expect(products).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(features).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === href('/features'));
    await expect(products).toHaveAttribute('aria-expanded', 'false');
  });

  test('a click outside closes an open dropdown; opening another closes the first', async ({ page }, testInfo) => {
    await open(page, href('/features'));
    const products = menuOf(page, 'Products');
    const about = menuOf(page, 'About');
    await products.click();
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(await dropdownOf(page, products)).toBeHidden();

    await products.click();
    await about.click();
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await expect(products).toHaveAttribute('aria-expanded', 'false');

    const resources = menuOf(page, 'Resources');
    await resources.click();
    await page.mouse.move(0, 400);
    await page.screenshot({
      path: testInfo.outputPath('navbar-dropdown-1280.png'),
      clip: { x: 0, y: 0, width: 1280, height: 260 },
    });
  });
});

test.describe('mobile menu', () => {
  for (const width of [375, 768]) {
    test(`below 992 px (${width} px) a menu button shows and hides the same entries`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 800 });
      await open(page, href('/features'));
      const toggle = menuButton(page);
      const home = mainNav(page).getByRole('link', { name: 'Home', exact: true });
      await expect(toggle).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(home).toBeHidden();
      await page.screenshot({ path: testInfo.outputPath(`navbar-top-${width}.png`) });

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(topLevelEntries(page)).toHaveText(TOP_LEVEL_TEXT);
      for (const entry of await topLevelEntries(page).all()) await expect(entry).toBeVisible();
      await expect(action(page, 'Sign In')).toBeVisible();
      await expect(action(page, 'Book a Demo')).toBeVisible();
      for (const menu of MENUS) {
        const button = menuOf(page, menu.label);
        await button.click();
        const list = await dropdownOf(page, button);
        for (const item of menu.items)
          await expect(list.getByRole('link', { name: item.name, exact: true })).toBeVisible();
        if (menu.label === 'Products')
          await page.screenshot({ path: testInfo.outputPath(`navbar-menu-open-${width}.png`) });
        await button.click();
        await expect(list).toBeHidden();
      }

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(home).toBeHidden();

      // A link in the menu navigates and closes the menu, on another page and on the same one.
      await markDocument(page);
      await toggle.click();
      await menuOf(page, 'About').click();
      await mainNav(page).getByRole('link', { name: 'About Us', exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname + url.hash === `${href('/home')}#about`);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await mainNav(page).getByRole('link', { name: 'Contact Us', exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname + url.hash === `${href('/home')}#contact`);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expectSameDocument(page);
    });

    test(`the mobile menu works by keyboard (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await open(page, href('/features'));
      const toggle = menuButton(page);
      await tabTo(page, toggle);
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Tab');
      await expect(mainNav(page).getByRole('link', { name: 'Home', exact: true })).toBeFocused();
      await page.keyboard.press('Tab');
      const products = menuOf(page, 'Products');
      await expect(products).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(products).toHaveAttribute('aria-expanded', 'true');
      await expect(mainNav(page).getByRole('link', { name: 'Features', exact: true })).toBeFocused();

      // The first Escape closes the dropdown, the second the menu, each back to its button.
      await page.keyboard.press('Escape');
      await expect(products).toHaveAttribute('aria-expanded', 'false');
      await expect(products).toBeFocused();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();

      await page.keyboard.press('Space');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await tabTo(page, mainNav(page).getByRole('link', { name: 'Contact Us', exact: true }), 8);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL((url) => url.pathname + url.hash === `${href('/home')}#contact`);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  }
});

test.describe('the navbar before hydration and without JavaScript', () => {
  /** Where the bar's visible parts are: its children and the top-level entries, as "name x,y w×h". */
  const barLayout = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('.site-header-bar > *, .site-nav-list > li')]
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => {
          const box = element.getBoundingClientRect();
          const name =
            element.className.replace(/^site-search-(placeholder|toggle)$/, 'site-search') || element.tagName;
          return `${name} ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
        }),
    );

  for (const width of [375, 1280]) {
    test(`at ${width} px the bar is laid out from the first paint as hydration leaves it`, async ({
      browser,
      page,
    }, testInfo) => {
      // The same page with its scripts and its full stylesheet held back: the first paint, with the
      // rules inlined in the head, as a visitor sees it until they arrive.
      const early = await browser.newPage({ viewport: { width, height: 800 } });
      await early.route(/\.(js|css)(\?|$)/, () => new Promise(() => {}));
      await early.goto(href('/docs'), { waitUntil: 'domcontentloaded' });
      await expect(early.locator('header.site-header')).toHaveAttribute('data-enhanced', 'false');
      const before = await barLayout(early);
      await early.screenshot({ path: testInfo.outputPath(`navbar-before-hydration-${width}.png`) });
      if (width < 992) {
        await expect(early.getByRole('link', { name: 'Menu', exact: true })).toBeVisible();
        await expect(early.getByRole('navigation', { name: 'Main' })).toBeHidden();
      }
      await early.close();

      await page.setViewportSize({ width, height: 800 });
      await open(page, href('/docs'));
      expect(await barLayout(page)).toEqual(before);
    });
  }

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

    test('on a phone the menu opens and closes by links, over nothing it hides', async ({ page }, testInfo) => {
      await page.goto(href('/features'));
      const home = mainNav(page).getByRole('link', { name: 'Home', exact: true });
      await expect(home).toBeHidden();
      // The folded bar leaves the page's heading clear (the wrapped entries once covered it).
      const bar = await page.locator('.site-header-bar').boundingBox();
      const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
      expect(heading!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);

      await page.getByRole('link', { name: 'Menu', exact: true }).click();
      await expect(page).toHaveURL(/#site-navigation$/);
      await expect(topLevelEntries(page)).toHaveText(TOP_LEVEL_TEXT);
      for (const entry of await topLevelEntries(page).all()) await expect(entry).toBeVisible();
      await expect(action(page, 'Book a Demo')).toBeVisible();
      // A dropdown opens while it has focus (CSS), so a tap shows its items.
      await menuOf(page, 'Products').click();
      await expect(mainNav(page).getByRole('link', { name: 'Features', exact: true })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('navbar-menu-open-no-js.png') });

      await page.getByRole('link', { name: 'Close menu', exact: true }).click();
      await expect(home).toBeHidden();
      await expect(page.getByRole('link', { name: 'Menu', exact: true })).toBeVisible();
    });
  });
});

test.describe('footer', () => {
  for (const path of [href('/home'), href('/features'), href('/faq')]) {
    test(`the footer is on ${path}`, async ({ page }) => {
      await open(page, path);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toBeVisible();
      await expect(footer.getByRole('link', { name: site.contact.email, exact: true })).toHaveAttribute(
        'href',
        `mailto:${site.contact.email}`,
      );
      for (const social of site.socials) {
        const link = footer.getByRole('link', { name: `${social.name}${NEW_TAB}`, exact: true });
        await expect(link).toHaveAttribute('href', social.url);
        await expect(link).toHaveAttribute('target', '_blank');
      }
    });
  }

  test('the footer is absent on /signup; /nucleoicons hides the navbar too and leaving restores both', async ({
    page,
  }) => {
    await open(page, href('/signup'));
    await expect(mainNav(page)).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    await page.goto(href('/nucleoicons'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(mainNav(page)).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === href('/signup'));
    await page.goto(href('/features'));
    await expect(mainNav(page)).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  for (const width of [375, 1280]) {
    test(`footer screenshot at ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 800 });
      await open(page, href('/features'));
      const footer = page.getByRole('contentinfo');
      await footer.scrollIntoViewIfNeeded();
      await footer.screenshot({ path: testInfo.outputPath(`footer-${width}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
});

test.describe('routing', () => {
  test.use({ viewport: DESKTOP });

  test('the empty path redirects to /home', async ({ page, request }) => {
    const response = await request.get('/', { maxRedirects: 0 });
    expect(response.status()).toBeGreaterThanOrEqual(300);
    expect(response.status()).toBeLessThan(400);
    expect(response.headers()['location']).toBe(href('/home'));
    await page.goto('/');
    await expect(page).toHaveURL((url) => url.pathname === href('/home'));
  });

  test('an unknown path answers 404 with a helpful page under the navbar', async ({ page, request }) => {
    const direct = await request.get('/no-such-page/at-all');
    expect(direct.status()).toBe(404);
    expect(await direct.text()).toContain('Page not found');

    const response = await open(page, '/no-such-page/at-all');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(mainNav(page)).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Features', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === href('/features'));
  });

  test('navigating between pages scrolls to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 420 });
    await open(page, href('/faq'));
    const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(bottom, '/faq is taller than the window').toBeGreaterThan(NAVBAR_SCROLL_THRESHOLD_PX);
    await scrollToY(page, bottom);
    await markDocument(page);
    await recordScrollFrames(page);

    await menuOf(page, 'Products').click();
    await mainNav(page).getByRole('link', { name: 'Features', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === href('/features'));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expectSameDocument(page);
    // At its top from its first frame: no page shown at the old one's offset sliding up under
    // the pointer (only the features chain asks for the smooth scroll; features.spec.ts).
    await settle(page);
    const frames = await scrollFramesOf(page, 'Features');
    expect(frames.length, 'frames painted of /features').toBeGreaterThan(0);
    expect(new Set(frames), 'how far down each frame of /features was').toEqual(new Set([0]));
  });

  test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
    await open(page, href('/features'));
    const skip = page.getByRole('link', { name: 'Skip to content', exact: true });
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});

test.describe('accessibility', () => {
  for (const width of [375, 1280]) {
    test(`axe finds nothing on the 404 page and /features at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await open(page, '/no-such-page');
      await expectNoAxeViolations(page);
      await open(page, href('/features'));
      await expectNoAxeViolations(page);
    });
  }

  test('axe finds nothing with a dropdown open (1280 px) or the mobile menu open (375 px)', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await open(page, href('/features'));
    await menuOf(page, 'Resources').click();
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 375, height: 800 });
    await open(page, href('/features'));
    await menuButton(page).click();
    await menuOf(page, 'Socials').click();
    await expectNoAxeViolations(page);
  });
});

test('a page starts its scripts and its full stylesheet only after its first contentful paint, then hydrates', async ({
  page,
}) => {
  // The page is whole without JavaScript and paints with its critical rules inline, so no script
  // and no stylesheet compete with the first paint (app/lib/scripts-after-first-paint.server.ts,
  // server/services/critical-css.ts).
  await page.goto('/home');
  await waitForHydration(page);
  const { firstPaint, scriptStarts, sheetStarts, sheet } = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource');
    const startsOf = (extension: string) =>
      resources.filter((entry) => new URL(entry.name).pathname.endsWith(extension)).map((entry) => entry.startTime);
    const link = document.querySelector<HTMLLinkElement>('link[data-full-sheet]');
    return {
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scriptStarts: startsOf('.js'),
      sheetStarts: startsOf('.css'),
      sheet: { media: link?.media, disabled: link?.disabled, rules: link?.sheet?.cssRules.length ?? 0 },
    };
  });
  expect(firstPaint).toBeGreaterThan(0);
  expect(scriptStarts.length).toBeGreaterThan(10);
  expect(Math.min(...scriptStarts)).toBeGreaterThanOrEqual(firstPaint!);
  // One stylesheet, asked for after the paint, loaded and on by the time the page hydrated.
  expect(sheetStarts).toHaveLength(1);
  expect(sheetStarts[0]).toBeGreaterThanOrEqual(firstPaint!);
  expect(sheet).toEqual({ media: 'all', disabled: false, rules: expect.any(Number) });
  expect(sheet.rules).toBeGreaterThan(100);
});
