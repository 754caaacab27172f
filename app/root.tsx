// The document every page shares: skip link, navbar, the page, footer.
import { type ReactNode, useEffect } from 'react';
import { href, isRouteErrorResponse, Links, Meta, Outlet, Scripts, useMatches, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root.ts';
import { privacyContent } from '../content/privacy.ts';
import { SiteFooter } from './components/sections/site-footer.tsx';
import { PreviewBanner } from './components/sections/preview-banner.tsx';
import { SiteHeader } from './components/sections/site-header.tsx';
import { ButtonLink } from './components/ui/button.tsx';
import { PageHero } from './components/ui/page-hero.tsx';
import { appContext, REQUEST_REFERENCE_META, useNonce, useRequestReference } from './lib/app-context.ts';
import { formRules } from './lib/form-rules.server.ts';
import type { RouteHandle } from './lib/route-handle.ts';
import { BRAND_FONT_FACES, BRAND_FONT_SCRIPT, useBrandFont } from './lib/brand-font.ts';
import { FAVICON_HREF, MANIFEST_AFTER_FIRST_PAINT_SCRIPT, MANIFEST_LINK } from './lib/browser-fetched-links.ts';
import { OFFSCREEN_FIRST_FRAME_SCRIPT } from './lib/offscreen-first-frame.ts';
import { PARSED_AFTER_FIRST_PAINT_SCRIPT } from './lib/parsed-after-first-paint.ts';
import { useHydrated } from './lib/use-hydrated.ts';
import { useScrollToTop } from './lib/use-scroll-to-top.ts';
import { usePageviews } from './lib/analytics/use-pageviews.ts';
import { useTheme } from './lib/use-theme.ts';
import './styles/base.css';
export function loader({ context }: Route.LoaderArgs) {
  const { site, origin, csrf, formKey, theme, preview } = context.get(appContext);
  // The origin builds the pages' canonical links (app/lib/seo.ts).
  // The forms' input attributes, the CSRF token and the idempotency key of their native posts
  // (app/lib/form-fields.ts).
  // The demo and contact forms' product-news label and storage notice (content/privacy.yaml).
  // The visitor's colour theme, written into <html> so the first paint has it (decision 023).
  return {
    site,
    origin,
    theme,
    // A page draft's preview link (decision 055): the banner over it.
    preview: preview ?? null,
    forms: { csrfToken: csrf.token, idempotencyKey: formKey, rules: formRules(), privacy: privacyContent.forms },
  };
}

/** The merged handles of the matched routes: any route may hide the navbar or footer. */
function useLayoutHandle(): RouteHandle {
  return Object.assign({}, ...useMatches().map((match) => (match.handle as RouteHandle | undefined) ?? {}));
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  const handle = useLayoutHandle();
  const theme = useTheme();
  return (
    <html lang="en-AU" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: BRAND_FONT_SCRIPT }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: OFFSCREEN_FIRST_FRAME_SCRIPT }} />
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: BRAND_FONT_FACES }} />
        <meta name="theme-color" content="#07142b" />
        <link rel="icon" href={FAVICON_HREF} type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: MANIFEST_AFTER_FIRST_PAINT_SCRIPT }} />
        <noscript dangerouslySetInnerHTML={{ __html: MANIFEST_LINK }} />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {data?.preview ? <PreviewBanner {...data.preview} /> : null}
        {data && !handle.hideNavbar ? <SiteHeader site={data.site} /> : null}
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {data && !handle.hideFooter ? <SiteFooter site={data.site} /> : null}
        <HydrationMark />
        <Scripts nonce={nonce} />
        <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: PARSED_AFTER_FIRST_PAINT_SCRIPT }} />
      </body>
    </html>
  );
}

/** The route modules start after the first paint (decision 012), so the page is readable before
 * it is interactive: this marks the document once every component has switched to its scripted
 * behaviour (useHydrated's switches land in one transition), for the browser tests to wait on.
 * A component of its own, so that the switch re-renders nothing else. */
function HydrationMark() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = 'true';
  }, [hydrated]);
  return null;
}

export default function App() {
  useScrollToTop();
  usePageviews();
  useBrandFont();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('root');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Page not found' : 'Something went wrong';
  const brand = data?.site.brand ?? 'Haulora';
  const reference = useRequestReference();
  return (
    <>
      <title>{`${title} | ${brand}`}</title>
      <meta name="robots" content="noindex" />
      {!notFound && reference ? <meta name={REQUEST_REFERENCE_META} content={reference} /> : null}
      <PageHero eyebrow={notFound ? 'Error 404' : 'Error'} title={title}>
        <p>
          {notFound
            ? 'The page you asked for does not exist or has moved. These are good places to continue:'
            : 'An unexpected error stopped this page from loading. Please try again in a moment.'}
        </p>
        {!notFound && reference ? (
          <p>
            If it keeps happening, quote this reference to support:{' '}
            <code className="request-reference">{reference}</code>
          </p>
        ) : null}
      </PageHero>
      <div className="container page-message">
        <p className="error-actions">
          <ButtonLink to={href('/home')}>Home</ButtonLink>{' '}
          <ButtonLink to={href('/features')} variant="secondary">
            Features
          </ButtonLink>{' '}
          <ButtonLink to={href('/docs')} variant="secondary">
            Manual
          </ButtonLink>{' '}
          <ButtonLink to={href('/faq')} variant="secondary">
            FAQs
          </ButtonLink>
        </p>
      </div>
    </>
  );
}
