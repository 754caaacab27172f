// The /analytics dashboard's sign-in (issue 30), on the one staff sign-in of the staff side
// (issue 31, decision 049): the session cookie set by the modal, /sign-in, the Content area or
// this page's own form, read on the server without rotating it, each view counting as activity
// toward the idle limit. So a member signed in anywhere opens the dashboard at once, and signing
// out here signs out of the staff side. Admin and sales staff may both see it.
import { data, redirect } from 'react-router';
import { MESSAGES } from '../../common/messages.ts';
import { SIGN_IN_TOO_LONG, signInSchema } from '../../common/schemas.ts';
import type { AppContext } from './app-context.ts';
import { readFormPost } from './forms.server.ts';
import { endSessionCookie, staffSession, startSessionCookie } from './staff-session.server.ts';

const NO_STORE: [string, string][] = [['Cache-Control', 'no-store']];
/** The roles that may read the dashboard (every staff role today; a new one is not let in). */
const READERS = new Set(['admin', 'sales']);

export type AnalyticsStaff = { username: string; headers: [string, string][] };

/** The signed-in staff member allowed to read the dashboard, or null (the sign-in form). */
export async function analyticsStaff(request: Request, app: AppContext): Promise<AnalyticsStaff | null> {
  const session = await staffSession(request, app);
  if (!session || !READERS.has(session.role)) return null;
  return { username: session.username, headers: NO_STORE };
}

export function analyticsSignedOut(app: AppContext, message: string | null = null, status = 200) {
  return data({ signedIn: false as const, csrfToken: app.csrf.token, message }, { status, headers: NO_STORE });
}

/** The page's only posts: sign in and sign out. */
export async function analyticsAction(request: Request, app: AppContext) {
  const url = new URL(request.url);
  // A post from the hydrated page arrives as /analytics.data: back to the page itself.
  const here = '/analytics' + url.search.replace(/[?&]_routes=[^&]*/, '').replace(/^&/, '?');
  const read = await readFormPost(request, app, '/analytics');
  if (!read.ok) return read.refusal;
  const { values } = read.post;
  if (values.intent === 'sign-in') {
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) {
      const messages = parsed.error.issues.map((issue) => issue.message);
      return analyticsSignedOut(app, messages.find((m) => SIGN_IN_TOO_LONG.has(m)) ?? MESSAGES.allFieldsRequired, 400);
    }
    const result = await app.services.auth.signIn(parsed.data, app.clientAddress);
    if (result.kind === 'locked') return analyticsSignedOut(app, MESSAGES.lockedOut, 429);
    if (result.kind === 'wrong-credentials') return analyticsSignedOut(app, MESSAGES.wrongCredentials, 401);
    return redirect(here, {
      status: 303,
      headers: startSessionCookie(app, result.tokens.refresh_token, result.endsAt),
    });
  }
  if (values.intent === 'sign-out') {
    const session = await staffSession(request, app);
    if (session) await app.services.auth.endSession(session.sessionId);
    return redirect('/analytics', { status: 303, headers: endSessionCookie(app) });
  }
  return analyticsSignedOut(app, 'Unknown action.', 400);
}
