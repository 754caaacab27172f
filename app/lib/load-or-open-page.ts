// Code fetched on demand that does not arrive (the connection dropped, or a new release replaced
// the file) must not take the page down: a lazy component whose import fails throws to the
// nearest error boundary, the root's, which replaces the whole page with an error. Where the
// server renders what that code would show (the full sign-in and demo pages, a showcase view by
// its URL), the browser loads that page instead, as a visitor without JavaScript gets it.
import { isPageHydrated } from './use-hydrated.ts';

/** `load`, or if it fails: while the page hydrates, a promise that never settles (the server's
 * HTML stays as it is, working without its script; opening the page again there could loop);
 * afterwards, a full load of `pageUrl()`. For `lazy()`. */
export function loadOrOpenPage<Module>(load: () => Promise<Module>, pageUrl: () => string) {
  return () =>
    load().catch(() => {
      if (isPageHydrated()) window.location.assign(pageUrl());
      return new Promise<Module>(() => {});
    });
}

/** Fetches code ahead of its use (a pointer over a button, the focus on it): a failure there is
 * no error of its own; the use tries again, and falls back as above. */
export function preload(load: () => Promise<unknown>) {
  return () => void load().catch(() => undefined);
}
