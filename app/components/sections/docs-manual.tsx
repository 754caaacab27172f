// The manual's layout: the list of references on the left (above, on narrow screens) and the
// chosen one on the right, shown after the loading overlay. The choice is the URL hash
// (/docs#tutorials), so a reference can be linked, reloaded and reached with back and forward.
//
// The server cannot see the hash, so its HTML (and the first render in the browser) holds all
// five references one after another: that is also what visitors without JavaScript read. With
// scripting on, CSS shows only the first of them from the first paint (docs.css, `scripting`
// media query): hiding four once hydrated made the footer jump (layout shift 0.25 on desktop).
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import type { LinkedDocs as DocsContent } from '../../lib/glossary-links.server.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { LoadingOverlay } from '../ui/loading-overlay.tsx';
import { DOCS_REFERENCES, DocsReference, type DocsReferenceId, type Tutorial } from './docs-references.tsx';
import './docs.css';

const referenceFromHash = (hash: string): DocsReferenceId =>
  DOCS_REFERENCES.find((reference) => `#${reference.id}` === hash)?.id ?? DOCS_REFERENCES[0].id;

export function DocsManual({ docs, tutorials }: { docs: DocsContent; tutorials: Tutorial[] }) {
  const hydrated = useHydrated();
  const { hash } = useLocation();
  const selected = hydrated ? referenceFromHash(hash) : null;

  // A reload of /docs#tutorials: the browser scrolled to the anchor in the five-reference page;
  // now that only one shows, bring the chosen one back into view.
  useEffect(() => {
    if (hydrated && hash) document.getElementById('docs-panel')?.scrollIntoView({ block: 'start' });
    // Only when the page first becomes interactive; later choices scroll through the router.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the page first becomes interactive
  }, [hydrated]);

  return (
    <div className="container docs-layout">
      <nav className="docs-nav" aria-labelledby="docs-nav-title">
        <h2 id="docs-nav-title" className="docs-nav-title">
          References
        </h2>
        <ul>
          {DOCS_REFERENCES.map((reference) => (
            <li key={reference.id}>
              <Link to={`#${reference.id}`} aria-current={selected === reference.id ? 'true' : undefined}>
                {docs[reference.key].title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div id="docs-panel" className="docs-panel">
        {/* A new key for each choice remounts the overlay, so every choice waits its 600 ms. */}
        <LoadingOverlay key={selected ?? 'all'} label="Loading the reference">
          {DOCS_REFERENCES.map((reference, index) => (
            <section
              key={reference.id}
              className="docs-reference"
              aria-labelledby={reference.id}
              hidden={selected !== null && selected !== reference.id}
              data-after-first={selected === null && index > 0 ? '' : undefined}
            >
              <DocsReference id={reference.id} docs={docs} tutorials={tutorials} />
            </section>
          ))}
        </LoadingOverlay>
      </div>
    </div>
  );
}
