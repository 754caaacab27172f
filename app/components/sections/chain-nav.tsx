// Previous/next links through the features chain (spec 2, Feature pages). Each navigation
// scrolls smoothly to the top: the links ask the root's useScrollToTop for it.
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { ChainLink } from '../../../content/features.ts';
import { SMOOTH_SCROLL } from '../../lib/use-scroll-to-top.ts';
import './chain-nav.css';

export function ChainNav({ previous, next }: { previous: ChainLink; next: ChainLink }) {
  return (
    <nav className="chain-nav container" aria-label="Previous and next feature">
      <Link to={previous.path} state={SMOOTH_SCROLL} rel="prev" className="chain-nav-link" data-direction="previous">
        <ArrowLeft aria-hidden="true" className="chain-nav-icon" />
        <span>
          <span className="chain-nav-label">Previous</span> <span className="chain-nav-title">{previous.title}</span>
        </span>
      </Link>
      <Link to={next.path} state={SMOOTH_SCROLL} rel="next" className="chain-nav-link" data-direction="next">
        <span>
          <span className="chain-nav-label">Next</span> <span className="chain-nav-title">{next.title}</span>
        </span>
        <ArrowRight aria-hidden="true" className="chain-nav-icon" />
      </Link>
    </nav>
  );
}
