// /landing: the campaign landing page, with Book a Demo as its one call to action.
import { href } from 'react-router';
import type { Route } from './+types/landing.ts';
import { type Benefit, BenefitCards } from '../components/sections/benefit-cards.tsx';
import { CtaBand } from '../components/sections/cta-band.tsx';
import { StepList } from '../components/sections/step-list.tsx';
import { ActionRow } from '../components/ui/action-row.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { pageCopy } from '../lib/page-copy.server.ts';
import { pageMeta } from '../lib/seo.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [{ hero, benefits, steps, cta }, features] = await Promise.all([
    pageCopy(app, 'landing'),
    pageCopy(app, 'features'),
  ]);
  const benefitCards = benefits.items.map(({ title, text, feature }): Benefit => {
    const { title: featureTitle, icon } = features.features[feature];
    return { title, text, feature: { path: `/${feature}`, title: featureTitle, icon } };
  });
  return { hero, benefits: { ...benefits, items: benefitCards }, steps, cta };
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.hero.title ?? 'Haulora', args.loaderData?.hero.description ?? ''),
  // An internal or campaign page: reachable (spec 2), but not for search results (issue 28).
  { name: 'robots', content: 'noindex' },
];

export default function Landing({ loaderData }: Route.ComponentProps) {
  const { hero, benefits, steps, cta } = loaderData;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title}>
        <p>{hero.lede}</p>
        <ActionRow>
          <ButtonLink to={href('/request-demo')}>Book a Demo</ButtonLink>
          <ButtonLink to={href('/features')} variant="inverse">
            {hero.secondaryLabel}
          </ButtonLink>
        </ActionRow>
      </PageHero>
      <section className="section" aria-labelledby="benefits-title">
        <div className="container">
          <div className="section-intro">
            <h2 id="benefits-title">{benefits.heading}</h2>
            <p>{benefits.intro}</p>
          </div>
          <BenefitCards benefits={benefits.items} />
        </div>
      </section>
      <section className="section" data-tone="muted" aria-labelledby="steps-title">
        <div className="container">
          <div className="section-intro">
            <h2 id="steps-title">{steps.heading}</h2>
          </div>
          <StepList steps={steps.items} />
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
