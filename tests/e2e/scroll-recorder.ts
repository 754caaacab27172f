// Where each frame the browser paints stands: the page shown (its first heading, as the URL changes
// before the new page is rendered) and how far down it is scrolled. A client navigation keeps the
// document, so one record spans the pages a test walks through; the test then asks whether a new
// page was ever painted away from its top.
import type { Page } from '@playwright/test';

type Frame = { heading: string; y: number };
type ScrollWindow = { scrollFrames: Frame[] };

/** Records every frame from now on, in the page's current document. */
export async function recordScrollFrames(page: Page) {
  await page.evaluate(() => {
    const frames: Frame[] = [];
    Object.assign(window, { scrollFrames: frames });
    const tick = () => {
      frames.push({ heading: document.querySelector('h1')?.textContent ?? '', y: window.scrollY });
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** How far down each frame showing the page with this first heading was scrolled, since recording began. */
export async function scrollFramesOf(page: Page, heading: string): Promise<number[]> {
  const frames = await page.evaluate(() => (window as unknown as ScrollWindow).scrollFrames);
  return frames.filter((frame) => frame.heading === heading).map((frame) => frame.y);
}

/** Starts the record afresh, before the next navigation. */
export async function forgetScrollFrames(page: Page) {
  await page.evaluate(() => {
    (window as unknown as ScrollWindow).scrollFrames.length = 0;
  });
}
