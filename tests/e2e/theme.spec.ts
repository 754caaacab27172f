// The colour theme (issue 18, decision 023): light, dark and "match my system" (the default),
// chosen in the navbar's theme menu by mouse, by keyboard, in the folded phone menu and without
// JavaScript. The choice is in the first byte of every later page (the server writes it into
// <html data-theme>), so no load, reload or navigation paints the wrong theme.
import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** The page background of each theme (app/styles/tokens.css --surface). */
const BACKGROUND = { light: 'rgb(255, 255, 255)', dark: 'rgb(11, 18, 32)' } as const;

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

/** The theme the server wrote into the answer's HTML, before any script ran. */
async function firstByteTheme(response: Response | null) {
  expect(response?.status()).toBe(200);
  return /<html[^>]*\bdata-theme="([a-z]+)"/.exec(await response!.text())?.[1];
}

async function themeCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'theme')?.value;
}

const themeButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).locator('summary', { hasText: 'Theme' });

test.describe('with JavaScript, at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('"Match my system" is the default and follows the system with CSS alone', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await firstByteTheme(await page.goto('/faq'))).toBe('system');
    expect(await background(page)).toBe(BACKGROUND.dark);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background(page)).toBe(BACKGROUND.light);
    await expect(themeButton(page)).toHaveAccessibleName('Theme: Match my system');
  });

  test('chosen by mouse: switches at once, and reloads and navigations keep it from the first byte', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/glossary');
    await themeButton(page).click();
    await page.getByRole('button', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await background(page)).toBe(BACKGROUND.dark);
    await expect(page.getByRole('button', { name: 'Dark' })).toBeHidden();
    expect(await themeCookie(page)).toBe('dark');

    expect(await firstByteTheme(await page.reload())).toBe('dark');
    expect(await background(page)).toBe(BACKGROUND.dark);

    // A navigation inside the app keeps it, and so does a fresh load of another page.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await background(page)).toBe(BACKGROUND.dark);
    expect(await firstByteTheme(await page.goto('/docs'))).toBe('dark');
    await themeButton(page).click();
    await expect(page.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('chosen by keyboard: Enter opens the menu, Tab reaches the choices, Escape closes it back to its button', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/privacy');
    await themeButton(page).focus();
    await page.keyboard.press('Enter');
    const light = page.getByRole('button', { name: 'Light' });
    await expect(light).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(light).toBeHidden();
    await expect(themeButton(page)).toBeFocused();

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Match my system' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(light).toBeFocused();
    await page.keyboard.press('Enter');
    // Light, although the system is dark.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await background(page)).toBe(BACKGROUND.light);
    await expect(themeButton(page)).toBeFocused();
    await expect(themeButton(page)).toHaveAccessibleName('Theme: Light');
    expect(await firstByteTheme(await page.reload())).toBe('light');

    // Back to the system's: the cookie goes.
    await themeButton(page).click();
    await page.getByRole('button', { name: 'Match my system' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'system');
    expect(await background(page)).toBe(BACKGROUND.dark);
    expect(await themeCookie(page)).toBeUndefined();
    expect(await firstByteTheme(await page.reload())).toBe('system');
  });

  test('going back to a page loaded before the choice shows the chosen theme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/offer');
    await page.goto('/faq');
    await themeButton(page).click();
    await page.getByRole('button', { name: 'Dark' }).click();
    await page.goBack();
    await expect(page).toHaveURL(/\/offer$/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await background(page)).toBe(BACKGROUND.dark);
  });

  test('a click elsewhere closes the menu', async ({ page }) => {
    await page.goto('/faq');
    await themeButton(page).click();
    await expect(page.getByRole('button', { name: 'Dark' })).toBeVisible();
    await page.getByRole('main').click({ position: { x: 5, y: 400 } });
    await expect(page.getByRole('button', { name: 'Dark' })).toBeHidden();
  });
});

test('in the folded phone menu at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/features');
  await page.getByRole('button', { name: 'Menu' }).click();
  await themeButton(page).click();
  await page.getByRole('button', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background(page)).toBe(BACKGROUND.dark);
  // The choice closes the theme menu, not the phone menu around it.
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
  expect(await firstByteTheme(await page.reload())).toBe('dark');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

  test('the menu posts the choice and comes back to the same page in that theme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/glossary?q=fleet');
    await themeButton(page).click();
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/forms/theme')),
      page.getByRole('button', { name: 'Dark' }).click(),
    ]);
    expect(answer.status()).toBe(303);
    await expect(page).toHaveURL(/\/glossary\?q=fleet$/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await background(page)).toBe(BACKGROUND.dark);
    expect(await themeCookie(page)).toBe('dark');

    await themeButton(page).click();
    await expect(page.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Light' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await background(page)).toBe(BACKGROUND.light);
  });
});
