// A form below the fold whose code loads when it is needed (issue 18, "A lighter home page";
// docs/decisions/026). The server renders it as always, so it posts natively without
// JavaScript. In the browser the page hydrates without its code: the Suspense boundary keeps
// the server's HTML (React leaves a suspended boundary dehydrated) until the code has come,
// then hydrates it. The code is asked for when the visitor scrolls the form near the viewport
// (a screen ahead), or at the visitor's first pointer or focus in it, whichever comes first. Nothing a visitor does
// in the meantime is lost: what is typed stays in the controls and useForm takes it on
// hydration; a submit is held (no native post while JavaScript runs) and sent again once the
// form's code runs; the browser's own validation bubbles are switched off as the real form's.
// On a client-side navigation there is no server HTML to keep: the code loads at once.
//
// React keeps a dehydrated boundary only while no update reaches it. One that does is hydrated
// first, so a transition waits for the code (every later transition with it: React renders
// them together) and any other update throws the server's HTML away for the fallback. The
// router updates its contexts after hydration (its route discovery) and on every navigation,
// an in-page #contact jump included: that held the router's updates and then emptied the
// forms for good. So the boundary is one element for the form's life (a parent's re-render is
// no update to it), and `Shield` reads the router's contexts (React's search for a changed
// context's readers stops there). Should React throw the HTML away all the same, the fallback
// asks for the code and the form comes back as soon as it has come. Where there is no server HTML
// (a client-side navigation, or HTML thrown away) and the code cannot be fetched, the fallback
// says so and links to the page itself: loaded whole, it has the server's form, which posts.
import { type ComponentType, type ReactNode, Suspense, use, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterDataContext,
  UNSAFE_DataRouterNavigationContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
  useLocation,
} from 'react-router';
import { type FormName, loadApiClient, loadCheck } from '../../lib/form-fields.ts';
import { HydratesLate, isPageHydrated } from '../../lib/use-hydrated.ts';
import './deferred-form.css';

/** The form component, from a dynamic import. */
export type FormLoader<P> = () => Promise<ComponentType<P>>;

// One download per form component, however many times it is rendered.
const started = new WeakMap<FormLoader<never>, Promise<ComponentType<never>>>();
function start<P>(load: FormLoader<P>): Promise<ComponentType<P>> {
  let loading = started.get(load as FormLoader<never>);
  if (!loading) {
    loading = load() as Promise<ComponentType<never>>;
    started.set(load as FormLoader<never>, loading);
  }
  return loading as Promise<ComponentType<P>>;
}

/** How far ahead of the viewport the code starts to load: one screen. */
const AHEAD = '100% 0px';

type Gate<P> = { form: Promise<ComponentType<P>>; open: () => void; failed: Promise<void> };

function gate<P>(load: FormLoader<P>, now: boolean): Gate<P> {
  let open = () => {};
  let fail = () => {};
  const opened = now ? Promise.resolve() : new Promise<void>((resolve) => (open = resolve));
  const failed = new Promise<void>((resolve) => (fail = resolve));
  // Code that cannot be fetched (offline) leaves the server's HTML as it is: a form that posts.
  const form = opened
    .then(() => start(load))
    .catch(() => {
      fail();
      return new Promise<never>(() => {});
    });
  return { form, open, failed };
}

type DeferredFormProps<P> = {
  /** The form's name: its check and the API client load with its code once it is used. */
  form: FormName;
  load: FormLoader<P>;
  /** The form's props, taken once: the boundary stays the same element (see above). */
  props: P;
};

