// The document every page shares.
import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root.ts';
import { appContext, useNonce } from './lib/app-context.ts';
import './styles/base.css';

export function loader({ context }: Route.LoaderArgs) {
  return { site: context.get(appContext).site };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('root');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Page not found' : 'Something went wrong';
  const detail = notFound
    ? 'The page you asked for does not exist or has moved.'
    : 'An unexpected error stopped this page from loading. Please try again in a moment.';
  return (
    <main className="page-message">
      <title>{`${title} | ${data?.site.brand ?? 'Haulora'}`}</title>
      <h1>{title}</h1>
      <p>{detail}</p>
      <p>
        <a href="/home">Go to the home page</a>
      </p>
    </main>
  );
}
