// True after the first render in the browser: components use it to switch from their
// no-JavaScript form (CSS-driven) to their scripted behaviour.
//
// The switch after hydration is a transition: React renders it in small slices instead of one
// long task (a useSyncExternalStore snapshot that differs from the server's re-rendered every
// such component synchronously: 100–450 ms of blocking time on a slow phone). Components that
// mount later (client-side navigation) start hydrated, except inside a part of the page whose
// code loads late (deferred-form.tsx): that part hydrates the server's HTML after the page did,
// and its first render must match that HTML too.
import { createContext, startTransition, useContext, useEffect, useState } from 'react';

let pageHydrated = false;

/** Whether the page has hydrated: a component rendering now, before that, is hydrating. */
export const isPageHydrated = () => pageHydrated;

/** True inside a part of the page that hydrates server HTML after the page (deferred-form.tsx). */
export const HydratesLate = createContext(false);

export function useHydrated() {
  const late = useContext(HydratesLate);
  const [hydrated, setHydrated] = useState(pageHydrated && !late);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount
  }, []);
  return hydrated;
}
