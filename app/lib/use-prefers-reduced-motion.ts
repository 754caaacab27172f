// Whether the visitor asks for reduced motion, kept current when the setting changes. The server
// and the first render assume reduced motion, so nothing moves before the browser has answered.
//
// State set from an effect in a transition, not a useSyncExternalStore: a store whose browser
// value differs from the server's makes React re-render the component synchronously right after
// hydration (for the home carousel, 8-10 ms of one task, issue 32); a transition is rendered in
// slices, with the page's switch to its scripted behaviour (use-hydrated.ts).
import { startTransition, useEffect, useState } from 'react';
import { isPageHydrated } from './use-hydrated.ts';

const QUERY = '(prefers-reduced-motion: reduce)';

export function usePrefersReducedMotion() {
  // A component mounted after hydration (a link followed in the tab) reads the setting at once.
  const [reduce, setReduce] = useState(() => !isPageHydrated() || window.matchMedia(QUERY).matches);
  useEffect(() => {
    const media = window.matchMedia(QUERY);
    const update = () => startTransition(() => setReduce(media.matches));
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return reduce;
}
