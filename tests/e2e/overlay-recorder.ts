// The spec's loading overlay lasts 600 ms from hydration (or from choosing a docs reference). On a
// busy machine a test may only look after it has lifted, so the page itself records what its live
// region said and whether the content was covered and busy; the test then asks what was seen.
import type { Page } from '@playwright/test';

type OverlayWindow = { overlaySeen: string[] };

/** From the next navigation on, the page records every state of its loading region it goes through. */
export async function recordLoadingOverlay(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { overlaySeen: seen });
    new MutationObserver(() => {
      const status = document.querySelector('.loading-region [role="status"]')?.textContent;
      if (status) seen.push(`status:${status}`);
      if (document.querySelector('.loading-region .loading-overlay')) seen.push('overlay');
      if (document.querySelector('.loading-region [aria-busy="true"]')) seen.push('busy');
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/** What the loading region went through since the page loaded (or since `forgetOverlaySeen`). */
export async function overlaySeen(page: Page): Promise<Set<string>> {
  return new Set(await page.evaluate(() => (window as unknown as OverlayWindow).overlaySeen));
}

/** Starts the record afresh, before an action that shows the overlay again. */
export async function forgetOverlaySeen(page: Page) {
  await page.evaluate(() => {
    (window as unknown as OverlayWindow).overlaySeen.length = 0;
  });
}

/** The three marks of an overlay that was shown with the given status text. */
export const OVERLAY_SHOWN = (label: string) => new Set([`status:${label}`, 'overlay', 'busy']);
