// The showcase's Homepage view: the page-level pieces (hero, sections, cards, steps, call to action).
import { href } from 'react-router';
import type { ShowcaseContent } from '../../../../content/showcase.schema.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { CtaBand } from '../cta-band.tsx';
import { FeatureGrid, type FeatureCard } from '../feature-grid.tsx';
import { StepList } from '../step-list.tsx';
import { Specimen } from './specimen.tsx';

const TONES = [
  { tone: undefined, name: 'Plain' },
  { tone: 'muted', name: 'Muted' },
  { tone: 'inverse', name: 'Inverse' },
] as const;

export function HomepageView({ content, cards }: { content: ShowcaseContent; cards: FeatureCard[] }) {
  const { specimens, steps } = content;
  const [firstStep] = steps;
  return (
    <>
      <Specimen {...specimens.pageHero} />
      <Specimen {...specimens.sections}>
        <div className="showcase-sections">
          {TONES.map(({ tone, name }) => (
            <div key={name} className="section showcase-section" data-tone={tone}>
              <div className="section-intro">
                <p className="eyebrow">{name}</p>
                <h3>{name} section</h3>
                <p>
                  <code>data-tone</code> {tone ? `is "${tone}"` : 'is not set'}.
                </p>
              </div>
            </div>
          ))}
        </div>
      </Specimen>
      <Specimen {...specimens.cards}>
        <FeatureGrid cards={cards} />
      </Specimen>
      <Specimen {...specimens.steps}>
        <StepList steps={steps} />
      </Specimen>
      <Specimen {...specimens.callToAction}>
        {firstStep ? (
          <CtaBand
            title={firstStep.title}
            tone="panel"
            actions={<ButtonLink to={href('/request-demo')}>Book a Demo</ButtonLink>}
          >
            <p>{firstStep.text}</p>
          </CtaBand>
        ) : null}
      </Specimen>
    </>
  );
}
