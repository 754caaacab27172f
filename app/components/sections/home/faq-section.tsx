// The FAQ excerpt: the first questions of the FAQ (the rows GET /api/Faqs/GetAllFromFaqs serves,
// read by the route's loader), each a <details>, and See More to the full list on /faq.
import { ChevronDown } from 'lucide-react';
import { href } from 'react-router';
import type { FaqItem } from '../../../../common/api.ts';
import type { HomeContent } from '../../../../content/home.schema.ts';
import { ButtonLink } from '../../ui/button.tsx';
import './faq-section.css';
import { RichText } from '../../ui/rich-text.tsx';

export function FaqSection({ faq, items }: { faq: HomeContent['faq']; items: FaqItem[] }) {
  return (
    <section className="section home-faq" data-tone="muted" aria-labelledby="home-faq-title">
      <div className="container home-faq-layout">
        <div className="section-intro">
          <p className="eyebrow">{faq.eyebrow}</p>
          <h2 id="home-faq-title">{faq.title}</h2>
          <p>{faq.intro}</p>
          <ButtonLink to={href('/faq')} variant="secondary">
            {faq.seeMore}
            {/* The visible wording is the spec's; the hidden words make the name descriptive (Lighthouse link-text) and keep the visible text in it. */}
            <span className="visually-hidden"> {faq.seeMoreContext}</span>
          </ButtonLink>
        </div>
        <div className="home-faq-list">
          {items.map((item) => (
            <details key={item.question} className="home-faq-item">
              <summary>
                <span>{item.question}</span>
                <ChevronDown aria-hidden="true" className="home-faq-chevron" />
              </summary>
              <RichText text={item.answer} />
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
