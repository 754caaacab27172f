// Page navigation for a paged list: labelled Previous and Next buttons around the page numbers,
// the current one marked with aria-current. Long ranges keep the first, last and neighbouring
// pages and fold the rest into gaps.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageWindow } from '../../lib/page-window.ts';
import './pagination.css';

type PaginationProps = {
  /** Names the navigation landmark, e.g. 'Glossary pages'. */
  label: string;
  /** The current page, from 1. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
};

export function Pagination({ label, page, pageCount, onPageChange }: PaginationProps) {
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        <li>
          <button type="button" className="pagination-step" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            Previous<span className="visually-hidden"> page</span>
          </button>
        </li>
        {pageWindow(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="pagination-page"
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPageChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="pagination-step"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            Next<span className="visually-hidden"> page</span>
            <ChevronRight aria-hidden="true" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
