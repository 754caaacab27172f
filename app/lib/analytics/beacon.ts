// The analytics beacon (issue 30, decision 047), loaded when the browser is idle: one
// navigator.sendBeacon per event to POST /api/events. It keeps nothing: no cookie, no storage
// (the attribution of ./attribution.ts is the forms', kept for the tab only). Staff pages and
// signed-in staff are not counted. The query string never leaves except its UTM tags and click ids.
import { ATTRIBUTION_PARAMS, captureAttribution } from './attribution.ts';

/** The previous page of a client-side navigation is the next page view's referrer. */
let referrer = document.referrer;

export function send(type: string, pathname: string, search: string, extra?: object) {
  if (/^\/(inbox|content|analytics)([/.?]|$)/.test(pathname)) return;
  try {
    if (sessionStorage.getItem('access_token')) return;
  } catch {
    // Storage switched off: nobody is signed in.
  }
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of ATTRIBUTION_PARAMS) {
    const value = params.get(name);
    if (value) kept.set(name, value.slice(0, 100));
  }
  const path = pathname.slice(0, 400) + (kept.size ? `?${kept}` : '');
  const body: Record<string, unknown> = { type, path, ...extra };
  if (type === 'pageview') {
    captureAttribution(pathname, search, referrer);
    if (/^https?:/.test(referrer)) body.referrer = new URL(referrer).origin + '/';
    referrer = location.origin + pathname;
  }
  navigator.sendBeacon('/api/events', JSON.stringify(body));
}
