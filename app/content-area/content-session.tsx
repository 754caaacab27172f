// How a Content page reads its sign-in state (decision 049): the sign-in form when the loader or
// an action says nobody is signed in (a post that found the sign-in over comes back from the
// action, with what it typed), the typed values given back after signing in again, and the 403
// page for a staff role that cannot edit content, saying so and where to go instead.
import { Form, href, isRouteErrorResponse, useRouteError } from 'react-router';
import { CONTENT_MESSAGES } from '../../common/content-messages.ts';
import { Csrf } from '../components/sections/content/content-parts.tsx';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';

export type SignInState = { csrfToken: string; message: string | null; kept: Record<string, string> | null };
type SignedOutData = {
  signedIn: false;
  csrfToken: string;
  message: string | null;
  kept?: Record<string, string> | null;
};

const isSignedOut = (value: unknown): value is SignedOutData =>
  Boolean(value && typeof value === 'object' && (value as { signedIn?: unknown }).signedIn === false);

/** The sign-in form's state when this page shows it, else null. */
export function signInState(loaderData: unknown, actionData: unknown): SignInState | null {
  const signedOut = isSignedOut(actionData) ? actionData : isSignedOut(loaderData) ? loaderData : null;
  return signedOut
    ? { csrfToken: signedOut.csrfToken, message: signedOut.message, kept: signedOut.kept ?? null }
    : null;
}

/** The values typed before the sign-in ended, given back by the sign-in's action. */
export function restoredFrom(actionData: unknown): { values: Record<string, string>; message: string } | null {
  if (!actionData || typeof actionData !== 'object' || !('restored' in actionData)) return null;
  const { restored, message } = actionData as { restored: Record<string, string>; message: string };
  return { values: restored, message };
}

/** The Content pages' error boundary: the 403 page for a role that cannot edit content; anything
 * else goes on to the site's own error page. */
export function ContentErrorBoundary() {
  const error = useRouteError();
  const refusal =
    isRouteErrorResponse(error) &&
    error.status === 403 &&
    (error.data as { refusal?: string } | null)?.refusal === 'role'
      ? (error.data as { role: string; csrfToken: string })
      : null;
  if (!refusal) throw error;
  return (
    <>
      <title>{`${CONTENT_MESSAGES.roleRefusedTitle} | Haulora`}</title>
      <meta name="robots" content="noindex" />
      <PageHero eyebrow="Error 403" title={CONTENT_MESSAGES.roleRefusedTitle}>
        <p>{CONTENT_MESSAGES.roleRefused(refusal.role)}</p>
      </PageHero>
      <div className="container page-message">
        <p className="error-actions">
          <ButtonLink to={href('/inbox')}>Go to the inbox</ButtonLink>{' '}
          <ButtonLink to={href('/home')} variant="secondary">
            Home
          </ButtonLink>
        </p>
        <Form method="post" action={href('/content/faq')}>
          <Csrf token={refusal.csrfToken} />
          <Button type="submit" name="intent" value="sign-out" variant="ghost" size="sm">
            Sign out to sign in as an admin
          </Button>
        </Form>
      </div>
    </>
  );
}
