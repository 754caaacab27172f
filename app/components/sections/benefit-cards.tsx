// The landing page's benefits, each with the feature page that tells the full story.
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { FeatureIcon as FeatureIconName } from '../../../content/features.schema.ts';
import { FeatureIcon } from './feature-icon.tsx';
import './benefit-cards.css';

export type Benefit = {
  title: string;
  text: string;
  feature: { path: `/${string}`; title: string; icon: FeatureIconName };
};

export function BenefitCards({ benefits }: { benefits: Benefit[] }) {
  return (
    <ul className="benefit-cards" role="list">
      {benefits.map((benefit) => (
        <li key={benefit.title} className="benefit-card">
          <span className="benefit-icon">
            <FeatureIcon name={benefit.feature.icon} />
          </span>
          <h3>{benefit.title}</h3>
          <p>{benefit.text}</p>
          <Link to={benefit.feature.path} className="benefit-link">
            Read about {benefit.feature.title}
            <ArrowRight aria-hidden="true" className="benefit-link-icon" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
