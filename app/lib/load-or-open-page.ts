// Code fetched on demand that does not arrive (the connection dropped, or a new release replaced
// the file) must not take the page down: a lazy component whose import fails throws to the
// nearest error boundary, the root's, which replaces the whole page with an error. Where the
// server renders what that code would show (the full sign-in and demo pages, a showcase view by
// its URL), the browser loads that page instead, as a visitor without JavaScript gets it.
import { isPageHydrated } from './use-hydrated.ts';

/** An address without its fragment (the server never sees one). */
const withoutFragment = (url: string) => url.replace(/#.*$/, '');

/** The address this document was loaded from: what the server rendered into it. */
const documentUrl = () => withoutFragment(performance.getEntriesByType('navigation')[0]?.name ?? '');

/** `load`, or if it fails: a promise that never settles (the server's HTML stays as it is, working
 * without its script) while the page hydrates, or when the page to open is this very document;
 * otherwise a full load of `pageUrl()`.
 * Both checks at the failure: a part of the page hydrating after the rest (the showcase's tabs wait
 * for their view's file) can fail after the page has hydrated, and opening the same address again
 * would fail the same way, a load after load. For `lazy()`. */
export function loadOrOpenPage<Module>(load: () => Promise<Module>, pageUrl: () => string) {
  return () =>
    load().catch(() => {
      const target = withoutFragment(new URL(pageUrl(), window.location.href).href);
      if (isPageHydrated() && target !== documentUrl()) window.location.assign(target);
      return new Promise<Module>(() => {});
    });
}

/** Fetches code ahead of its use (a pointer over a button, the focus on it): a failure there is
 * no error of its own; the use tries again, and falls back as above. */
export function preload(load: () => Promise<unknown>) {
  return () => void load().catch(() => undefined);
}
