// What the staff demo pages share (issue 29: /inbox/my-demos and a demo request's meeting page):
// they are rendered on the server from the session cookie (staff-session.server.ts, decision 049),
// so they work with and without JavaScript, for any staff role; a page view counts as activity.
import { data } from 'react-router';
import type { AppContext } from './app-context.ts';
import { staffSession } from './staff-session.server.ts';

export const NO_STORE = { 'Cache-Control': 'no-store' };

/** The signed-in staff member's username, or null. */
export async function demoStaff(request: Request, app: AppContext): Promise<string | null> {
  return (await staffSession(request, app))?.username ?? null;
}

/** The page when nobody is signed in: a link to sign in and come back (401, never cached). */
export function demosSignedOut(request: Request) {
  const url = new URL(request.url);
  const next = url.pathname.replace(/\.data$/, '') + url.search.replace(/[?&]_routes=[^&]*/, '').replace(/^&/, '?');
  return data({ signedIn: false as const, next }, { status: 401, headers: NO_STORE });
}
