// Each navigation to a new page starts at its top, before the new page is painted: a page that
// first showed at the old page's offset and then slid up would move links under a visitor's
// finger. The features chain's previous/next links ask for the spec's smooth scroll instead
// (spec 2: "Each navigation scrolls smoothly to the top"), instantly when the visitor prefers
// reduced motion. Links to an anchor scroll to it instead (smoothly, as the page's CSS has in-page
// jumps) and, as the browser's own jump to an anchor does, make it where Tab goes on from (the
// navbar's Contact Us takes a keyboard user to the form, not 50 stops before it); back and forward
// keep the browser's own restoration.
import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** The navigation state a link passes to arrive with the smooth scroll: `<Link state={SMOOTH_SCROLL}>`. */
export const SMOOTH_SCROLL = { scroll: 'smooth' } as const;

function asksForSmoothScroll(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { scroll?: unknown }).scroll === 'smooth';
}

export function useScrollToTop() {
  const { pathname, hash, state } = useLocation();
  const navigationType = useNavigationType();
  const smooth = asksForSmoothScroll(state);
  useLayoutEffect(() => {
    if (navigationType === 'POP') return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) {
      target.scrollIntoView({ behavior: reduceMotion ? 'instant' : 'smooth' });
      // A section is not focusable by itself: tabindex -1 lets it take the focus, not a Tab stop.
      if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    } else window.scrollTo({ top: 0, behavior: smooth && !reduceMotion ? 'smooth' : 'instant' });
  }, [pathname, hash, navigationType, smooth]);
}
