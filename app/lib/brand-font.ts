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
/** The weights the pages use (fonts.css); 600 takes the 700 face. */
const WEIGHTS = ['400', '700'];

/** Runs in <head> before the first paint (inline, with the page's CSP nonce). */
export const BRAND_FONT_SCRIPT = `try{sessionStorage.getItem('${FLAG}')&&document.documentElement.classList.add('${BRAND_FONT_CLASS}')}catch(e){}`;

/** One face per weight. A page with its critical rules inline declares each face twice (there and
 * in the stylesheet, same file): `document.fonts.load()` would load every match, two requests
 * for each file at once, so one face of each weight is loaded instead. */
function facesToLoad(): FontFace[] {
  const faces = new Map<string, FontFace>();
  for (const face of document.fonts) {
    if (face.family.replace(/["']/g, '') === 'Inter' && WEIGHTS.includes(face.weight) && !faces.has(face.weight))
      faces.set(face.weight, face);
  }
  return [...faces.values()];
}

/** Once the first page of the tab is idle, fetches the faces and keeps the flag for the next ones. */
export function useBrandFont() {
  useEffect(() => {
    if (document.documentElement.classList.contains(BRAND_FONT_CLASS) || !document.fonts) return;
    const idle = window.requestIdleCallback ?? ((work: () => void) => setTimeout(work, 200));
    idle(
      () => {
        const faces = facesToLoad();
        if (faces.length !== WEIGHTS.length) return;
        void Promise.all(faces.map((face) => face.load()))
          .then(() => sessionStorage.setItem(FLAG, '1'))
          .catch(() => {});
      },
      { timeout: 5000 },
    );
  }, []);
}
