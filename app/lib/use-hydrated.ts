// True after the first render in the browser: components use it to switch from their
// no-JavaScript form (CSS-driven) to their scripted behaviour.
//
// The switch after hydration is a transition: React renders it in small slices instead of one
// long task (a useSyncExternalStore snapshot that differs from the server's re-rendered every
// such component synchronously: 100–450 ms of blocking time on a slow phone). Components that
// mount later (client-side navigation) start hydrated.
import { startTransition, useEffect, useState } from 'react';

let pageHydrated = false;

export function useHydrated() {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, []);
  return hydrated;
}
