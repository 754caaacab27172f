// API Integration: what the REST API connects, and a button to the developer documentation,
// which lives on another site and so opens in a new tab.
import { ArrowUpRight, Check } from 'lucide-react';
import type { HomeContent } from '../../../../content/home.schema.ts';
import '../../ui/button.css';
import { IntegrationArt } from './illustrations.tsx';
import './api-section.css';

export function ApiSection({ api, developerDocs }: { api: HomeContent['api']; developerDocs: string }) {
  return (
    <section className="section api" data-tone="inverse" aria-labelledby="api-title">
      <div className="container api-layout">
        <div>
          <p className="eyebrow">{api.eyebrow}</p>
          <h2 id="api-title">{api.title}</h2>
          <p className="api-intro">{api.intro}</p>
          <ul className="icon-list api-points">
            {api.points.map((point) => (
              <li key={point}>
                <Check aria-hidden="true" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
          <a
            href={developerDocs}
            className="button"
            data-variant="primary"
            data-size="md"
            target="_blank"
            rel="noopener noreferrer"
          >
            {api.docsButton}
            <ArrowUpRight aria-hidden="true" className="api-external" />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </div>
        <div className="api-art">
          <IntegrationArt />
        </div>
      </div>
    </section>
  );
}
