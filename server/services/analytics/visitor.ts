// What an event says about its visitor, worked out at ingestion and then forgotten (decision 047):
// the daily id (a hash of the day's salt, the site, the address and the user agent), the device
// class (from the user agent), and where the visit came from (UTM tags, click ids, referrer).
// The address and the user agent are never stored.
import { hash } from 'node:crypto';
import { ANALYTICS_LIMITS } from '../../../common/analytics.ts';

/** The daily visitor id: 128 bits of SHA-256, base64url. Without the salt it cannot be rebuilt.
 * (The one-shot `hash` costs half of createHash's object per beacon.) */
export function visitorId(salt: string, site: string, address: string, userAgent: string): string {
  return hash('sha256', `${salt}\u0000${site}\u0000${address}\u0000${userAgent}`, 'base64url').slice(0, 22);
}

export type DeviceClass = 'desktop' | 'mobile' | 'tablet';

export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobi)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Opera Mini|IEMobile|BlackBerry/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

export const DIRECT = 'Direct / None';

/** Click ids name the ad network that sent the visit when it carries no utm_source. */
const CLICK_IDS: Record<string, string> = {
  gclid: 'Google Ads',
  msclkid: 'Microsoft Ads',
  fbclid: 'Facebook',
  li_fat_id: 'LinkedIn',
};

/** Well-known referrers under one name each, whatever their country domain or subdomain. */
const REFERRER_NAMES: [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$/, 'Google'],
  [/(^|\.)bing\.com$/, 'Bing'],
  [/(^|\.)duckduckgo\.com$/, 'DuckDuckGo'],
  [/(^|\.)yahoo\.[a-z.]+$/, 'Yahoo'],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, 'LinkedIn'],
  [/(^|\.)(facebook\.com|fb\.com)$/, 'Facebook'],
  [/(^|\.)(twitter\.com|t\.co|x\.com)$/, 'X (Twitter)'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'YouTube'],
];

export type Landing = {
  /** The path without its query string (which may hold anything a visitor typed). */
  path: string;
  referrerHost: string | null;
  source: string;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
};

const tag = (value: string | null) => {
  const trimmed = value?.trim().slice(0, ANALYTICS_LIMITS.tag);
  return trimmed ? trimmed : null;
};

/** Where a page view came from: `path` is the location's pathname and search, `referrer` the
 * document's referrer or the previous page of a client-side navigation, `siteHost` the site's. */
export function landingOf(path: string, referrer: string | undefined, siteHost: string): Landing {
  // Taken apart by hand: two URL objects per event were half of its cost at ingestion.
  const mark = path.indexOf('?');
  const pathname = mark === -1 ? path : path.slice(0, mark);
  const params = new URLSearchParams(mark === -1 ? '' : path.slice(mark + 1));
  let referrerHost: string | null = null;
  const host = referrer ? /^https?:\/\/(?:[^@/?#]*@)?([^/?#]+)/i.exec(referrer)?.[1]?.toLowerCase() : undefined;
  if (host && host !== siteHost.toLowerCase()) referrerHost = host.replace(/^www\./, '');
  const clickId = mark === -1 ? undefined : Object.keys(CLICK_IDS).find((key) => params.has(key));
  const named = referrerHost
    ? (REFERRER_NAMES.find(([pattern]) => pattern.test(referrerHost))?.[1] ?? referrerHost)
    : null;
  return {
    path: pathname.slice(0, ANALYTICS_LIMITS.path),
    referrerHost,
    source: tag(params.get('utm_source'))?.toLowerCase() ?? (clickId ? CLICK_IDS[clickId]! : (named ?? DIRECT)),
    utm_medium: tag(params.get('utm_medium'))?.toLowerCase() ?? null,
    utm_campaign: tag(params.get('utm_campaign')),
    utm_term: tag(params.get('utm_term')),
    utm_content: tag(params.get('utm_content')),
  };
}

/** The UTC day (YYYY-MM-DD) of a time. */
export const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
