// Each navigation to a new page scrolls to the top smoothly (instantly when the visitor prefers
// reduced motion). Links to an anchor scroll to it instead and, as the browser's own jump to an
// anchor does, make it where Tab goes on from (the navbar's Contact Us takes a keyboard user to
// the form, not 50 stops before it); back and forward keep the browser's own restoration.
import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

export function useScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'POP') return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const behavior: ScrollBehavior = reduceMotion ? 'instant' : 'smooth';
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) {
      target.scrollIntoView({ behavior });
      // A section is not focusable by itself: tabindex -1 lets it take the focus, not a Tab stop.
      if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    } else window.scrollTo({ top: 0, behavior });
  }, [pathname, hash, navigationType]);
}
