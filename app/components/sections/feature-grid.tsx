// The features page's grid of icon links (spec 2, Features page): each opens its feature page in
// a new tab.
import { Link } from 'react-router';
import type { FeatureIcon as FeatureIconName } from '../../../content/features.schema.ts';
import { FeatureIcon } from './feature-icon.tsx';
import './feature-grid.css';

export type FeatureCard = { path: `/${string}`; title: string; summary: string; icon: FeatureIconName };

export function FeatureGrid({ cards }: { cards: FeatureCard[] }) {
  return (
    <ul className="feature-grid" role="list">
      {cards.map((card) => (
        <li key={card.path}>
          <Link to={card.path} target="_blank" rel="noopener" className="feature-card">
            <span className="feature-card-icon">
              <FeatureIcon name={card.icon} />
            </span>
            <span className="feature-card-title">
              {card.title}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </span>
            <span className="feature-card-summary">{card.summary}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
