// The proof row on home, right under the hero: each customer's mark and name with one figure,
// linked to their story, and a link to all the stories.
import { href, Link } from 'react-router';
import type { ProofRowData } from '../../../lib/proof.server.ts';
import './proof.css';

export function ProofRow({ proof }: { proof: ProofRowData }) {
  const { heading, link, items: stories } = proof;
  return (
    <section className="proof-row" aria-labelledby="proof-row-title">
      <div className="container">
        <h2 id="proof-row-title" className="proof-row-title">
          {heading}
        </h2>
        <ul className="proof-row-list">
          {stories.map((story) => (
            <li key={story.slug}>
              <Link to={href('/customers/:slug', { slug: story.slug })} className="proof-row-item">
                <span className="proof-mark" aria-hidden="true">
                  {story.initials}
                </span>
                <span className="proof-row-text">
                  <span className="proof-row-name">{story.operator}</span>
                  <span className="proof-row-figure">
                    <strong>{story.highlight.value}</strong> {story.highlight.label}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="proof-row-more">
          <Link to={href('/customers')} className="standalone-link">
            {link}
          </Link>
        </p>
      </div>
    </section>
  );
}
