// Previous/next links through the features chain (spec 2, Feature pages). The root's
// useScrollToTop scrolls smoothly to the top on each navigation.
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { ChainLink } from '../../../content/features.ts';
import './chain-nav.css';

export function ChainNav({ previous, next }: { previous: ChainLink; next: ChainLink }) {
  return (
    <nav className="chain-nav container" aria-label="Previous and next feature">
      <Link to={previous.path} rel="prev" className="chain-nav-link" data-direction="previous">
        <ArrowLeft aria-hidden="true" className="chain-nav-icon" />
        <span>
          <span className="chain-nav-label">Previous</span> <span className="chain-nav-title">{previous.title}</span>
        </span>
      </Link>
      <Link to={next.path} rel="next" className="chain-nav-link" data-direction="next">
        <span>
          <span className="chain-nav-label">Next</span> <span className="chain-nav-title">{next.title}</span>
        </span>
        <ArrowRight aria-hidden="true" className="chain-nav-icon" />
      </Link>
    </nav>
  );
}
