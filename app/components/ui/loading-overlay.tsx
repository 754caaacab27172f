// The spec's loading overlay (FAQ, features, docs): once the page is hydrated, a spinner covers
// its children for LOADING_OVERLAY_MS, then goes away. The children are rendered all along, so the
// server HTML holds the full content for crawlers and visitors without JavaScript, who never see
// the overlay. To show it again (e.g. when the docs switch reference), remount it with a new `key`.
import { type ReactNode, useEffect, useState } from 'react';
import { LOADING_OVERLAY_MS } from '../../../common/constants.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import './loading-overlay.css';

export function LoadingOverlay({ label, children }: { label: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const [waiting, setWaiting] = useState(LOADING_OVERLAY_MS > 0);
  useEffect(() => {
    if (LOADING_OVERLAY_MS <= 0) return;
    const timer = window.setTimeout(() => setWaiting(false), LOADING_OVERLAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const busy = hydrated && waiting;
  return (
    <div className="loading-region" data-busy={busy || undefined}>
      {/* The live region exists from the first render so screen readers announce the label. */}
      <p role="status" className="visually-hidden">
        {busy ? label : ''}
      </p>
      {/* Covered content is busy and inert until the overlay lifts, so focus cannot slip under it. */}
      <div aria-busy={busy} inert={busy}>
        {children}
      </div>
      {busy ? (
        <div className="loading-overlay" aria-hidden="true">
          <span className="loading-spinner" />
        </div>
      ) : null}
    </div>
  );
}
