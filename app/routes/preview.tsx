// /preview/<token>: a Content draft on its real public page (issue 31, decision 052), for anyone
// holding the signed link a staff member made (signed in or not), until it expires (one hour).
// The page is the FAQ or the glossary as the site shows it now, with that one item as its draft
// would make it, under a banner saying so. A tampered link is a 404, an expired one a 410; never
// cached, never indexed.
import { data } from 'react-router';
import type { Route } from './+types/preview.ts';
import { LocalTime } from '../content-area/item-state.tsx';
import { appContext } from '../lib/app-context.ts';
import { contentHeaders } from '../lib/content-headers.ts';
import { pageMeta } from '../lib/seo.ts';
import { FaqPage } from './faq.tsx';
import { GlossaryPage } from './glossary.tsx';
import './preview.css';

export const headers = contentHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'Draft preview', 'A draft of the Haulora site, not published yet.'),
  { name: 'robots', content: 'noindex' },
];

const REFUSED = {
  404: 'This preview link is not valid, or what it showed is gone.',
  410: 'This preview link has expired. Ask for a new one.',
} as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  // A valid page link never reaches this route (the server renders the page itself, decision 055):
  // here only its refusals.
  const pageLink = await services.pageEditing.preview(params.token);
  if (pageLink === 404 || pageLink === 410)
    throw data(REFUSED[pageLink], { status: pageLink, headers: { 'Cache-Control': 'no-store' } });
  const page = await services.contentEditing.preview(params.token);
  if (page === 404 || page === 410)
    throw data(REFUSED[page], { status: page, headers: { 'Cache-Control': 'no-store' } });
  return page;
}

export default function Preview({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div className="preview-banner" role="note" aria-label="Draft preview">
        <div className="container">
          <strong>Draft preview:</strong> “{loaderData.title}” as it will look once published. It is not on the site
          yet. This link works until <LocalTime iso={loaderData.expiresAt} />.
        </div>
      </div>
      {loaderData.kind === 'faq' ? <FaqPage faqs={loaderData.faqs} /> : <GlossaryPage rows={loaderData.rows} />}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    error && typeof error === 'object' && 'data' in error && typeof error.data === 'string' ? error.data : REFUSED[404];
  return (
    <section className="section">
      <div className="container">
        <h1>Preview not available</h1>
        <p>{message}</p>
      </div>
    </section>
  );
}
