// The navbar's Sign In and Book a Demo modals (spec 2, issue 4): each opens centred from its link,
// cannot be dismissed by Escape or a click outside, traps focus and hands it back to the link,
// starts afresh on every opening, and has no axe violations while open. Without JavaScript the
// same links lead to the full pages.
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe-check.ts';
import { allowFailedRequests, expect, test, waitForHydration } from './fixtures.ts';
import { dialog, navAction, openHydrated, settled } from './form-helpers.ts';

const MODALS = [
  { link: 'Sign In', title: 'Sign in', field: 'Username', path: '/sign-in' },
  { link: 'Book a Demo', title: 'Book a demo', field: 'Name', path: '/request-demo' },
] as const;

const isFocusInside = (page: Page, name: string) =>
  page.evaluate((title) => {
    const modal = [...document.querySelectorAll('dialog[open]')].find((element) => {
      const label = document.getElementById(element.getAttribute('aria-labelledby') ?? '');
      return label?.textContent === title;
    });
    return Boolean(modal?.contains(document.activeElement));
  }, name);

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const modal of MODALS) {
    test(`${modal.link} opens a centred modal with focus inside`, async ({ page }, testInfo) => {
      await openHydrated(page, '/home');
      await navAction(page, modal.link).click();
      const box = dialog(page, modal.title);
      await expect(box).toBeVisible();
      await expect(page).toHaveURL(/\/home$/);
      await expect(box.getByLabel(modal.field, { exact: true })).toBeFocused();
      // Centred: equal room on the left and the right.
      const rect = (await box.boundingBox())!;
      expect(Math.abs(rect.x - (1280 - rect.x - rect.width))).toBeLessThan(2);
      await settled(box);
      await page.screenshot({ path: testInfo.outputPath(`${modal.path.slice(1)}-modal-1280.png`) });
    });

    test(`${modal.link}: Escape and a click outside do not close it`, async ({ page }) => {
      await openHydrated(page, '/home');
      await navAction(page, modal.link).click();
      const box = dialog(page, modal.title);
      await expect(box).toBeVisible();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(box).toBeVisible();
      await page.mouse.click(10, 450);
      await page.mouse.click(1270, 890);
      await expect(box).toBeVisible();
      await expect(box.getByLabel(modal.field, { exact: true })).toBeVisible();
    });

    test(`${modal.link}: Tab and Shift+Tab stay inside; the close button hands focus back to the link`, async ({
      page,
    }) => {
      await openHydrated(page, '/home');
      const link = navAction(page, modal.link);
      await link.click();
      const box = dialog(page, modal.title);
      await expect(box.getByLabel(modal.field, { exact: true })).toBeFocused();
      for (let step = 0; step < 14; step++) {
        await page.keyboard.press('Tab');
        expect(await isFocusInside(page, modal.title), `focus inside after Tab ${step + 1}`).toBe(true);
      }
      for (let step = 0; step < 14; step++) {
        await page.keyboard.press('Shift+Tab');
        expect(await isFocusInside(page, modal.title), `focus inside after Shift+Tab ${step + 1}`).toBe(true);
      }
      await box.getByRole('button', { name: `Close ${modal.title}` }).click();
      await expect(box).toBeHidden();
      await expect(link).toBeFocused();
    });

    test(`${modal.link}: the form starts afresh on every opening`, async ({ page }) => {
      await openHydrated(page, '/home');
      await navAction(page, modal.link).click();
      const box = dialog(page, modal.title);
      await box.getByLabel(modal.field, { exact: true }).fill('Left over');
      if (modal.link === 'Book a Demo') {
        // Leave field messages behind too: submit the incomplete form and let its result go.
        await box.getByRole('button', { name: 'Book Demo', exact: true }).click();
        await expect(box.locator('.field-error').first()).toBeVisible();
        await expect(page.getByRole('dialog', { name: 'Book Demo Error!' })).toBeHidden({ timeout: 4000 });
      }
      await box.getByRole('button', { name: `Close ${modal.title}` }).click();
      await expect(box).toBeHidden();
      await navAction(page, modal.link).click();
      await expect(box.getByLabel(modal.field, { exact: true })).toHaveValue('');
      await expect(box.locator('.field-error')).toHaveCount(0);
    });

    test(`${modal.link}: no axe violations with the modal open`, async ({ page }) => {
      await openHydrated(page, '/home');
      await navAction(page, modal.link).click();
      await expect(dialog(page, modal.title).getByLabel(modal.field, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const modal of MODALS) {
    test(`${modal.link} opens from the folded menu and fits the screen`, async ({ page }, testInfo) => {
      await openHydrated(page, '/home');
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await navAction(page, modal.link).click();
      const box = dialog(page, modal.title);
      await expect(box.getByLabel(modal.field, { exact: true })).toBeVisible();
      const rect = (await box.boundingBox())!;
      expect(rect.x).toBeGreaterThanOrEqual(0);
      expect(rect.x + rect.width).toBeLessThanOrEqual(375);
      await settled(box);
      await page.screenshot({ path: testInfo.outputPath(`${modal.path.slice(1)}-modal-375.png`) });
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('when the code of a modal cannot be fetched', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const modal of MODALS) {
    test(`${modal.link} opens the full page ${modal.path} instead of an error`, async ({ page }) => {
      await openHydrated(page, '/home');
      // From now on every script /home asks for fails (a dropped connection, a file a new release
      // replaced): the modal's code first when the pointer comes over the link, then on the click.
      allowFailedRequests(page, /\/assets\/.+\.js$/);
      await page.route('**/assets/*.js', (route) =>
        new URL(route.request().frame().url()).pathname === '/home' ? route.abort() : route.fallback(),
      );
      await navAction(page, modal.link).click();
      await expect(page).toHaveURL(new RegExp(`${modal.path}$`));
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByLabel(modal.field, { exact: true })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

  for (const modal of MODALS) {
    test(`${modal.link} is a link to ${modal.path}`, async ({ page }) => {
      await page.goto('/home');
      await navAction(page, modal.link).click();
      await expect(page).toHaveURL(new RegExp(`${modal.path}$`));
      await expect(page.getByLabel(modal.field, { exact: true })).toBeVisible();
    });
  }
});
