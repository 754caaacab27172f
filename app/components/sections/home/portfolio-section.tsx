// Portfolio: three product screens with filter buttons (All, TMS, App, Staff Portal). Without
// JavaScript every screen shows and the buttons, which would do nothing, stay hidden.
import { useState } from 'react';
import type { HomeContent, PortfolioCategory } from '../../../../content/home.schema.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { ProductScreen, type ScreenImage } from '../../ui/product-screen.tsx';
import './portfolio-section.css';

type Filter = HomeContent['portfolio']['filters'][number]['id'];
type ScreenName = HomeContent['portfolio']['items'][number]['screen'];

/** `screens`: the product screen each item names (content/screens.yaml), shown as its readable detail. */
export function PortfolioSection({
  portfolio,
  screens,
}: {
  portfolio: HomeContent['portfolio'];
  screens: Record<ScreenName, ScreenImage | undefined>;
}) {
  const hydrated = useHydrated();
  const [filter, setFilter] = useState<Filter>('all');
  const [status, setStatus] = useState('');
  const labels = new Map(portfolio.filters.map((entry) => [entry.id, entry.label]));
  const matches = (categories: PortfolioCategory[], by: Filter) => by === 'all' || categories.includes(by);

  function choose(next: Filter) {
    setFilter(next);
    const count = portfolio.items.filter((item) => matches(item.categories, next)).length;
    setStatus(`Showing ${count} of ${portfolio.items.length} screens`);
  }

  return (
    <section className="section portfolio" aria-labelledby="portfolio-title">
      <div className="container">
        <div className="section-intro">
          <p className="eyebrow">{portfolio.eyebrow}</p>
          <h2 id="portfolio-title">{portfolio.title}</h2>
          <p>{portfolio.intro}</p>
        </div>
        <div className="portfolio-filters" role="group" aria-label={portfolio.filterLabel} hidden={!hydrated}>
          {portfolio.filters.map((entry) => (
            <button
              key={entry.id}
              type="button"
              className="portfolio-filter"
              aria-pressed={filter === entry.id}
              onClick={() => choose(entry.id)}
            >
              {entry.label}
            </button>
          ))}
        </div>
        <p className="visually-hidden" role="status">
          {status}
        </p>
        {/* data-animated: items fade only after a filter change, not when the page loads. */}
        <ul className="portfolio-grid" data-animated={status !== ''}>
          {portfolio.items.map((item) => (
            <li key={item.title} className="portfolio-item" data-shown={matches(item.categories, filter)}>
              <figure>
                <div className="portfolio-screen">
                  {screens[item.screen] ? (
                    <ProductScreen screen={{ ...screens[item.screen]!, alt: item.alt }} detail="always" />
                  ) : null}
                </div>
                <figcaption>
                  <h3>{item.title}</h3>
                  <p>{item.text}</p>
                  <ul className="portfolio-tags">
                    {item.categories.map((category) => (
                      <li key={category}>{labels.get(category)}</li>
                    ))}
                  </ul>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
