// The staff sign-in's session cookie (decision 049): the refresh token of the sign-in, never the
// access token, HttpOnly and SameSite=Strict, for the whole site (POST /api/auth/refresh and the
// Content pages both read it), Secure whenever the site is served over https, and living until the
// sign-in's absolute end. One module writes it for the API (Fastify) and the pages (React Router).
// Beside it a marker cookie readable by script says only that a sign-in may be there, so a page
// asks the server (POST /api/auth/refresh) only then, not for every visitor.
import { SESSION_COOKIE, SESSION_MARKER_COOKIE } from '../common/constants.ts';

export { SESSION_COOKIE };

/** What a refresh token looks like (newRefreshToken: 32 bytes, base64url); anything else is ignored. */
const REFRESH_TOKEN = /^[\w-]{16,512}$/;

/** Seconds from now to the sign-in's absolute end (at least 0). */
export function secondsUntil(endsAt: string, now = Date.now()): number {
  return Math.max(0, Math.floor((Date.parse(endsAt) - now) / 1000));
}

/** The Set-Cookie headers' values (the cookie and its marker); an empty value with Max-Age=0 clears them. */
export function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): [string, string] {
  const attributes = `Path=/; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
  return [
    `${SESSION_COOKIE}=${value}; HttpOnly; ${attributes}`,
    `${SESSION_MARKER_COOKIE}=${value ? '1' : ''}; ${attributes}`,
  ];
}

export const clearedSessionCookie = (secure: boolean) => sessionCookie('', 0, secure);

/** The refresh token a Cookie header carries, or null. */
export function readSessionCookie(cookieHeader: string | null | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SESSION_COOKIE) continue;
    const value = rest.join('=');
    return REFRESH_TOKEN.test(value) ? value : null;
  }
  return null;
}
