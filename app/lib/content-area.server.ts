// What the Content area's route modules share (issue 19, decisions 021 and 049). Its pages are
// rendered on the server from loaders and changed through page actions, so they work with and
// without JavaScript: the staff sign-in for them is the session cookie (staff-session.server.ts),
// so a save made any time within the idle limit finds the editor still signed in, and each page
// view or save counts as activity. Only admins get past staffFor(): anyone else gets the 403 page
// (content-refusal.tsx). A post that finds the sign-in over keeps what was typed: the sign-in form
// carries it and gives it back after signing in. Their actions follow the one form contract of
// forms.server.ts, with the staff sign-in as an extra step (readContentPost).
import { data, redirect } from 'react-router';
import { CONTENT_MESSAGES } from '../../common/content.ts';
import { MESSAGES } from '../../common/messages.ts';
import { SIGN_IN_TOO_LONG, signInSchema } from '../../common/schemas.ts';
import type { AppContext } from './app-context.ts';
import { type FormRefusal, readFormPost, refuse } from './forms.server.ts';
import { endSessionCookie, staffSession, startSessionCookie } from './staff-session.server.ts';
import { KEPT_FIELD, keptValues, readKept } from './kept-values.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

export type Staff = { username: string; sessionId: string; headers: Record<string, string> };

/** What the 403 page receives (content-refusal.tsx). */
export type RoleRefusal = { refusal: 'role'; role: string; csrfToken: string };

/** The signed-in admin, or null when nobody is signed in. Throws the 403 page for other roles. */
export async function staffFor(request: Request, app: AppContext): Promise<Staff | null> {
  const session = await staffSession(request, app);
  if (!session) return null;
  if (session.role !== 'admin') {
    const refusal: RoleRefusal = { refusal: 'role', role: session.role, csrfToken: app.csrf.token };
    throw data(refusal, { status: 403, headers: NO_STORE });
  }
  return { username: session.username, sessionId: session.sessionId, headers: NO_STORE };
}

/** What every Content page answers when nobody is signed in: the sign-in form, with its message
 * and what a post that found the sign-in over had typed (given back after signing in). */
export function signedOut(
  app: AppContext,
  message: string | null = null,
  status = 200,
  kept: Record<string, string> | null = null,
) {
  return data({ signedIn: false as const, csrfToken: app.csrf.token, message, kept }, { status, headers: NO_STORE });
}

/** `form` holds the files of a multipart post (a page's image upload). */
export type ContentPost = { values: Record<string, string>; intent: string; form?: FormData };

/** Reads a Content page's post: CSRF checked, signed in as an admin (else the sign-in again).
 * The sign-in and sign-out intents are handled here. */
export async function readContentPost(
  request: Request,
  app: AppContext,
): Promise<
  { ok: true; staff: Staff; post: ContentPost } | { ok: false; response: Response | ReturnType<typeof data> }
> {
  const read = await readFormPost(request, app, new URL(request.url).pathname);
  if (!read.ok) return { ok: false, response: read.refusal };
  const { values } = read.post;
  const intent = values.intent ?? '';
  // A post from the hydrated page arrives as /content.data (React Router's data request): back
  // to the page itself, never to its data URL.
  const url = new URL(request.url);
  const here = url.pathname.replace(/\.data$/, '') + url.search.replace(/[?&]_routes=[^&]*/, '').replace(/^&/, '?');
  if (intent === 'sign-in') return { ok: false, response: await signIn(app, values, here) };
  if (intent === 'sign-out') {
    // Before the role check: anyone signed in may sign out here, the 403 page's button included.
    const session = await staffSession(request, app);
    if (session) await app.services.auth.endSession(session.sessionId);
    return {
      ok: false,
      response: redirect('/content/faq', { status: 303, headers: endSessionCookie(app) }),
    };
  }
  const staff = await staffFor(request, app);
  if (!staff) return { ok: false, response: signedOut(app, CONTENT_MESSAGES.sessionEnded, 401, keptValues(values)) };
  return { ok: true, staff, post: { values, intent, form: read.post.form } };
}

/** The Content sign-in: the spec's words for a refusal; on success the session cookie, and what a
 * post that found the sign-in over had typed comes back (else the page again, 303). */
async function signIn(app: AppContext, values: Record<string, string>, here: string) {
  const kept = readKept(values[KEPT_FIELD]);
  const parsed = signInSchema.safeParse(values);
  if (!parsed.success) {
    const tooLong = parsed.error.issues.map((issue) => issue.message).find((message) => SIGN_IN_TOO_LONG.has(message));
    return signedOut(app, tooLong ?? MESSAGES.allFieldsRequired, 400, kept);
  }
  const result = await app.services.auth.signIn(parsed.data, app.clientAddress);
  if (result.kind === 'locked') return signedOut(app, MESSAGES.lockedOut, 429, kept);
  if (result.kind === 'wrong-credentials') return signedOut(app, MESSAGES.wrongCredentials, 401, kept);
  // One staff sign-in: kept for the inbox too, even when this role cannot edit (the loader then
  // answers the 403 page, which says where to go).
  const headers = startSessionCookie(app, result.tokens.refresh_token, result.endsAt);
  if (kept) return data({ restored: kept, message: CONTENT_MESSAGES.restored }, { headers });
  return redirect(here, { status: 303, headers });
}

/** A positive id from a URL or form value, or null. */
export function idFrom(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}

/** The version a form says it opened, or the 400 that says it is missing (never a version clash). */
export function versionFrom(values: Record<string, string>): { version: number } | { refusal: FormRefusal } {
  const version = idFrom(values.version);
  return version ? { version } : { refusal: refuse(400, CONTENT_MESSAGES.versionRequired, values) };
}
