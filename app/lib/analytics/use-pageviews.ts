// Counts a page view on load and on every client-side navigation (issue 30), once the browser is
// idle. A change of the #hash alone is not a new page. It does what ./track.ts does without
// importing it: the root's chunk then carries these few lines only, never a shared chunk.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export function usePageviews() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!navigator.sendBeacon) return;
    const idle = window.requestIdleCallback ?? ((work: () => void) => setTimeout(work, 200));
    idle(() => void import('./beacon.ts').then((beacon) => beacon.send('pageview', pathname, search)).catch(() => {}), {
      timeout: 5000,
    });
  }, [pathname, search]);
}
