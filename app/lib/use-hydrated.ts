// True after the first render in the browser: components use it to switch from their
// no-JavaScript form (CSS-driven) to their scripted behaviour.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
