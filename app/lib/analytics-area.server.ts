// The /analytics dashboard's sign-in (issue 30), as the Content area does it (decision 021): an
// HttpOnly, SameSite=Strict cookie scoped to /analytics holding a short-lived access token,
// renewed on every page view, ended by signing out. Admin and sales staff may both see it.
import { data, redirect } from 'react-router';
import { ANALYTICS_COOKIE } from '../../common/analytics.ts';
import { MESSAGES } from '../../common/messages.ts';
import { signInSchema } from '../../common/schemas.ts';
import type { AppContext } from './app-context.ts';
import { readFormPost } from './forms.server.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };
const TOKEN = /^[\w.-]{1,4096}$/;

function cookieValue(request: Request): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === ANALYTICS_COOKIE) return rest.join('=') || null;
  }
  return null;
}

/** The cookie for the page and for its data URL: React Router fetches /analytics.data, which
 * a cookie of Path=/analytics does not reach (paths match by whole segments). */
function cookies(request: Request, value: string, maxAge: number): [string, string][] {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return ['/analytics', '/analytics.data'].map((path) => [
    'Set-Cookie',
    `${ANALYTICS_COOKIE}=${value}; Path=${path}; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`,
  ]);
}

export type AnalyticsStaff = { username: string; token: string; headers: [string, string][] };

/** The signed-in staff member (admin or sales), or null when nobody is signed in here. */
export async function analyticsStaff(request: Request, app: AppContext): Promise<AnalyticsStaff | null> {
  const token = cookieValue(request);
  if (!token || !TOKEN.test(token)) return null;
  const session = await app.services.auth.renew(token);
  if (!session) return null;
  return {
    username: session.username,
    token: session.accessToken,
    headers: [...Object.entries(NO_STORE), ...cookies(request, session.accessToken, session.ttlSeconds)],
  };
}

export function analyticsSignedOut(app: AppContext, message: string | null = null, status = 200) {
  return data({ signedIn: false as const, csrfToken: app.csrf.token, message }, { status, headers: NO_STORE });
}

/** The page's only posts: sign in and sign out. */
export async function analyticsAction(request: Request, app: AppContext) {
  const here = '/analytics' + new URL(request.url).search.replace(/[?&]_routes=[^&]*/, '').replace(/^&/, '?');
  const read = await readFormPost(request, app, '/analytics');
  if (!read.ok) return read.refusal;
  const { values } = read.post;
  if (values.intent === 'sign-in') {
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) return analyticsSignedOut(app, MESSAGES.allFieldsRequired, 400);
    const result = await app.services.auth.signIn(parsed.data, app.clientAddress);
    if (result.kind !== 'signed-in')
      return analyticsSignedOut(app, MESSAGES.signInError, result.kind === 'locked' ? 429 : 401);
    return redirect(here, {
      status: 303,
      headers: cookies(request, result.tokens.access_token, result.tokens.expires_in),
    });
  }
  if (values.intent === 'sign-out') {
    const staff = await analyticsStaff(request, app);
    if (staff) await app.services.auth.signOut(staff.token);
    return redirect('/analytics', { status: 303, headers: cookies(request, '', 0) });
  }
  return analyticsSignedOut(app, 'Unknown action.', 400);
}
