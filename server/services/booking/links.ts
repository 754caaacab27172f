// The visitor's personal link to their booking (/demo/booking/<token>): no sign-in, so the token
// is the only key. It is signed (HMAC-SHA256 with a key derived from the site's TOKEN_SECRET for
// this one purpose, so no other token of the site can stand in for it, nor it for them), names
// one booking by its uid, and expires after the meeting (DESIGN.md). Short enough for an email
// line: v1.<payload>.<signature>, base64url.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'demo-booking';
const VERSION = 'v1';

export type BookingLinkCheck =
  { ok: true; uid: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

export function createBookingLinks(tokenSecret: string, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  // A key of its own: HKDF from the secret, labelled with the purpose.
  const key = Buffer.from(hkdfSync('sha256', tokenSecret, 'haulora-booking-links', PURPOSE, 32));
  const sign = (payload: string) => createHmac('sha256', key).update(`${VERSION}.${payload}`).digest();

  return {
    /** A link token for booking `uid`, valid until `expiresAt` (the meeting's end, or later). */
    sign(uid: string, expiresAt: Date): string {
      const payload = Buffer.from(
        JSON.stringify({ p: PURPOSE, u: uid, e: Math.floor(expiresAt.getTime() / 1000) }),
      ).toString('base64url');
      return `${VERSION}.${payload}.${sign(payload).toString('base64url')}`;
    },

    /** The booking a token names, or why it is refused: 'invalid' (tampered, another purpose,
     * not a token) or 'expired'. */
    verify(token: string): BookingLinkCheck {
      const match = /^v1\.([A-Za-z0-9_-]{1,512})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return { ok: false, reason: 'invalid' };
      const [, payload, signature] = match as unknown as [string, string, string];
      const given = Buffer.from(signature, 'base64url');
      // One spelling per signature: base64url's last character has spare bits, and a token
      // differing only there must not pass as the same one.
      if (given.toString('base64url') !== signature) return { ok: false, reason: 'invalid' };
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      let claims: { p?: unknown; u?: unknown; e?: unknown };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (claims.p !== PURPOSE || typeof claims.u !== 'string' || !claims.u || typeof claims.e !== 'number')
        return { ok: false, reason: 'invalid' };
      if (claims.e * 1000 <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, uid: claims.u, expiresAt: new Date(claims.e * 1000) };
    },
  };
}
export type BookingLinks = ReturnType<typeof createBookingLinks>;
