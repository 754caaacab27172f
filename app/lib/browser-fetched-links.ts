// The head's links the browser fetches on its own, kept off the first paint (issue 32).
// Chromium asks for the favicon and, to judge whether the site is installable, the web app manifest
// and one of its icons when the document has loaded, which on our pages is before their first
// paint (nothing blocks the load event). Lighthouse's simulated phone then counted the three
// requests in the largest paint wherever they ended before the observed one, each on a connection
// of its own: LCP 0.83 s or 1.06 s by run on /glossary, /docs and /features (1.6-1.7× the static
// page's median); without them 0.84-0.93 s on every page (1.11-1.23×), session 26.
// - The favicon is the mark itself, 0.2 KB, written into the link (a data: URL): no request.
// - The manifest's link is added after the first paint and the load, as the rest of the stylesheet
//   is (server/services/critical-css.ts); without JavaScript it is in a <noscript>, as it was.
import favicon from '../../public/favicon.svg?raw';

/** The drawing, with only what a URL may not hold as it is escaped. The pages' policy allows
 * `data:` images for it (server/plugins/security-headers.ts): browsers apply img-src to favicons. */
export const FAVICON_HREF = `data:image/svg+xml,${favicon.trim().replace(/[<>#%"\n]/g, encodeURIComponent)}`;

const MANIFEST = { href: '/manifest.webmanifest', crossOrigin: 'use-credentials' } as const;

/** Credentialed, so it rides the page's open connection instead of opening one of its own (a
 * manifest is fetched without cookies by default: another connection pool). */
export const MANIFEST_LINK = `<link rel="manifest" href="${MANIFEST.href}" crossorigin="${MANIFEST.crossOrigin}"/>`;

/** Runs in <head> (inline, with the page's CSP nonce): adds the manifest's link once the page has
 * painted and loaded, one frame later. A page that never paints (a tab opened in the background)
 * gets it 3 s after load. */
export const MANIFEST_AFTER_FIRST_PAINT_SCRIPT = `{
let added=0;const add=()=>{if(added)return;added=1;const l=document.createElement('link');l.rel='manifest';l.href='${MANIFEST.href}';l.crossOrigin='${MANIFEST.crossOrigin}';document.head.append(l)};
const painted=new Promise((p)=>{if(!PerformanceObserver.supportedEntryTypes?.includes('paint'))return p();
new PerformanceObserver((e,o)=>{if(e.getEntriesByName('first-contentful-paint').length){o.disconnect();p()}}).observe({type:'paint',buffered:true})});
const loaded=new Promise((p)=>addEventListener('load',p,{once:true}));
Promise.all([painted,loaded]).then(()=>requestAnimationFrame(()=>setTimeout(add)));
loaded.then(()=>setTimeout(add,3000))}`.replaceAll('\n', '');
