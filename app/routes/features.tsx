// /features (spec 2, Features page): after the loading overlay, a grid of icon links to the 18
// feature pages, each opening in a new tab. The grid is in the server HTML underneath the overlay.
import type { Route } from './+types/features.ts';
import { FEATURE_SLUGS } from '../../content/feature-slugs.ts';
import { chainNeighbours } from '../../content/features.ts';
import { ChainNav } from '../components/sections/chain-nav.tsx';
import { FeatureGrid, type FeatureCard } from '../components/sections/feature-grid.tsx';
import { LoadingOverlay } from '../components/ui/loading-overlay.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { pageCopy } from '../lib/page-copy.server.ts';
import { pageMeta } from '../lib/seo.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

export async function loader({ context }: Route.LoaderArgs) {
  const copy = await pageCopy(context.get(appContext), 'features');
  const { page, features } = copy;
  const cards = FEATURE_SLUGS.map((slug): FeatureCard => {
    const { title, summary, icon } = features[slug];
    return { path: `/${slug}`, title, summary, icon };
  });
  return { page, cards, ...chainNeighbours('features', copy) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData?.page.title ?? 'Features', args.loaderData?.page.description ?? '');

export default function Features({ loaderData }: Route.ComponentProps) {
  const { page, cards, previous, next } = loaderData;
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title}>
        <p>{page.lede}</p>
      </PageHero>
      <section className="section" aria-labelledby="feature-grid-title">
        <div className="container">
          <h2 id="feature-grid-title">{page.gridHeading}</h2>
          <LoadingOverlay label="Loading features">
            <FeatureGrid cards={cards} />
          </LoadingOverlay>
        </div>
      </section>
      <ChainNav previous={previous} next={next} />
    </>
  );
}
