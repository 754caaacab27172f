// Tap targets on a phone (issue 21, WCAG 2.5.5 Target Size, enhanced): at 375 px wide, every
// visible link, button and field a person can tap is at least 44×44 CSS px, on every public page
// and both inbox pages. A checkbox or radio counts through its label (tapping the label ticks it);
// a link inside a sentence or a block of text is exempt, as 2.5.5 allows. Every offender is
// printed with its size and a selector, so a failure says what to fix.
import type { Page } from '@playwright/test';
import { PAGE_PATHS } from '../../app/lib/site-pages.ts';
import { E2E_STAFF } from '../helpers/e2e-staff.ts';
import { NARROW } from './axe-check.ts';
import { expect, test } from './fixtures.ts';
import { accountEntry } from './form-helpers.ts';
import { openInbox, seedDemoRequest, signInQuietly } from './inbox-helpers.ts';

export const MIN_TARGET_PX = 44;

type Offender = { what: string; width: number; height: number };

/** Measures every visible tappable element of the page as it stands; returns those too small. */
export async function smallTargets(page: Page, min = MIN_TARGET_PX): Promise<Offender[]> {
  return page.evaluate((min) => {
    const TAPPABLE =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';
    const BLOCK = 'p, li, dd, td, th, figcaption, blockquote';

    const describe = (element: Element) => {
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40);
      const id = element.id ? `#${element.id}` : '';
      const classes = element.classList.length ? `.${[...element.classList].join('.')}` : '';
      const type = element.getAttribute('type') ? `[type=${element.getAttribute('type')}]` : '';
      return `${element.tagName.toLowerCase()}${id}${classes}${type} "${name}"`;
    };

    /** Not drawn, hidden from everyone, behind a modal, or the 1-px visually-hidden skip link. */
    const hidden = (element: Element) => {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return true;
      if (element.closest('[inert], [aria-hidden="true"], dialog:not([open]), details:not([open]) > :not(summary)'))
        return true;
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible' || style.display === 'none' || Number(style.opacity) === 0) return true;
      if (rect.width <= 2 && rect.height <= 2) return true;
      return false;
    };

    /** A link within running text (2.5.5's inline exception): the nearest block around it holds
     * more words than the link, and only inline elements stand between them. */
    const inSentence = (element: Element) => {
      if (element.tagName !== 'A') return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      if (!block || !block.matches(BLOCK)) return false;
      const own = (element.textContent ?? '').replace(/\s+/g, ' ').trim().length;
      const around = (block.textContent ?? '').replace(/\s+/g, ' ').trim().length;
      return around > own + 2;
    };

    /** What a tap may land on: the element, or for a checkbox or radio also its labels. */
    const target = (element: Element) => {
      const rects = [element.getBoundingClientRect()];
      // A link stretched over its card by an absolutely placed ::after is tapped anywhere on the card.
      const after = getComputedStyle(element, '::after');
      if (
        after.content !== 'none' &&
        after.position === 'absolute' &&
        element instanceof HTMLElement &&
        element.offsetParent
      ) {
        rects.push(element.offsetParent.getBoundingClientRect());
      }
      if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
        for (const label of element.labels ?? []) rects.push(label.getBoundingClientRect());
      }
      return { width: Math.max(...rects.map((r) => r.width)), height: Math.max(...rects.map((r) => r.height)) };
    };

    const offenders: { what: string; width: number; height: number }[] = [];
    for (const element of document.querySelectorAll(TAPPABLE)) {
      if (hidden(element) || inSentence(element)) continue;
      // A field inside a label that is itself big enough is tapped through the label.
      const { width, height } = target(element);
      if (width + 0.5 >= min && height + 0.5 >= min) continue;
      offenders.push({ what: describe(element), width: Math.round(width), height: Math.round(height) });
    }
    return offenders;
  }, min);
}

function report(path: string, offenders: Offender[]) {
  if (offenders.length === 0) return;
  console.log(
    `${path}: ${offenders.length} tap target(s) under ${MIN_TARGET_PX}×${MIN_TARGET_PX} px at ${NARROW.width} px\n${offenders.map((o) => `  ${o.width}×${o.height}  ${o.what}`).join('\n')}`,
  );
}

test.use({ viewport: NARROW });

for (const path of PAGE_PATHS) {
  test(`${path}: every tap target is at least 44×44 px at 375 px`, async ({ page }) => {
    await page.goto(path);
    const offenders = await smallTargets(page);
    report(path, offenders);
    expect(offenders, `tap targets under 44×44 px on ${path}`).toEqual([]);
  });
}

test('the phone menu and its dropdowns: every entry is at least 44×44 px at 375 px', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  const offenders = await smallTargets(page);
  const dropdowns = nav.locator('button[aria-expanded]');
  for (let index = 0; index < (await dropdowns.count()); index += 1) {
    await dropdowns.nth(index).click();
    await expect(dropdowns.nth(index)).toHaveAttribute('aria-expanded', 'true');
    offenders.push(
      ...(await smallTargets(page)).filter((found) => !offenders.some((seen) => seen.what === found.what)),
    );
    await dropdowns.nth(index).click();
    await expect(dropdowns.nth(index)).toHaveAttribute('aria-expanded', 'false');
  }
  report('/home, menu open', offenders);
  expect(offenders).toEqual([]);
});

test('the inbox list and a submission: every tap target is at least 44×44 px at 375 px', async ({ page }) => {
  test.slow();
  const name = await seedDemoRequest(page);
  await signInQuietly(page);
  await openInbox(page, '/inbox');
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  const list = await smallTargets(page);
  report('/inbox', list);

  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('region', { name: 'What was sent' })).toBeVisible();
  const detail = await smallTargets(page);
  report('/inbox/demo-requests/:id', detail);
  expect({ list, detail }).toEqual({ list: [], detail: [] });
});

test('the phone menu signed in: the staff menu and its entries are at least 44×44 px at 375 px', async ({ page }) => {
  await signInQuietly(page);
  await openInbox(page, '/home');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(await accountEntry(page, 'Content')).toBeVisible();
  const offenders = await smallTargets(page);
  report('/home, menu and staff menu open', offenders);
  expect(offenders).toEqual([]);
});

test('the Content area: every tap target is at least 44×44 px at 375 px', async ({ page }) => {
  await page.goto('/content/faq');
  await page.getByLabel('Username').fill(E2E_STAFF.username);
  await page.getByLabel('Password').fill(E2E_STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content: FAQ' })).toBeVisible();
  const found: Record<string, Offender[]> = {};
  found['/content/faq'] = await smallTargets(page);
  await page.screenshot({ path: 'test-results/content-screens/faq-375.png', fullPage: true });
  await page.locator('ol.content-list a').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Content: FAQ item' })).toBeVisible();
  found['/content/faq/:id'] = await smallTargets(page);
  await page.screenshot({ path: 'test-results/content-screens/faq-item-375.png', fullPage: true });
  await page.goto('/content/glossary');
  await expect(page.getByRole('heading', { level: 1, name: 'Content: Glossary' })).toBeVisible();
  found['/content/glossary'] = await smallTargets(page);
  await page.screenshot({ path: 'test-results/content-screens/glossary-375.png', fullPage: true });
  for (const [path, offenders] of Object.entries(found)) report(path, offenders);
  expect(found).toEqual({ '/content/faq': [], '/content/faq/:id': [], '/content/glossary': [] });
});
