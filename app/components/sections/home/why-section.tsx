// Why choose Haulora: three disclosures built on <details>, so they open and close without
// JavaScript. The plus icon shows while an item is closed, the minus while it is open (CSS on [open]).
import { Minus, Plus } from 'lucide-react';
import type { HomeContent } from '../../../../content/home.schema.ts';
import './why-section.css';

export function WhySection({ why }: { why: HomeContent['why'] }) {
  return (
    <section className="section why" data-tone="muted" aria-labelledby="why-title">
      <div className="container why-layout">
        <div className="section-intro">
          <p className="eyebrow">{why.eyebrow}</p>
          <h2 id="why-title">{why.title}</h2>
          <p>{why.intro}</p>
        </div>
        <div className="why-accordion">
          {why.items.map((item, index) => (
            <details key={item.title} className="why-item" open={index === 0}>
              <summary>
                <span className="why-number" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <span className="why-question">{item.title}</span>
                <Plus aria-hidden="true" className="why-icon why-icon-show" />
                <Minus aria-hidden="true" className="why-icon why-icon-close" />
              </summary>
              <p>{item.text}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
