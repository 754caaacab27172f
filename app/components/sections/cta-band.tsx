// A closing call to action: a heading, a sentence and one or two buttons (FAQ, offer, landing,
// signup). The 'panel' tone is a dark card on the page, set apart from the dark footer below.
import { type ReactNode, useId } from 'react';
import { ActionRow } from '../ui/action-row.tsx';
import './cta-band.css';

export function CtaBand({
  title,
  children,
  actions,
  tone = 'muted',
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  tone?: 'muted' | 'panel';
}) {
  const headingId = useId();
  return (
    <section className="section cta-band" data-tone={tone} aria-labelledby={headingId}>
      <div className="container">
        <div className="cta-band-inner">
          <div className="cta-band-text">
            <h2 id={headingId}>{title}</h2>
            {children}
          </div>
          <ActionRow>{actions}</ActionRow>
        </div>
      </div>
    </section>
  );
}
