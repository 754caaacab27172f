// Where the page sits in the site: links to each level above it, then the page itself (a crumb
// without a link), marked with aria-current.
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import './breadcrumbs.css';

export type Crumb = { label: string; to?: string };

export function Breadcrumbs({ crumbs, label = 'Breadcrumb' }: { crumbs: Crumb[]; label?: string }) {
  return (
    <nav className="breadcrumbs" aria-label={label}>
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${crumb.label}-${index}`}>
              {crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : <span aria-current="page">{crumb.label}</span>}
              {last ? null : <ChevronRight aria-hidden="true" className="breadcrumbs-separator" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
