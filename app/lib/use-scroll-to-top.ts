// Each navigation to a new page scrolls to the top smoothly (instantly when the visitor prefers
// reduced motion). Links to an anchor scroll to it instead; back and forward keep the browser's
// own restoration.
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
    if (target) target.scrollIntoView({ behavior });
    else window.scrollTo({ top: 0, behavior });
  }, [pathname, hash, navigationType]);
}
