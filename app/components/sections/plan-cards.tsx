// The plans on offer (/offer): what each includes, and a quote instead of a price.
import { Check } from 'lucide-react';
import { href } from 'react-router';
import type { OfferContent } from '../../../content/offer.schema.ts';
import { ButtonLink } from '../ui/button.tsx';
import './plan-cards.css';

type Labels = Pick<OfferContent['page'], 'priceNote' | 'quoteLabel' | 'featuredLabel'>;

export function PlanCards({ plans, labels }: { plans: OfferContent['plans']; labels: Labels }) {
  const { priceNote, quoteLabel, featuredLabel } = labels;
  return (
    <ul className="plan-cards" role="list">
      {plans.map((plan) => (
        <li key={plan.name} className="plan-card" data-featured={plan.featured || undefined}>
          {plan.featured ? <p className="plan-badge">{featuredLabel}</p> : null}
          <h3>{plan.name}</h3>
          <p className="plan-audience">{plan.audience}</p>
          <p>{plan.description}</p>
          <p className="plan-price">{priceNote}</p>
          <ul className="plan-includes" aria-label={`${plan.name} includes`}>
            {plan.includes.map((line) => (
              <li key={line}>
                <Check aria-hidden="true" className="plan-check" />
                <span>{line}</span>
              </li>
            ))}
          </ul>
          <ButtonLink
            to={href('/request-demo')}
            variant={plan.featured ? 'primary' : 'secondary'}
            className="plan-action"
            aria-label={`${quoteLabel} for the ${plan.name} plan`}
          >
            {quoteLabel}
          </ButtonLink>
        </li>
      ))}
    </ul>
  );
}
