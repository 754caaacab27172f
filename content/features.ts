// The features copy (features.yaml, validated at build) and the previous/next chain over it.
// Imported by route loaders only, so the copy stays out of the browser bundle.
import data from './features.yaml';
import { FEATURE_SLUGS, type FeatureSlug } from './feature-slugs.ts';
import type { FeaturesContent } from './features.schema.ts';

export const featuresContent = data as FeaturesContent;

export type ChainLink = { path: `/${string}`; title: string };

/** The features page, then every feature page in the spec's order; the chain wraps around. */
const chainOf = (copy: FeaturesContent): ChainLink[] => [
  { path: '/features', title: copy.page.title },
  ...FEATURE_SLUGS.map((slug): ChainLink => ({ path: `/${slug}`, title: copy.features[slug].title })),
];

/**
 * The pages before and after one in the chain, given its slug ('features' for the features page):
 * Features' previous is Help, Dashboard's previous is Features and Help's next is Features. The
 * titles are the copy's the page renders (the Content area's edits, issue 31), the file's by default.
 */
export function chainNeighbours(
  slug: FeatureSlug | 'features',
  copy: FeaturesContent = featuresContent,
): { previous: ChainLink; next: ChainLink } {
  const chain = chainOf(copy);
  const index = chain.findIndex((link) => link.path === `/${slug}`);
  return {
    previous: chain[(index - 1 + chain.length) % chain.length]!,
    next: chain[(index + 1) % chain.length]!,
  };
}

export const isFeatureSlug = (value: string): value is FeatureSlug =>
  (FEATURE_SLUGS as readonly string[]).includes(value);
