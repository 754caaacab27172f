// /sign-in: the staff sign-in as a full page. The navbar opens the same form in a modal once the
// page is interactive; here is where it lives without JavaScript, posting to this route's action.
import { href, redirect } from 'react-router';
import type { Route } from './+types/sign-in.ts';
import { MESSAGES } from '../../common/messages.ts';
import { fieldErrors, SIGN_IN_TOO_LONG, signInSchema } from '../../common/schemas.ts';
import { SignInForm } from '../components/forms/sign-in-form.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { startSessionCookie } from '../lib/staff-session.server.ts';
import { appContext } from '../lib/app-context.ts';
import { contentHeaders } from '../lib/content-headers.ts';
import { resultPath } from '../lib/form-results.ts';
import { readFormPost, refuse } from '../lib/forms.server.ts';
import { pageMeta } from '../lib/seo.ts';
import '../components/forms/forms.css';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Sign in', 'Sign in to Haulora with your staff account.');

/** Answers about credentials are never stored by a browser or a proxy. */
const NO_STORE = { 'Cache-Control': 'no-store' };

/** The page an action answered (a refusal shown beside the fields) is never stored either. */
export const headers = contentHeaders;

export async function action(args: Route.ActionArgs) {
  const answer = await signIn(args);
  if (answer instanceof Response) answer.headers.set('Cache-Control', 'no-store');
  else
    answer.init = {
      ...answer.init,
      headers: { ...(answer.init?.headers as Record<string, string> | undefined), ...NO_STORE },
    };
  return answer;
}

async function signIn({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const read = await readFormPost(request, app, href('/sign-in'));
  if (!read.ok) return read.refusal;
  const { values, back } = read.post;
  const parsed = signInSchema.safeParse(values);
  // The password is never sent back into the page.
  // A value that is too long says so; every other refusal is the spec's one message.
  const tooLong = parsed.success
    ? undefined
    : parsed.error.issues.map((issue) => issue.message).find((message) => SIGN_IN_TOO_LONG.has(message));
  if (!parsed.success)
    return refuse(
      400,
      tooLong ?? MESSAGES.allFieldsRequired,
      { username: values.username ?? '' },
      fieldErrors(parsed.error),
    );
  const result = await app.services.auth.signIn(parsed.data, app.clientAddress);
  if (result.kind === 'locked') return redirect(resultPath('signIn', 'lockedOut', back), 303);
  if (result.kind === 'wrong-credentials') return redirect(resultPath('signIn', 'wrongCredentials', back), 303);
  // The tokens for session storage (spec 6) need script; without it the sign-in lives in the
  // session cookie alone (decision 049): the Content pages and, once scripts run, any tab use it.
  return redirect(resultPath('signIn', 'signInSuccess', back), {
    status: 303,
    headers: startSessionCookie(app, result.tokens.refresh_token, result.endsAt),
  });
}

export default function SignIn({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Staff" title="Sign in">
        <p>
          Haulora staff sign in here with the account their administrator created. Customers and drivers use the Haulora
          app.
        </p>
      </PageHero>
      <section className="container form-page" aria-label="Sign-in form">
        <div className="form-card" data-size="sm">
          <SignInForm failure={actionData} />
        </div>
      </section>
    </>
  );
}
