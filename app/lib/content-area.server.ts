// What the Content area's route modules share (issue 19, decision 021). Its pages are rendered on
// the server from loaders and changed through page actions, so they work with and without
// JavaScript: the staff sign-in for them is an HttpOnly, SameSite=Strict cookie scoped to
// /content holding a short-lived access token, renewed on every page view, ended by signing out.
// Only admins get past staffFor(): a sales member gets a 403 whatever the page. Their actions
// follow the one form contract of forms.server.ts, with the staff sign-in as an extra step
// (readContentPost); a service's refusal comes back as a Result, never as an error to recognise.
import { data, redirect } from 'react-router';
import { CONTENT_COOKIE, CONTENT_MESSAGES } from '../../common/content.ts';
import { MESSAGES } from '../../common/messages.ts';
import { SIGN_IN_TOO_LONG, signInSchema } from '../../common/schemas.ts';
import type { AppContext } from './app-context.ts';
import { type FormRefusal, readFormPost, refuse } from './forms.server.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

function cookieValue(request: Request): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CONTENT_COOKIE) return rest.join('=') || null;
  }
  return null;
}

function cookie(app: AppContext, value: string, maxAge: number): string {
  // Secure whenever the public address is https (SITE_URL) or the request came over https.
  const secure = app.secureCookies ? '; Secure' : '';
  return `${CONTENT_COOKIE}=${value}; Path=/content; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
}

export type Staff = { username: string; token: string; headers: Record<string, string> };

/** The signed-in admin, or null when nobody is signed in here. Throws the 403 page for sales. */
export async function staffFor(request: Request, app: AppContext): Promise<Staff | null> {
  const token = cookieValue(request);
  if (!token || !/^[\w.-]{1,4096}$/.test(token)) return null;
  const session = await app.services.auth.renew(token);
  if (!session) return null;
  if (session.role !== 'admin') throw data({ message: CONTENT_MESSAGES.forbidden }, { status: 403, headers: NO_STORE });
  return {
    username: session.username,
    token: session.accessToken,
    headers: { ...NO_STORE, 'Set-Cookie': cookie(app, session.accessToken, session.ttlSeconds) },
  };
}

/** What every Content page's loader answers when nobody is signed in: the sign-in form. */
export function signedOut(app: AppContext, message: string | null = null, status = 200) {
  return data({ signedIn: false as const, csrfToken: app.csrf.token, message }, { status, headers: NO_STORE });
}

export type ContentPost = { values: Record<string, string>; intent: string };

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
  if (intent === 'sign-in') {
    const parsed = signInSchema.safeParse(values);
    const tooLong = parsed.success
      ? undefined
      : parsed.error.issues.map((issue) => issue.message).find((message) => SIGN_IN_TOO_LONG.has(message));
    if (!parsed.success) return { ok: false, response: signedOut(app, tooLong ?? MESSAGES.allFieldsRequired, 400) };
    const result = await app.services.auth.signIn(parsed.data, app.clientAddress);
    if (result.kind !== 'signed-in')
      return { ok: false, response: signedOut(app, MESSAGES.signInError, result.kind === 'locked' ? 429 : 401) };
    const session = await app.services.auth.validate(result.tokens.access_token);
    if (session?.role !== 'admin') {
      // A sales member is told so, and the sign-in made here is not kept.
      await app.services.auth.signOut(result.tokens.access_token);
      return { ok: false, response: data({ message: CONTENT_MESSAGES.forbidden }, { status: 403, headers: NO_STORE }) };
    }
    return {
      ok: false,
      response: redirect(here, {
        status: 303,
        headers: { ...NO_STORE, 'Set-Cookie': cookie(app, result.tokens.access_token, result.tokens.expires_in) },
      }),
    };
  }
  const staff = await staffFor(request, app);
  if (intent === 'sign-out') {
    if (staff) await app.services.auth.signOut(staff.token);
    return {
      ok: false,
      response: redirect('/content/faq', { status: 303, headers: { ...NO_STORE, 'Set-Cookie': cookie(app, '', 0) } }),
    };
  }
  if (!staff)
    return {
      ok: false,
      response: signedOut(app, 'Your sign-in has ended. Please sign in again; what you typed was not saved.', 401),
    };
  return { ok: true, staff, post: { values, intent } };
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
