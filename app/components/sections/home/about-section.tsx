// About Us (#about): what Haulora is, who it is for, and its main components.
import { Check } from 'lucide-react';
import { href, Link } from 'react-router';
import { MAIN_COMPONENT_COUNT } from '../../../../common/constants.ts';
import type { HomeContent } from '../../../../content/home.schema.ts';
import './about-section.css';

export function AboutSection({ about }: { about: HomeContent['about'] }) {
  return (
    <section id="about" className="section about" aria-labelledby="about-title">
      <div className="container about-layout">
        <div>
          <p className="eyebrow">{about.eyebrow}</p>
          <h2 id="about-title">{about.title}</h2>
          <p className="about-lede">{about.intro}</p>
          {about.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p className="about-components">
            {about.componentsStatement.replace('{count}', String(MAIN_COMPONENT_COUNT))}
          </p>
        </div>
        <div className="about-aside">
          <div className="about-count">
            <span className="about-count-number">{MAIN_COMPONENT_COUNT}</span>
            <span className="about-count-caption">{about.componentsCaption}</span>
          </div>
          <h3>{about.audienceTitle}</h3>
          <ul className="icon-list about-audience">
            {about.audience.map((entry) => (
              <li key={entry}>
                <Check aria-hidden="true" />
                <span>{entry}</span>
              </li>
            ))}
          </ul>
          <Link to={href('/features')} className="about-features-link">
            {about.featuresLink}
          </Link>
        </div>
      </div>
    </section>
  );
}
