// The showcase's Navigation view: tabs, pills, the navbar and breadcrumbs.
import { Truck } from 'lucide-react';
import { useState } from 'react';
import { href, Link, useRouteLoaderData } from 'react-router';
import type { ShowcaseContent } from '../../../../content/showcase.schema.ts';
import { Breadcrumbs } from '../../ui/breadcrumbs.tsx';
import { ButtonLink } from '../../ui/button.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { Specimen } from './specimen.tsx';
import '../site-header.css';

/** A tab id from its label: ids may not hold spaces. */
const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const NAVBAR_SAMPLE = [
  { label: 'Home', to: href('/home') },
  { label: 'Features', to: href('/features') },
  { label: 'FAQs', to: href('/faq') },
  { label: 'Manual', to: href('/docs') },
];

export function NavigationView({ content }: { content: ShowcaseContent }) {
  const { specimens, jobTypes, portfolioFilters } = content;
  const [jobType, setJobType] = useState(slug(jobTypes[0]!.label));
  const [filter, setFilter] = useState(slug(portfolioFilters[0]!.label));
  const brand = useRouteLoaderData<{ site: { brand: string } }>('root')?.site.brand ?? 'Haulora';
  return (
    <>
      <Specimen {...specimens.tabs}>
        <Tabs
          label="Booking job types"
          items={jobTypes.map((type) => ({ id: slug(type.label), label: type.label, content: <p>{type.text}</p> }))}
          selected={jobType}
          onSelect={setJobType}
        />
      </Specimen>

      <Specimen {...specimens.pills}>
        <Tabs
          label="Portfolio filters"
          variant="pills"
          items={portfolioFilters.map((item) => ({
            id: slug(item.label),
            label: item.label,
            content: <p>{item.text}</p>,
          }))}
          selected={filter}
          onSelect={setFilter}
        />
      </Specimen>

      <Specimen {...specimens.navbar}>
        {/* The navbar's own look (site-header.css) in its solid state, in the flow of the page. */}
        <div className="site-header showcase-navbar" data-solid="true" data-enhanced="true">
          <div className="site-header-bar">
            <Link to={href('/home')} className="brand">
              <Truck aria-hidden="true" className="brand-mark" />
              <span>{brand}</span>
            </Link>
            <nav aria-label="Sample navbar">
              <ul className="site-nav-list showcase-navbar-list">
                {NAVBAR_SAMPLE.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="site-nav-link">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <ButtonLink to={href('/request-demo')} size="sm">
              Book a Demo
            </ButtonLink>
          </div>
        </div>
      </Specimen>

      <Specimen {...specimens.breadcrumbs}>
        <Breadcrumbs
          label="Sample breadcrumb"
          crumbs={[
            { label: 'Home', to: href('/home') },
            { label: 'Features', to: href('/features') },
            { label: 'Fuel', to: '/fuel' },
          ]}
        />
      </Specimen>
    </>
  );
}
