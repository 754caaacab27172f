// The page editor's "On the site" pane (issue 31, decision 059), as the FAQ's and glossary's: the
// page's real route rendered with what this editor is typing, in a frame of the editor's own live
// preview link (it shows their autosaved typing when the page's schema takes it, else the draft).
// It reloads after each autosave, so it follows the typing a few seconds behind. A folding group:
// open on wide screens, behind its toggle on phones; without JavaScript it shows the saved draft.
import { useEffect, useRef } from 'react';

/** Wide enough to show the page beside nothing else: below this the pane starts folded. */
const WIDE = '(min-width: 64rem)';

export function PageLivePane({ path, savedAt }: { path: string; savedAt: string | null }) {
  const pane = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (pane.current && window.matchMedia(WIDE).matches) pane.current.open = true;
  }, []);
  // A new address after each autosave reloads the frame with the typing just kept.
  const src = savedAt ? `${path}?typed=${encodeURIComponent(savedAt)}` : path;
  return (
    <details className="page-live" ref={pane}>
      <summary>On the site, with your typing</summary>
      <p className="content-meta">
        The page as it would look with what you type, a few seconds behind. Nobody else sees it until you save.
      </p>
      <iframe src={src} title="The page on the site with your typing" loading="lazy" className="page-live-frame" />
    </details>
  );
}
