// The signed-in staff member's profile. Signed-in state is the tokens in sessionStorage (spec 6):
// with both present, the page asks GET /api/ValidateToken who they belong to and until when. The
// server render (and so a visitor without JavaScript) shows the sign-in prompt.
import { UserRound } from 'lucide-react';
import { useLayoutEffect, useState } from 'react';
import { href } from 'react-router';
import type { UserProfileContent } from '../../../content/user-profile.schema.ts';
import { storedAccessToken, useSignedInUser } from '../../lib/session.ts';
import { ButtonLink } from '../ui/button.tsx';
import { apiGet } from '../../lib/api-client.ts';

type Copy = Omit<UserProfileContent, 'page'>;
type ProfileState =
  | { kind: 'signed-out' }
  | { kind: 'checking' }
  | { kind: 'expired' }
  | { kind: 'signed-in'; username: string; expiresAt: Date };

const VALIDATE_TOKEN_API = '/api/ValidateToken';

function useStaffSession(): ProfileState {
  const [state, setState] = useState<ProfileState>({ kind: 'signed-out' });
  // Signing in or out in the navbar while this page is open changes this, and so re-checks.
  const navbarUser = useSignedInUser();
  // A layout effect, so a signed-in visitor never sees the sign-in prompt painted first.
  useLayoutEffect(() => {
    const accessToken = storedAccessToken();
    if (!accessToken) {
      setState({ kind: 'signed-out' });
      return;
    }
    // A re-check keeps showing the confirmed profile rather than flashing 'checking'.
    setState((current) => (current.kind === 'signed-in' ? current : { kind: 'checking' }));
    const controller = new AbortController();
    validate(accessToken, controller.signal)
      .then(setState)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Could not check the sign-in:', error);
        setState({ kind: 'expired' });
      });
    return () => controller.abort();
  }, [navbarUser]);
  return state;
}

async function validate(accessToken: string, signal: AbortSignal): Promise<ProfileState> {
  const result = await apiGet(VALIDATE_TOKEN_API, { bearer: accessToken, signal });
  if (result.kind !== 'data') return { kind: 'expired' };
  const body = result.data;
  if (typeof body !== 'object' || body === null || !('username' in body) || !('expires_at' in body))
    return { kind: 'expired' };
  const { username, expires_at } = body as { username: unknown; expires_at: unknown };
  const expiresAt = new Date(String(expires_at));
  if (typeof username !== 'string' || Number.isNaN(expiresAt.getTime())) return { kind: 'expired' };
  return { kind: 'signed-in', username, expiresAt };
}

export function StaffProfile({ copy }: { copy: Copy }) {
  const state = useStaffSession();
  return (
    <div className="staff-profile" aria-live="polite">
      {state.kind === 'checking' ? <p className="staff-profile-checking">{copy.checking}</p> : null}
      {state.kind === 'signed-out' || state.kind === 'expired' ? (
        <SignInPrompt
          heading={state.kind === 'expired' ? copy.expired.heading : copy.signedOut.heading}
          text={state.kind === 'expired' ? copy.expired.text : copy.signedOut.text}
          label={copy.signedOut.label}
        />
      ) : null}
      {state.kind === 'signed-in' ? (
        <div className="staff-profile-card">
          <UserRound aria-hidden="true" className="staff-profile-avatar" />
          <div>
            <h2>{copy.signedIn.heading}</h2>
            <dl className="staff-profile-details">
              <div>
                <dt>{copy.signedIn.usernameLabel}</dt>
                <dd>{state.username}</dd>
              </div>
              <div>
                <dt>{copy.signedIn.expiryLabel}</dt>
                <dd>
                  <time dateTime={state.expiresAt.toISOString()}>
                    {state.expiresAt.toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                </dd>
              </div>
            </dl>
            <p>{copy.signedIn.text}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function SignInPrompt({ heading, text, label }: { heading: string; text: string; label: string }) {
  return (
    <div className="staff-profile-card">
      <UserRound aria-hidden="true" className="staff-profile-avatar" />
      <div>
        <h2>{heading}</h2>
        <p>{text}</p>
        <ButtonLink to={href('/sign-in')}>{label}</ButtonLink>
      </div>
    </div>
  );
}
