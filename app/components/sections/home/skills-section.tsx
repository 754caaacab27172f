// The product's strengths (#skills): one meter per area of the business, its value the number of
// main components that serve that area, out of MAIN_COMPONENT_COUNT. A native <meter> carries the
// value, so no inline style is needed for the bar's width (the CSP forbids inline styles).
import { Link } from 'react-router';
import { MAIN_COMPONENT_COUNT } from '../../../../common/constants.ts';
import type { HomeContent } from '../../../../content/home.schema.ts';
import './skills-section.css';

type Props = { skills: HomeContent['skills']; components: HomeContent['components'] };

export function SkillsSection({ skills, components }: Props) {
  return (
    <section id="skills" className="section skills" data-tone="muted" aria-labelledby="skills-title">
      <div className="container skills-layout">
        <div className="section-intro">
          <p className="eyebrow">{skills.eyebrow}</p>
          <h2 id="skills-title">{skills.title}</h2>
          <p>{skills.intro}</p>
        </div>
        <ul className="skills-list">
          {skills.areas.map((area) => {
            const members = components.filter((component) => component.area === area.id);
            const meterId = `skill-${area.id}`;
            return (
              <li key={area.id} className="skill">
                <div className="skill-heading">
                  <label htmlFor={meterId} className="skill-label">
                    {area.label}
                  </label>
                  <span className="skill-value">
                    {members.length} of {MAIN_COMPONENT_COUNT} components
                  </span>
                </div>
                <meter id={meterId} className="skill-meter" min={0} max={MAIN_COMPONENT_COUNT} value={members.length}>
                  {members.length} of {MAIN_COMPONENT_COUNT}
                </meter>
                <p className="skill-text">{area.text}</p>
                <ul className="skill-components">
                  {members.map((component) => (
                    <li key={component.slug}>
                      <Link to={`/${component.slug}`}>{component.name}</Link>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
