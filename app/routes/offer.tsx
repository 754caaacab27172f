// /offer (DESIGN.md: /offers redirects here): the plans on offer and what each includes, with no
// prices (every plan is quoted) and a Book a Demo call to action.
import { Check } from 'lucide-react';
import { href } from 'react-router';
import type { Route } from './+types/offer.ts';
import { CtaBand } from '../components/sections/cta-band.tsx';
import { PlanCards } from '../components/sections/plan-cards.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { pageCopy } from '../lib/page-copy.server.ts';
import { pageMeta } from '../lib/seo.ts';
import './offer.css';
import type { RouteHandle } from '../lib/route-handle.ts';

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

export function loader({ context }: Route.LoaderArgs) {
  return pageCopy(context.get(appContext), 'offer');
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData?.page.title ?? 'Plans on offer', args.loaderData?.page.description ?? '');

export default function Offer({ loaderData }: Route.ComponentProps) {
  const { page, plans, everyPlan, quote, cta } = loaderData;
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title}>
        <p>{page.lede}</p>
      </PageHero>
      <section className="section" aria-labelledby="plans-title">
        <div className="container">
          <h2 id="plans-title" className="offer-plans-title">
            {page.plansHeading}
          </h2>
          <PlanCards plans={plans} labels={page} />
        </div>
      </section>
      <section className="section" data-tone="muted" aria-label="Plan details">
        <div className="container offer-details">
          <div>
            <h2>{everyPlan.heading}</h2>
            <ul className="offer-every-plan">
              {everyPlan.items.map((item) => (
                <li key={item}>
                  <Check aria-hidden="true" className="offer-check" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </div>
          {/* Pricing, price and cost are asked of the site search; this is where they are answered
              (issue 28), so the search ranks it above pages that only mention fuel costs. */}
          <div data-pagefind-weight="10">
            <h2>{quote.heading}</h2>
            {quote.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>
      <CtaBand
        title={cta.heading}
        tone="panel"
        actions={<ButtonLink to={href('/request-demo')}>Book a Demo</ButtonLink>}
      >
        <p>{cta.text}</p>
      </CtaBand>
    </>
  );
}
