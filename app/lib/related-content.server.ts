// What else on the site is about a feature: the video tutorials that cover it (their `features`
// in content/tutorials.yaml) and the FAQ answers that mention it, for the feature pages; and the
// tutorials' links, built from the configured channel, for the manual too.
import type { FaqItem } from '../../common/api.ts';
import type { FeatureSlug } from '../../content/feature-slugs.ts';
import { tutorialsContent } from '../../content/docs.ts';
import type { Tutorials } from '../../content/tutorials.schema.ts';

export type TutorialLink = { number: number; title: string; url: string; features: readonly FeatureSlug[] };

/** Every tutorial, numbered, on the configured channel: no entry carries a URL that could go dead. */
export function tutorialLinks(channel: string, tutorials: Tutorials = tutorialsContent): TutorialLink[] {
  return tutorials.map((tutorial, index) => {
    const url = new URL(channel);
    url.searchParams.set('tutorial', String(index + 1).padStart(2, '0'));
    return { number: index + 1, title: tutorial.title, url: url.href, features: tutorial.features };
  });
}

export const tutorialsCovering = (slug: FeatureSlug, tutorials: readonly TutorialLink[]) =>
  tutorials.filter((tutorial) => tutorial.features.includes(slug));

/** How many FAQ answers a feature page shows at most: the ones that talk about it most. */
export const RELATED_FAQ_LIMIT = 4;

/**
 * The FAQ entries that mention a feature by its name (a whole word, any case), most mentions
 * first (one in the question counts as three), then in the FAQ's own order.
 */
export function faqsMentioning(name: string, faqs: readonly FaqItem[], limit = RELATED_FAQ_LIMIT): FaqItem[] {
  const word = new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'gi');
  const count = (text: string) => text.match(word)?.length ?? 0;
  return faqs
    .map((faq, index) => ({ faq, index, score: 3 * count(faq.question) + count(faq.answer) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.faq);
}
