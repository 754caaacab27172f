// Counts a page view on load and on every client-side navigation (issue 30), once the browser is
// idle (./track.ts). A change of the #hash alone is not a new page.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { track } from './track.ts';

export function usePageviews() {
  const { pathname, search } = useLocation();
  useEffect(() => track('pageview'), [pathname, search]);
}
