// The 18 feature pages (spec 2, Feature pages): one module, its copy from content/.
import { data } from 'react-router';
import type { Route } from './+types/feature.ts';
import { FEATURE_SLUGS, type FeatureSlug } from '../../content/feature-slugs.ts';
import { PageHero } from '../components/ui/page-hero.tsx';
import { pageMeta } from '../lib/seo.ts';

export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.slice(1) as FeatureSlug;
  if (!FEATURE_SLUGS.includes(slug)) throw data(null, { status: 404 });
  return { slug };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.slug ?? 'Feature', 'A Haulora feature.');

export default function Feature({ loaderData }: Route.ComponentProps) {
  return <PageHero eyebrow="Feature" title={loaderData.slug} />;
}
