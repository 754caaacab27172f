// The 18 feature pages (spec 2, Feature pages): one module registered for each path in
// app/routes.ts; the copy comes from content/features.yaml and the order from feature-slugs.ts.
import { data, href } from 'react-router';
import type { Route } from './+types/feature.ts';
import { FEATURE_SLUGS } from '../../content/feature-slugs.ts';
import { chainNeighbours, isFeatureSlug } from '../../content/features.ts';
import type { FeaturesContent } from '../../content/features.schema.ts';
import { ChainNav } from '../components/sections/chain-nav.tsx';
import { FeatureOverview, FeatureSections } from '../components/sections/feature-details.tsx';
import { FeatureRelated } from '../components/sections/feature-related.tsx';
import { RelatedStories } from '../components/sections/proof/related-stories.tsx';
import { UpdatedOn } from '../components/sections/proof/updated-on.tsx';
import { CtaBand } from '../components/sections/cta-band.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { createTermLinker, linkFeatureCopy } from '../lib/glossary-links.server.ts';
import { faqsMentioning, tutorialLinks, tutorialsCovering } from '../lib/related-content.server.ts';
import { featureProof } from '../lib/proof.server.ts';
import { pageCopy } from '../lib/page-copy.server.ts';
import { screenImage } from '../lib/screens.server.ts';
import { pageMeta } from '../lib/seo.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

export async function loader({ pattern, context }: Route.LoaderArgs) {
  // The matched route's own path (the request URL may carry `.data` or a trailing slash).
  const slug = pattern.replace(/^\/|\/$/g, '');
  if (!isFeatureSlug(slug)) throw data(null, { status: 404 });
  const app = context.get(appContext);
  const { site, content, screens } = app;
  const [features, customers, changelog, tutorialCopy] = await Promise.all([
    pageCopy(app, 'features'),
    pageCopy(app, 'customers'),
    pageCopy(app, 'changelog'),
    pageCopy(app, 'tutorials'),
  ]);
  const feature = features.features[slug];
  const link = feature.link ? { ...feature.link, url: site.links[feature.link.target] } : undefined;
  const [glossary, faqs] = await Promise.all([content.listGlossary(), content.listFaqs()]);
  const linkTerms = createTermLinker(glossary);
  return {
    slug,
    feature: { ...linkFeatureCopy(feature, linkTerms), link },
    screen: screenImage(screens, slug),
    demo: demoBand(features.demo, feature.title),
    // What else covers this feature: its tutorials and the FAQ answers that mention it.
    tutorials: tutorialsCovering(slug, tutorialLinks(site.links.tutorialsChannel, tutorialCopy)).map(
      ({ number, title, url }) => ({
        number,
        title,
        url,
      }),
    ),
    faqs: faqsMentioning(feature.title, faqs),
    proof: featureProof(slug, { customers, changelog }),
    position: FEATURE_SLUGS.indexOf(slug) + 1,
    count: FEATURE_SLUGS.length,
    ...chainNeighbours(slug, features),
  };
}

/** The Book a Demo band's words, with the feature's name put in. */
function demoBand(demo: FeaturesContent['demo'], title: string) {
  const { heading, text, label } = demo;
  const withTitle = (words: string) => words.replaceAll('{feature}', title);
  return { heading: withTitle(heading), text: withTitle(text), label };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData?.feature.title ?? 'Feature', args.loaderData?.feature.summary ?? '');

export default function FeaturePage({ loaderData }: Route.ComponentProps) {
  const { feature, screen, demo, tutorials, faqs, position, count, previous, next } = loaderData;
  return (
    <>
      <PageHero eyebrow={`Feature ${position} of ${count}`} title={feature.title}>
        <p>{feature.summary}</p>
      </PageHero>
      <UpdatedOn change={loaderData.proof.updated} />
      <FeatureOverview feature={feature} screen={screen} />
      <FeatureSections sections={feature.sections} />
      {feature.link ? (
        <section className="feature-link container" aria-labelledby="feature-link-title">
          <div className="feature-link-card">
            <div>
              <h2 id="feature-link-title">{feature.link.heading}</h2>
              <p>{feature.link.text}</p>
            </div>
            <ButtonLink to={feature.link.url} newTab>
              {feature.link.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </ButtonLink>
          </div>
        </section>
      ) : null}
      <FeatureRelated title={feature.title} tutorials={tutorials} faqs={faqs} />
      <RelatedStories stories={loaderData.proof.stories} />
      <ChainNav previous={previous} next={next} />
      <CtaBand
        title={demo.heading}
        tone="panel"
        actions={
          // Opens the navbar's Book a Demo modal once the page is interactive (header-actions.tsx); the demo page before.
          <ButtonLink to={href('/request-demo')} data-opens-demo="">
            {demo.label}
          </ButtonLink>
        }
      >
        <p>{demo.text}</p>
      </CtaBand>
    </>
  );
}
