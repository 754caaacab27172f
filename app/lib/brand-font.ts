// The brand typeface only where it costs the first paint nothing (issue 32, decision 053).
// Inter is self-hosted with `font-display: optional` (app/styles/fonts.css). Used on a first view,
// the text waits up to ~100 ms for it, and Lighthouse's simulated slow phone counts its 59 KB as
// part of the first paint (LCP 0.94 → 1.55 s on /dashboard). So a page uses it only once this tab
// has downloaded it: after a first page has gone idle the fonts are fetched in the background and
// a flag is kept for the tab (session storage, like the visit's attribution); every later page
// load sets a class on <html> before the first paint, and the fonts come from the cache (they are
// immutable) within the block period. The page they were fetched on never switches: no shift.
import { useEffect } from 'react';

export const BRAND_FONT_CLASS = 'brand-font';
const FLAG = 'haulora-brand-font';
/** The faces the pages use (fonts.css); 600 takes the 700 face. */
const FACES = ['400 1em Inter', '700 1em Inter'];

/** Runs in <head> before the first paint (inline, with the page's CSP nonce). */
export const BRAND_FONT_SCRIPT = `try{sessionStorage.getItem('${FLAG}')&&document.documentElement.classList.add('${BRAND_FONT_CLASS}')}catch(e){}`;

/** Once the first page of the tab is idle, fetches the faces and keeps the flag for the next ones. */
export function useBrandFont() {
  useEffect(() => {
    if (document.documentElement.classList.contains(BRAND_FONT_CLASS) || !document.fonts) return;
    const idle = window.requestIdleCallback ?? ((work: () => void) => setTimeout(work, 200));
    idle(
      () =>
        void Promise.all(FACES.map((face) => document.fonts.load(face)))
          .then((loaded) => {
            if (loaded.every((faces) => faces.length > 0)) sessionStorage.setItem(FLAG, '1');
          })
          .catch(() => {}),
      { timeout: 5000 },
    );
  }, []);
}
