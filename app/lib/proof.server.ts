// The proof content as the pages' loaders read it: the customer stories, integrations and
// changelog from content/, and the look-ups between them and the feature pages (which stories use
// a feature, when a feature last changed). Server-only, so the YAML never ships to the browser:
// the components get just what they show.
import changelogData from '../../content/changelog.yaml';
import type { ChangelogContent, ChangelogEntry } from '../../content/changelog.schema.ts';
import customersData from '../../content/customers.yaml';
import type { CustomersContent, CustomerStory } from '../../content/customers.schema.ts';
import type { FeatureSlug } from '../../content/feature-slugs.ts';
import integrationsData from '../../content/integrations.yaml';
import type { IntegrationsContent } from '../../content/integrations.schema.ts';

export const customers = customersData as CustomersContent;
export const integrations = integrationsData as IntegrationsContent;
export const changelog = changelogData as ChangelogContent;

/** The stories of operators who use a feature, in the content's order. */
export const storiesUsing = (slug: FeatureSlug, copy: CustomersContent = customers): CustomerStory[] =>
  copy.stories.filter((story) => story.modules.includes(slug));

/** The newest changelog entry that concerns a feature (entries are newest first). */
export const latestChangeFor = (slug: FeatureSlug, copy: ChangelogContent = changelog): ChangelogEntry | undefined =>
  copy.entries.find((entry) => entry.features.includes(slug));

/** What a feature page shows of the proof: its latest change and the stories that use it. The
 * copy is the Content area's when given (app/lib/page-copy.server.ts), else the files'. */
export function featureProof(
  slug: FeatureSlug,
  copy: { customers: CustomersContent; changelog: ChangelogContent } = { customers, changelog },
) {
  const change = latestChangeFor(slug, copy.changelog);
  return {
    updated: change ? { date: change.date, id: change.id, title: change.title } : null,
    stories: { heading: copy.customers.page.relatedHeading, items: storiesUsing(slug, copy.customers).map(storyCard) },
  };
}

/** What the home page's proof row shows. */
export const proofRow = (copy: CustomersContent = customers) => ({
  heading: copy.page.proofHeading,
  link: copy.page.proofLink,
  items: copy.stories.map((story) => ({
    slug: story.slug,
    operator: story.operator,
    initials: story.initials,
    highlight: story.highlight,
  })),
});

/** A story as a card: where it links and the lines shown. */
export const storyCard = (story: CustomerStory) => ({
  slug: story.slug,
  operator: story.operator,
  headline: story.headline,
  segment: story.segment,
  fleetSize: story.fleetSize,
  highlight: story.highlight,
});
export type StoryCard = ReturnType<typeof storyCard>;
export type ProofRowData = ReturnType<typeof proofRow>;
export type FeatureProof = ReturnType<typeof featureProof>;
