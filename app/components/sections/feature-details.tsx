// The body of a feature page: what the feature does for the business (one outcome and three
// benefits) beside its product screen, the opening paragraphs, then each section of items
// (panels, sub-areas, job types, settings sections...) as a list of cards. The copy comes with its
// glossary terms linked (app/lib/glossary-links.server.ts).
import { Link } from 'react-router';
import type { LinkedFeature } from '../../lib/glossary-links.server.ts';
import { LinkedText } from '../ui/linked-text.tsx';
import { ProductScreen, type ScreenImage } from '../ui/product-screen.tsx';
import { FeatureIcon } from './feature-icon.tsx';
import './feature-details.css';

export function FeatureOverview({ feature, screen }: { feature: LinkedFeature; screen: ScreenImage | undefined }) {
  return (
    <>
      <section className="section feature-overview" aria-labelledby="feature-outcome">
        <div className="container feature-overview-grid" data-has-screen={screen ? true : undefined}>
          <div className="feature-overview-text">
            <h2 id="feature-outcome" className="feature-outcome">
              {feature.outcome}
            </h2>
            <ul className="feature-benefits" role="list">
              {feature.benefits.map((benefit) => (
                <li key={benefit.title}>
                  <span className="feature-benefit-mark" aria-hidden="true" />
                  <div>
                    <h3>{benefit.title}</h3>
                    <p>{benefit.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
          {screen ? (
            <figure className="feature-screen">
              <ProductScreen screen={screen} priority inline />
              <figcaption>{screen.caption}</figcaption>
            </figure>
          ) : null}
        </div>
      </section>
      <section className="section feature-intro" aria-label="About this feature">
        <div className="container feature-intro-inner">
          <span className="feature-overview-icon">
            <FeatureIcon name={feature.icon} />
          </span>
          <div className="feature-intro-text">
            {feature.intro.map((paragraph, index) => (
              <p key={index}>
                <LinkedText text={paragraph} />
              </p>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}

export function FeatureSections({ sections }: { sections: LinkedFeature['sections'] }) {
  return sections.map((section, index) => {
    const headingId = `feature-section-${index}`;
    return (
      <section
        key={section.heading}
        className="section feature-section"
        data-tone={index % 2 === 0 ? 'muted' : undefined}
        aria-labelledby={headingId}
      >
        <div className="container">
          <div className="section-intro">
            <h2 id={headingId}>{section.heading}</h2>
            {section.intro ? (
              <p>
                <LinkedText text={section.intro} />
              </p>
            ) : null}
          </div>
          <ol className="feature-items" role="list">
            {section.items.map((item) => (
              <li key={item.name} className="feature-item">
                <h3>{item.to ? <Link to={item.to}>{item.name}</Link> : breakAfterSlashes(item.name)}</h3>
                <p>
                  <LinkedText text={item.description} />
                </p>
                {item.points ? (
                  <ul className="feature-item-points">
                    {item.points.map((point, index) => (
                      <li key={index}>
                        <LinkedText text={point} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      </section>
    );
  });
}

/** Lets a long name like 'Sales/Costs/Bills/Reports' wrap after its slashes on narrow cards. */
function breakAfterSlashes(name: string) {
  const parts = name.split('/');
  return parts.flatMap((part, index) => (index < parts.length - 1 ? [`${part}/`, <wbr key={index} />] : [part]));
}
