// The customer stories of operators who use a feature (featureProof in proof.server.ts); nothing
// when no story mentions the feature.
import { useId } from 'react';
import type { FeatureProof } from '../../../lib/proof.server.ts';
import { StoryCards } from './story-cards.tsx';

export function RelatedStories({ stories }: { stories: FeatureProof['stories'] }) {
  const headingId = useId();
  if (stories.items.length === 0) return null;
  return (
    <section className="section related-stories" aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId}>{stories.heading}</h2>
        <StoryCards stories={stories.items} />
      </div>
    </section>
  );
}
