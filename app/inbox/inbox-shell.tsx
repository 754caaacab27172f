// What both inbox pages share: without JavaScript (and in the server's HTML) a note that the inbox
// needs JavaScript and a staff sign-in; once hydrated, signed-out visitors are sent to sign in
// and come back here afterwards (/sign-in?next=<this page>). `useSignInAgain` does the same
// when the API answers 401 later on.
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { href, Link, useNavigate } from 'react-router';
import {
  clearTokens,
  mayHaveSessionCookie,
  refreshSession,
  setSignedInUser,
  storedAccessToken,
} from '../lib/session.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

/** Forgets the stored sign-in and sends the visitor to sign in, to come back to this page. */
export function useSignInAgain() {
  const navigate = useNavigate();
  return useCallback(() => {
    // Read at call time, so the callback stays the same while the filters change the URL.
    const next = window.location.pathname + window.location.search;
    clearTokens();
    setSignedInUser(null);
    navigate(`${href('/sign-in')}?${new URLSearchParams({ next })}`, { replace: true });
  }, [navigate]);
}

export function InboxShell({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const signInAgain = useSignInAgain();
  // Read once after hydration: the token lives in session storage, which the server cannot see.
  const [signedIn, setSignedIn] = useState<boolean | null>(null);

  useEffect(() => {
    let current = true;
    // A tab without tokens (a new tab, a link from an email) starts from the session cookie.
    const ready =
      storedAccessToken() === null && mayHaveSessionCookie()
        ? refreshSession().then((outcome) => outcome.kind === 'refreshed')
        : Promise.resolve(storedAccessToken() !== null);
    void ready.then((present) => {
      if (!current) return;
      setSignedIn(present);
      if (!present) signInAgain();
    });
    return () => {
      current = false;
    };
  }, [signInAgain]);

  if (!hydrated || signedIn === null) {
    return (
      <div className="inbox-notice">
        <p>
          The inbox needs JavaScript and a staff sign-in. Turn JavaScript on in your browser, then{' '}
          <Link to={href('/sign-in')}>sign in with your staff account</Link>.
        </p>
      </div>
    );
  }
  if (!signedIn) {
    return (
      <div className="inbox-notice" role="status">
        <p>Sending you to sign in…</p>
      </div>
    );
  }
  return <>{children}</>;
}