export function DeferredForm<P extends object>({ form: name, load, props }: DeferredFormProps<P>) {
  const box = useRef<HTMLDivElement>(null);
  // Rendered while the page hydrates: there is server HTML to keep until the code comes.
  const [late] = useState(() => !isPageHydrated());
  const [{ form, open, failed }] = useState(() => gate(load, !late || import.meta.env.SSR));
  const ready = useRef(!late);
  // A submit made before the code ran: sent again once it runs.
  const held = useRef<{ form: HTMLFormElement; submitter: HTMLElement | null } | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || ready.current) return;
    const near = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && open(), {
      rootMargin: AHEAD,
    });
    // Near means the visitor scrolls towards it (issue 32): nothing loads in the first idle
    // period for a form that is merely within a screen of a page's top (the footer of a short
    // page); a page opened scrolled (a #contact link) looks at once.
    const watch = () => {
      removeEventListener('scroll', watch);
      for (const child of element.children) near.observe(child);
    };
    if (scrollY > 0) watch();
    else addEventListener('scroll', watch, { passive: true });
    // In use: what a submit needs comes alongside the form's code, not after it (the form
    // itself preloads them on focus, which it cannot do before its code runs).
    const need = () => {
      // The real form validates with the schema's messages: no browser bubble in their place.
      for (const each of element.querySelectorAll('form')) each.noValidate = true;
      open();
      // Ahead of use only: a failure here is the submit's to report (use-form.ts).
      loadCheck(name).catch(() => undefined);
      loadApiClient().catch(() => undefined);
    };
    // Listened to on the window, in the capture phase: while the form is not hydrated, React's
    // own listener on the document stops every event aimed at it there (it replays some once
    // the form has hydrated; a submit it does not), so nothing below the document hears them.
    const ours = (event: Event) => !ready.current && event.target instanceof Node && element.contains(event.target);
    const onUse = (event: Event) => ours(event) && need();
    const onSubmit = (event: SubmitEvent) => {
      if (!ours(event) || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      held.current = { form: event.target, submitter: event.submitter };
      need();
    };
    // A submit that gets down here with the form hydrated is one React hydrated it for (at once,
    // in its own listener) in time to handle it: nothing to send again.
    const handled = () => {
      if (ready.current) held.current = null;
    };
    addEventListener('pointerdown', onUse, true);
    addEventListener('focusin', onUse, true);
    addEventListener('submit', onSubmit, true);
    element.addEventListener('submit', handled);
    // The code could not be fetched: a held submit goes as it would without JavaScript.
    void failed.then(() => {
      ready.current = true;
      held.current?.form.submit();
    });
    return () => {
      near.disconnect();
      removeEventListener('scroll', watch);
      removeEventListener('pointerdown', onUse, true);
      removeEventListener('focusin', onUse, true);
      removeEventListener('submit', onSubmit, true);
      element.removeEventListener('submit', handled);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- set up once, around the server HTML found at mount
  }, []);

  // Hydrated: from now on React handles whatever happens in the form.
  const onHydrated = () => {
    ready.current = true;
  };
  // The hydrated form's effects have run (useForm has taken the typed values): a held submit
  // goes now, as the visitor made it.
  const onReady = () => {
    const submit = held.current;
    held.current = null;
    if (submit) submit.form.requestSubmit(submit.submitter);
  };

  // Made once: a new element would be an update to the boundary (see above). What it uses
  // stays the same: the gate, and these callbacks, which only touch refs.
  const [boundary] = useState(() => (
    <Suspense fallback={<AskForCode open={open} failed={failed} />}>
      <Loaded form={form} props={props} onHydrated={onHydrated} onReady={onReady} />
    </Suspense>
  ));

  return (
    <div ref={box} className="deferred-form">
      <HydratesLate value={late}>
        <Shield>{boundary}</Shield>
      </HydratesLate>
    </div>
  );
}

/** Reads every context React Router provides above the page (a navigation, a revalidation or
 * the route discovery changes some of them), so it re-renders then and hands React the same
 * boundary again, which React leaves as it is, hydrated or not. */
function Shield({ children }: { children: ReactNode }) {
  use(UNSAFE_FrameworkContext);
  use(UNSAFE_DataRouterContext);
  use(UNSAFE_DataRouterStateContext);
  use(UNSAFE_DataRouterNavigationContext);
  use(UNSAFE_DataRouterDataContext);
  use(UNSAFE_FetchersContext);
  use(UNSAFE_ViewTransitionContext);
  use(UNSAFE_NavigationContext);
  use(UNSAFE_LocationContext);
  use(UNSAFE_RouteContext);
  return children;
}

/** Shown only if React rendered the boundary afresh, without the server's HTML: the form comes
 * back once its code has come, however far it is from the viewport. Code that cannot be fetched
 * leaves a way to the server's form: the same page, loaded whole. */
function AskForCode({ open, failed }: { open: () => void; failed: Promise<void> }) {
  useEffect(open, [open]);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    let live = true;
    void failed.then(() => live && setBroken(true));
    return () => {
      live = false;
    };
  }, [failed]);
  const { pathname, search } = useLocation();
  if (!broken) return null;
  return (
    <p className="deferred-form-failed" role="alert">
      This form could not be loaded. <a href={`${pathname}${search}`}>Reload the page</a> to fill it in.
    </p>
  );
}

function Loaded<P extends object>({
  form,
  props,
  ...marks
}: { form: Promise<ComponentType<P>>; props: P } & ReadyProps) {
  const Form = use(form);
  return (
    <>
      {/* eslint-disable-next-line react-hooks/static-components -- the form module loaded once; use() returns the same component every render */}
      <Form {...props} />
      <Ready {...marks} />
    </>
  );
}

type ReadyProps = { onHydrated: () => void; onReady: () => void };

/** Says when the form above it has hydrated (in the commit) and when its effects have run. */
function Ready({ onHydrated, onReady }: ReadyProps) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when this mark commits
  useLayoutEffect(onHydrated, []);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when its effects run
  useEffect(onReady, []);
  return null;
}
