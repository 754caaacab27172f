// The staff sign-in as the pages rendered on the server see it (decision 049): the session
// cookie's refresh token, read without rotating it, each use counting as activity toward the idle
// limit. A sign-in made by this very request (a page action) is seen by the loaders that run after
// it in the same request, before the browser has the cookie.
import { readSessionCookie, secondsUntil, sessionCookie } from '../../server/session-cookie.ts';
import type { CookieSession } from '../../server/services/auth.ts';
import type { AppContext } from './app-context.ts';

/** Refresh tokens set by a page action of this request, by its AppContext (one per request). */
const signedInNow = new WeakMap<AppContext, string>();

export type LiveSession = Extract<CookieSession, { kind: 'live' }>;

/** The live sign-in behind this request, or null. */
export async function staffSession(request: Request, app: AppContext): Promise<LiveSession | null> {
  const token = signedInNow.get(app) ?? readSessionCookie(request.headers.get('cookie'));
  if (!token) return null;
  const session = await app.services.auth.cookieSession(token);
  return session.kind === 'live' ? session : null;
}

const NO_STORE: [string, string] = ['Cache-Control', 'no-store'];

/** The headers of a sign-in a page action just made (the cookie, its marker, no-store); the
 * loaders of this request see it at once. */
export function startSessionCookie(app: AppContext, refreshToken: string, endsAt: string): [string, string][] {
  signedInNow.set(app, refreshToken);
  const cookies = sessionCookie(refreshToken, secondsUntil(endsAt), app.secureCookies);
  return [NO_STORE, ...cookies.map((cookie): [string, string] => ['Set-Cookie', cookie])];
}

/** The headers that clear the session cookie (sign-out). */
export function endSessionCookie(app: AppContext): [string, string][] {
  signedInNow.delete(app);
  return [
    NO_STORE,
    ...sessionCookie('', 0, app.secureCookies).map((cookie): [string, string] => ['Set-Cookie', cookie]),
  ];
}
