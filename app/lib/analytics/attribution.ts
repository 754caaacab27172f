// Where this tab's visit came from (issue 30): the landing page, the referrer, the UTM tags and
// the ad click ids, kept in sessionStorage for the tab only (never a cookie, never local
// storage), for the forms to send as their `attribution` object. A new tagged link in the same
// tab (another campaign) replaces what was kept; an untagged page keeps the first.
import { ATTRIBUTION_LIMITS, ATTRIBUTION_PARAMS, type Attribution } from '../../../common/attribution-fields.ts';

export { ATTRIBUTION_PARAMS, type Attribution };

const KEY = 'haulora-attribution';

/** Keeps the visit's attribution if the tab has none yet or this page carries tags of its own. */
export function captureAttribution(pathname: string, search: string, referrer: string) {
  try {
    const params = new URLSearchParams(search);
    const tagged = ATTRIBUTION_PARAMS.some((name) => params.get(name));
    if (sessionStorage.getItem(KEY) && !tagged) return;
    const found: Attribution = { landing_page: pathname.slice(0, ATTRIBUTION_LIMITS.path) };
    // Only another site's address is a referrer; the site's own pages are not.
    if (/^https?:/.test(referrer) && new URL(referrer).origin !== location.origin)
      found.referrer = referrer.slice(0, ATTRIBUTION_LIMITS.referrer);
    for (const name of ATTRIBUTION_PARAMS) {
      const value = params.get(name)?.trim();
      if (value) found[name] = value.slice(0, ATTRIBUTION_LIMITS.tag);
    }
    sessionStorage.setItem(KEY, JSON.stringify(found));
  } catch {
    // Storage switched off or full: the forms send no attribution.
  }
}

/** The tab's attribution for a form's `attribution` field; kept from this page if none was. */
export function attribution(): Attribution | null {
  try {
    if (!sessionStorage.getItem(KEY)) captureAttribution(location.pathname, location.search, document.referrer);
    const stored = sessionStorage.getItem(KEY);
    return stored ? (JSON.parse(stored) as Attribution) : null;
  } catch {
    return null;
  }
}

/** What a form sends as its `attribution` (decision 051): the tab's, with the form's own page. */
export function formAttribution(): Attribution {
  return { ...attribution(), page: location.pathname.slice(0, ATTRIBUTION_LIMITS.path) };
}
