// Preview links for a page document's draft (issue 31, decision 055): /preview/<token> renders the
// page's real route with its draft laid over the site's copy, for anyone holding the link, signed
// in or not, for an hour. The token is the FAQ preview's shape (decision 052) under a key of its
// own (HKDF from TOKEN_SECRET for this purpose alone) and its own prefix, naming the page and the
// expiry: tampered or another key → 'invalid' (404), past its time → 'expired' (410). A token
// that is not a page's (no prefix) is left to the FAQ and glossary previews.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { pageEntry } from './page-registry.ts';

const PURPOSE = 'page-preview';
const PREFIX = 'pg1';
/** How long a page preview link works, as the FAQ's. */
export const PAGE_PREVIEW_TTL_SECONDS = 60 * 60;

/** How long the editor's live pane link works (decision 059): a working day, so a page left open
 * keeps following the typing; the editor page makes a new one on each load. */
export const LIVE_PREVIEW_TTL_SECONDS = 8 * 60 * 60;

export type PagePreviewCheck =
  | { ok: true; pageId: string; expiresAt: Date; /** A live pane's link: whose typing it shows. */ typist?: string }
  | { ok: false; reason: 'invalid' | 'expired' | 'not-a-page-link' };

export function createPagePreviewLinks(tokenSecret: string, now: () => number = Date.now) {
  const key = Buffer.from(hkdfSync('sha256', tokenSecret, 'haulora-page-preview', PURPOSE, 32));
  const sign = (payload: string) => createHmac('sha256', key).update(`${PREFIX}.${payload}`).digest();
  return {
    /** With `typist`, the editor's live pane link: it shows that editor's autosaved typing. */
    sign(pageId: string, ttlSeconds = PAGE_PREVIEW_TTL_SECONDS, typist?: string): { token: string; expiresAt: Date } {
      const expires = Math.floor(now() / 1000) + ttlSeconds;
      const claims = { p: PURPOSE, i: pageId, e: expires, ...(typist ? { u: typist } : {}) };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return {
        token: `${PREFIX}.${payload}.${sign(payload).toString('base64url')}`,
        expiresAt: new Date(expires * 1000),
      };
    },
    verify(token: string): PagePreviewCheck {
      if (!token.startsWith(`${PREFIX}.`)) return { ok: false, reason: 'not-a-page-link' };
      const match = /^pg1\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return { ok: false, reason: 'invalid' };
      const [, payload, signature] = match as unknown as [string, string, string];
      const given = Buffer.from(signature, 'base64url');
      // One spelling per signature (base64url's last character has spare bits).
      if (given.toString('base64url') !== signature) return { ok: false, reason: 'invalid' };
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      let claims: { p?: unknown; i?: unknown; e?: unknown; u?: unknown };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (claims.p !== PURPOSE || typeof claims.i !== 'string' || !pageEntry(claims.i) || typeof claims.e !== 'number')
        return { ok: false, reason: 'invalid' };
      if (claims.u !== undefined && typeof claims.u !== 'string') return { ok: false, reason: 'invalid' };
      if (claims.e * 1000 <= now()) return { ok: false, reason: 'expired' };
      const check = { ok: true as const, pageId: claims.i, expiresAt: new Date(claims.e * 1000) };
      return typeof claims.u === 'string' ? { ...check, typist: claims.u } : check;
    },
  };
}
export type PagePreviewLinks = ReturnType<typeof createPagePreviewLinks>;
