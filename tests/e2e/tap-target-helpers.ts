// Measures a page's tap targets (issue 21, WCAG 2.5.5): shared by tap-targets.spec.ts, quality-pages.spec.ts and the
// specs of pages it cannot reach by PAGE_PATHS (a visitor's own booking, issue 29). A spec file
// must not import another spec: its tests would run again.
import type { Page } from '@playwright/test';

export const MIN_TARGET_PX = 44;

export type Offender = { what: string; width: number; height: number };

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

/** Prints each offender with its size and selector, so a failure says what to fix. */
export function report(path: string, offenders: Offender[]) {
  if (offenders.length === 0) return;
  console.log(
    `${path}: ${offenders.length} tap target(s) under ${MIN_TARGET_PX}×${MIN_TARGET_PX} px at 375 px\n${offenders.map((o) => `  ${o.width}×${o.height}  ${o.what}`).join('\n')}`,
  );
}
