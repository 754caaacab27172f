// The navbar's Sign In and Book a Demo actions. Without JavaScript they are links to the full
// pages /sign-in and /request-demo; once hydrated they open the modals instead (spec 2), whose
// code loads on first use. On page load a stored sign-in is checked with the server (spec 4);
// while signed in the navbar shows the staff member's menu (Inbox, Content, Sign Out).
import { lazy, type MouseEvent, Suspense, useEffect, useRef, useState } from 'react';
import { href } from 'react-router';
import { SubmissionStatus } from '../../../common/constants.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { requestCountries } from '../../lib/countries-request.ts';
import { loadOrOpenPage, preload } from '../../lib/load-or-open-page.ts';
import { restoreSession, signOut, useSignedInRole, useSignedInUser } from '../../lib/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { ButtonLink } from '../ui/button.tsx';
import { ResultModal, type SubmissionResult } from '../ui/result-modal.tsx';
import { StatusMessage } from '../ui/status-message.tsx';
import { AccountMenu } from './account-menu.tsx';
import './header-actions.css';

const loadSignIn = () => import('../forms/sign-in-modal.tsx');
const loadDemo = () => import('../forms/demo-modal.tsx');
// A modal whose code cannot be fetched opens its full page instead (the links' own address).
const SignInModal = lazy(loadOrOpenPage(loadSignIn, () => href('/sign-in')));
const DemoModal = lazy(loadOrOpenPage(loadDemo, () => href('/request-demo')));
const preloadSignIn = preload(loadSignIn);

type ModalName = 'sign-in' | 'demo';

/** A plain click: a modified one (new tab, new window) keeps the link's own behaviour. */
const isPlainClick = (event: MouseEvent | globalThis.MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function HeaderActions() {
  const hydrated = useHydrated();
  const username = useSignedInUser();
  const role = useSignedInRole();
  const [open, setOpen] = useState<ModalName | null>(null);
  // Each opening counts up, so the form inside starts afresh.
  const [openings, setOpenings] = useState({ 'sign-in': 0, demo: 0 });
  const [notice, setNotice] = useState<SubmissionResult | null>(null);
  const signInLink = useRef<HTMLAnchorElement>(null);
  const accountButton = useRef<HTMLButtonElement>(null);
  const demoLink = useRef<HTMLAnchorElement>(null);

  // A Book a Demo link elsewhere on the page (the feature pages' closing band, marked
  // data-opens-demo) opens this same modal; captured before the router's own click handling.
  useEffect(() => {
    const onClick = (event: globalThis.MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[data-opens-demo]');
      if (!link || !isPlainClick(event)) return;
      event.preventDefault();
      setOpenings((count) => ({ ...count, demo: count.demo + 1 }));
      setOpen('demo');
    };
    window.addEventListener('click', onClick, true);
    return () => window.removeEventListener('click', onClick, true);
  }, []);

  // The spec's 'Signed In!' on page load: a polite status for 2 s, never the focus (issue 31).
  const [loadNotice, setLoadNotice] = useState<string | null>(null);
  // When idle: it reads the cookies and session storage (1-11 ms observed on a slow machine), which
  // would lengthen the task that runs every effect of the page's hydration.
  useEffect(
    () =>
      whenIdle(
        () =>
          // Its client's code cannot be fetched (offline): the check waits for the next page.
          void restoreSession().then(
            (live) => {
              if (live) setLoadNotice(MESSAGES.signedIn);
            },
            () => undefined,
          ),
        1000,
      ),
    [],
  );

  function openModal(name: ModalName) {
    return (event: MouseEvent) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      setOpenings((count) => ({ ...count, [name]: count[name] + 1 }));
      setOpen(name);
    };
  }

  async function onSignOut() {
    const message = await signOut();
    setNotice({ status: SubmissionStatus.Success, message });
  }

  // After signing in or out the button that was pressed is gone: focus its successor.
  const signInFocus = () => accountButton.current ?? signInLink.current;

  return (
    <div className="header-actions">
      {username ? (
        <AccountMenu username={username} role={role} onSignOut={onSignOut} buttonRef={accountButton} />
      ) : (
        <ButtonLink
          ref={signInLink}
          to={href('/sign-in')}
          variant="inverse"
          size="sm"
          aria-haspopup={hydrated ? 'dialog' : undefined}
          onClick={openModal('sign-in')}
          onPointerEnter={preloadSignIn}
          onFocus={preloadSignIn}
        >
          Sign In
        </ButtonLink>
      )}
      <ButtonLink
        ref={demoLink}
        to={href('/request-demo')}
        variant="primary"
        size="sm"
        aria-haspopup={hydrated ? 'dialog' : undefined}
        onClick={openModal('demo')}
        onPointerEnter={preloadDemo}
        onFocus={preloadDemo}
      >
        Book a Demo
      </ButtonLink>

      {openings['sign-in'] > 0 ? (
        <Suspense fallback={null}>
          <SignInModal
            open={open === 'sign-in'}
            resetKey={openings['sign-in']}
            onClose={() => setOpen(null)}
            returnFocus={signInFocus}
          />
        </Suspense>
      ) : null}
      {openings.demo > 0 ? (
        <Suspense fallback={null}>
          <DemoModal open={open === 'demo'} resetKey={openings.demo} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
      <StatusMessage message={loadNotice} onDone={() => setLoadNotice(null)} />
      <ResultModal
        result={notice}
        title={username ? 'Signed in' : 'Signed out'}
        onClose={() => setNotice(null)}
        returnFocus={signInFocus}
      />
    </div>
  );
}

/** Fetches the demo modal's code and its country list ahead of the click. */
function preloadDemo() {
  preload(loadDemo)();
  void requestCountries();
}
