// Where a redirect may send a visitor (issue 33): a path on this site, and nothing else. Shared by
// the browser (the sign-in form's `next`) and the server (the forms' `_back`, the result page's
// `back`), so both refuse alike. The value is parsed as a URL against the site's origin, as a
// browser would resolve it, and kept only when it stays on that origin; a control character
// anywhere (C0, DEL or C1) refuses it before parsing, since the URL parser drops tabs and line
// breaks silently and Node refuses them in a Location header.

/** Every C0 control, DEL and every C1 control. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Stands in for the site's origin: only whether the target stays on it matters here. */
const ORIGIN = 'https://site.invalid';

/** The path (with its query and fragment) `value` points to on this site, or `fallback` when
 * it is not a string, holds a control character, a space or a backslash, or leaves the origin. */
export function sameOriginPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || CONTROL.test(value) || /[\s\\]/.test(value))
    return fallback;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  // What the parser made of it: non-ASCII percent-encoded, dot segments resolved.
  return url.pathname + url.search + url.hash;
}
