// The theme this page shows: the one the server rendered (the root loader's, from the cookie),
// until the visitor picks another in this tab; then theirs, at once, for every later render and
// client-side navigation (the root loader's data is not re-read on each navigation).
import { useRouteLoaderData } from 'react-router';
import { useSyncExternalStore } from 'react';
import { DEFAULT_THEME, parseTheme, type Theme, THEME_COOKIE, themeCookie } from './theme.ts';

let chosen: Theme | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  const rendered = useRouteLoaderData<{ theme?: Theme }>('root')?.theme ?? DEFAULT_THEME;
  // Server and hydration render what the server wrote; a choice made in this tab wins after.
  const picked = useSyncExternalStore(
    subscribe,
    () => chosen,
    () => undefined,
  );
  return picked ?? rendered;
}

/** Switches this tab at once and keeps the choice for the next answers from the server. */
export function chooseTheme(theme: Theme) {
  document.cookie = themeCookie(theme, location.protocol === 'https:');
  chosen = theme;
  for (const listener of listeners) listener();
}

/** The theme the cookie holds now. */
function cookieTheme(): Theme {
  const pair = document.cookie.split('; ').find((entry) => entry.startsWith(`${THEME_COOKIE}=`));
  return parseTheme(pair?.slice(THEME_COOKIE.length + 1));
}

// A page the browser restores from its back/forward cache was rendered before any choice made
// since on another page: it takes the cookie's theme before it is seen.
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    chosen = cookieTheme();
    // At once, before the next frame; React's render then writes the same.
    document.documentElement.dataset.theme = chosen;
    for (const listener of listeners) listener();
  });
}
