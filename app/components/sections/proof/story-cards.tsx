// Customer stories as cards (the list on /customers and the related stories of a feature page).
import { ArrowRight } from 'lucide-react';
import { href, Link } from 'react-router';
import type { StoryCard } from '../../../lib/proof.server.ts';
import './proof.css';

export function StoryCards({ stories, level = 3 }: { stories: StoryCard[]; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <ul className="story-cards">
      {stories.map((story) => (
        <li key={story.slug} className="story-card">
          <p className="story-card-figure">
            <strong>{story.highlight.value}</strong> {story.highlight.label}
          </p>
          <Heading>
            <Link to={href('/customers/:slug', { slug: story.slug })}>
              {story.operator}: {story.headline}
            </Link>
          </Heading>
          <p className="story-card-meta">
            {story.segment} · {story.fleetSize}
          </p>
          <ArrowRight aria-hidden="true" className="story-card-arrow" />
        </li>
      ))}
    </ul>
  );
}
