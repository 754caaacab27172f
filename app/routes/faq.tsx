// /faq (spec 2, FAQ page): the loading overlay, then the questions. The server renders the rows
// from the database into the HTML (complete without JavaScript); in the browser the list is loaded
// from GET /api/Faqs/GetAllFromFaqs right after hydration (use-api-copy.ts) and on every
// client-side navigation (the clientLoader) (DESIGN.md).
import { href, Link } from 'react-router';
import type { Route } from './+types/faq.ts';
import type { FaqItem } from '../../common/api.ts';
import { FaqList } from '../components/sections/faq-list.tsx';
import { ActionRow } from '../components/ui/action-row.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { LoadingOverlay } from '../components/ui/loading-overlay.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext, useNonce } from '../lib/app-context.ts';
import { pageMeta } from '../lib/seo.ts';
import { apiGet } from '../lib/api-client.ts';
import { useApiCopy } from '../lib/use-api-copy.ts';
import './faq.css';
import type { RouteHandle } from '../lib/route-handle.ts';

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

const FAQ_API = '/api/Faqs/GetAllFromFaqs';

export async function loader({ context }: Route.LoaderArgs) {
  return { faqs: await context.get(appContext).content.listFaqs() };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return { faqs: await fetchFaqs() };
  } catch (error) {
    // The server's copy of the same rows keeps the page whole if the API call fails.
    console.warn('Could not load the FAQ from the API, using the server copy:', error);
    return serverLoader();
  }
}

async function fetchFaqs(): Promise<FaqItem[]> {
  const result = await apiGet(FAQ_API);
  if (result.kind !== 'data' || !isFaqList(result.data))
    throw new Error(`${FAQ_API} answered ${result.kind} (${result.status})`);
  return result.data;
}

const isFaqList = (value: unknown): value is FaqItem[] =>
  Array.isArray(value) &&
  value.every(
    (item) =>
      typeof item === 'object' && item !== null && typeof item.question === 'string' && typeof item.answer === 'string',
  );

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    'Frequently asked questions',
    'Answers to the questions transport operators ask about Haulora: set-up, pricing, the driver app, compliance, invoicing and integration.',
  );

export default function Faq({ loaderData }: Route.ComponentProps) {
  return <FaqPage faqs={useApiCopy(loaderData.faqs, fetchFaqs)} />;
}

/** The page itself, from its rows: also what a draft's preview link renders (routes/preview.tsx). */
export function FaqPage({ faqs }: { faqs: FaqItem[] }) {
  return (
    <>
      <PageHero eyebrow="Support" title="Frequently asked questions">
        <p>Answers to the questions transport operators ask us most. Select a question to show its answer.</p>
      </PageHero>
      <section className="section" aria-labelledby="faq-list-title">
        <div className="container faq-layout">
          <div>
            <h2 id="faq-list-title" className="visually-hidden">
              Questions and answers
            </h2>
            <LoadingOverlay label="Loading questions">
              <FaqList items={faqs} />
            </LoadingOverlay>
          </div>
          <aside className="faq-aside" aria-labelledby="faq-more-title">
            <h2 id="faq-more-title">Still have a question?</h2>
            <p>Send us a message, or book a demo and ask it while we show you Haulora on your own kind of work.</p>
            <ActionRow>
              <ButtonLink to={`${href('/home')}#contact`} size="sm">
                Contact us
              </ButtonLink>
              <ButtonLink to={href('/request-demo')} variant="secondary" size="sm">
                Book a Demo
              </ButtonLink>
            </ActionRow>
            <p className="faq-aside-more">
              The <Link to={href('/docs')}>manual</Link> and the <Link to={href('/glossary')}>glossary</Link> explain
              every screen and term in detail.
            </p>
          </aside>
        </div>
      </section>
      <FaqStructuredData faqs={faqs} />
    </>
  );
}

/** FAQPage structured data for search engines; a data block, given the nonce for the strict CSP. */
function FaqStructuredData({ faqs }: { faqs: FaqItem[] }) {
  const nonce = useNonce();
  const json = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  }).replace(/</g, '\\u003c');
  return (
    <script type="application/ld+json" nonce={nonce}>
      {json}
    </script>
  );
}
