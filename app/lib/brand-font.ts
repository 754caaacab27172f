// The brand typeface only where it costs the first paint nothing (issue 32, decision 053).
// Inter is self-hosted with `font-display: optional`. Used on a first view, the text waits up to
// ~100 ms for it, and Lighthouse's simulated slow phone counts its 59 KB as part of the first
// paint (LCP 0.94 → 1.55 s on /dashboard). So a page uses it only once this tab has downloaded
// it: after a first page has gone idle the fonts are fetched in the background and a flag is kept
// for the tab (session storage, like the visit's attribution); every later page load sets a class
// on <html> before the first paint, and the fonts come from the cache (they are immutable) within
// the block period. The page they were fetched on never switches: no shift.
import { useEffect } from 'react';
import { whenIdle } from './when-idle.ts';
import inter400 from '../styles/fonts/inter-latin-400.woff2?url';
import inter700 from '../styles/fonts/inter-latin-700.woff2?url';

export const BRAND_FONT_CLASS = 'brand-font';
const FLAG = 'haulora-brand-font';
/** The weights the pages use; 600 takes the 700 face (one file fewer, issue 32). */
const FACES = { '400': inter400, '700': inter700 };
const WEIGHTS = Object.keys(FACES);

/** The faces, cut to Latin (scripts/subset-fonts.ts), under /assets/ with a hash (immutable). The
 * document's head declares them (root.tsx), once, not in the stylesheet: a page with its critical
 * rules inline turns the sheet on after its first paint, and a sheet that declares faces makes
 * Chromium lay out all of the page's text again (a 25-55 ms task on /home, issue 32). */
export const BRAND_FONT_FACES = Object.entries(FACES)
  .map(
    ([weight, url]) =>
      `@font-face{font-family:Inter;font-style:normal;font-weight:${weight};font-display:optional;src:url(${url}) format("woff2")}`,
  )
  .join('');

/** Runs in <head> before the first paint (inline, with the page's CSP nonce). Only another page of
 * ours in this tab can have kept the flag, so a tab's first page (the Navigation API lists no other
 * entry of this origin) does not read it: a tab's first read of session storage waits for the
 * browser process (2.7-5.6 ms of the first parse task on the test host, counted ×4 by Lighthouse's
 * simulated phone, issue 32). Browsers without that API read the flag as before. */
export const BRAND_FONT_SCRIPT = `try{(!window.navigation||navigation.entries().length>1)&&sessionStorage.getItem('${FLAG}')&&document.documentElement.classList.add('${BRAND_FONT_CLASS}')}catch(e){}`;

/** Once the first page of the tab is idle, fetches the faces and keeps the flag for the next ones. */
export function useBrandFont() {
  useEffect(() => {
    if (document.documentElement.classList.contains(BRAND_FONT_CLASS) || !document.fonts) return;
    return whenIdle(() => {
      void Promise.all(WEIGHTS.map((weight) => document.fonts.load(`${weight} 1em Inter`)))
        .then((loaded) => loaded.every((faces) => faces.length > 0) && sessionStorage.setItem(FLAG, '1'))
        .catch(() => {});
    }, 5000);
  }, []);
}
