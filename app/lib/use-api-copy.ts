// Rows the server rendered into the page, then the API's copy of them, which the browser reads
// once the page has hydrated (spec 7: /faq and /glossary load their rows from the API).
//
// On a client-side navigation the route's clientLoader reads the API before the page renders.
// On the document's own load this hook does it instead, after hydration: a clientLoader with
// `hydrate = true` starts a router navigation inside React's hydration commit and re-renders the
// route tree when it settles, two or three long tasks on a slow phone (issue 32; framework long
// tasks per Lighthouse run: /glossary 1.9 → 0.9, /faq 1.6 → 0.1; docs/measurements.md, session 35).
import { startTransition, useEffect, useState } from 'react';
import { isPageHydrated } from './use-hydrated.ts';
import { useUnchanged } from './use-unchanged.ts';

/**
 * `served` until the API's copy arrives, then that copy (the same object while it is equal, so
 * memoised parts do not render again). `readApi` resolves to the rows or rejects; on a rejection
 * the page keeps the server's rows.
 */
export function useApiCopy<T>(served: T, readApi: () => Promise<T>): T {
  // Rendering before the page has hydrated means this is the document's load: no clientLoader ran.
  const [loadedWithDocument] = useState(() => !isPageHydrated());
  // The copy remembers which served rows it replaces: newer ones from a later load win over it.
  const [copy, setCopy] = useState<{ of: T; rows: T }>();
  useEffect(() => {
    if (!loadedWithDocument) return;
    let current = true;
    readApi().then(
      (rows) => {
        if (current) startTransition(() => setCopy({ of: served, rows }));
      },
      (error: unknown) => console.warn('Could not read the API, keeping the rows the server rendered:', error),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after the document's hydration
  }, []);
  return useUnchanged(copy && copy.of === served ? copy.rows : served);
}
