// Counts a page view on load and on every client-side navigation (issue 30), once the browser is
// idle. A change of the #hash alone is not a new page. It does what ./track.ts does without
// importing it: the root's chunk then carries these few lines only, never a shared chunk. The
// visit's attribution (./attribution.ts, in the shell's file) is kept when the page hydrates.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { captureAttribution } from './attribution.ts';

export function usePageviews() {
  const { pathname, search } = useLocation();
  // The tab's landing is kept at once (a few lines in the shell's file), not when the beacon
  // comes: a visitor who leaves the landing page before the browser is idle keeps it too.
  useEffect(() => captureAttribution(location.pathname, location.search, document.referrer), []);
  useEffect(() => {
    if (!navigator.sendBeacon) return;
    const idle = window.requestIdleCallback ?? ((work: () => void) => setTimeout(work, 200));
    idle(() => void import('./beacon.ts').then((beacon) => beacon.send('pageview', pathname, search)).catch(() => {}), {
      timeout: 5000,
    });
  }, [pathname, search]);
}
