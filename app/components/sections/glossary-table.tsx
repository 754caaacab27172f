// The glossary as a table: sortable columns, a search over every column, pages and a page-length
// menu, all kept in the URL (app/lib/glossary-view.ts); the rows for a view come from
// app/lib/glossary-rows.ts.
//
// Without JavaScript the server's HTML holds every row (searched and sorted as the URL says), the
// search box and the sort buttons submit a plain GET form that the server renders, and there
// are no pages. Once hydrated the same markup becomes interactive and the rows are paged.
//
// Every row has a stable id (app/lib/glossary-anchors.ts), which the site's glossary links point
// at: /glossary#term-fuel-card. Without JavaScript every row is in the page, so the browser
// scrolls to it and CSS highlights it (:target). Once hydrated, the table opens the page that
// holds the row, scrolls it into view and marks it (a client-side navigation does not set
// :target, hence the data attribute).
import { ArrowDown, ArrowUp, ArrowUpDown, Search } from 'lucide-react';
import { type ChangeEvent, type FormEvent, memo, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router';
import type { GlossaryEntry } from '../../../common/api.ts';
import { glossaryAnchor } from '../../lib/glossary-anchors.ts';
import { matchingRows, pageCountOf, pageRange, rowsPerPage, sortedRows } from '../../lib/glossary-rows.ts';
import {
  GLOSSARY_COLUMNS,
  GLOSSARY_PAGE_SIZES,
  type GlossaryColumn,
  type GlossaryPageSize,
  type GlossaryView,
  nextSort,
  readGlossaryView,
  sortParam,
  writeGlossaryView,
} from '../../lib/glossary-view.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../ui/button.tsx';
import { Pagination } from '../ui/pagination.tsx';
import './glossary-table.css';
import { RichText } from '../ui/rich-text.tsx';

const COLUMN_HEADERS: Record<GlossaryColumn, string> = {
  category: 'Category',
  term: 'Term',
  description: 'Description',
};

const pageSizeLabel = (size: GlossaryPageSize) => (size === 'all' ? 'All' : String(size));

/** Memoised: the same rows (use-unchanged.ts) and no change of the URL render nothing again. */
export const GlossaryTable = memo(function GlossaryTable({ rows }: { rows: GlossaryEntry[] }) {
  const hydrated = useHydrated();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = readGlossaryView(searchParams);
  // The box keeps its own text so typing never waits for the URL to update.
  const [query, setQuery] = useState(view.query);
  const location = useLocation();
  const navigationType = useNavigationType();
  // Our own updates replace the URL (paging pushes, with the same query); any other navigation
  // (a link to /glossary?q=…, back or forward) sets the box from the URL.
  useEffect(() => {
    if (navigationType !== 'REPLACE') setQuery(readGlossaryView(new URLSearchParams(location.search)).query);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per navigation; its type and search are read with it
  }, [location.key]);
  const ids = { form: useId(), search: useId(), size: useId(), status: useId() };

  /** Writes a change into the URL: in place (no history entry), no scroll, no data reload. A new
   * page of results is the exception: it pushes an entry, so Back returns to the page before. */
  function update(change: Partial<GlossaryView>, { push = false } = {}) {
    setSearchParams((current) => writeGlossaryView({ ...readGlossaryView(current), ...change }, current), {
      replace: !push,
      preventScrollReset: true,
      defaultShouldRevalidate: false,
    });
  }

  // A pass over the rows per render: the table renders again only when the rows, the URL or the
  // search box change (memo), and each of these can change what matches.
  const matching = sortedRows(matchingRows(rows, query), view.sort);
  const matches = matching.length;
  const pageSize = rowsPerPage(view.pageSize, rows.length);
  const pageCount = pageCountOf(matches, pageSize);
  const navigate = useNavigate();
  // Opening the page that holds a linked row keeps the hash (setSearchParams would drop it).
  const openPage = (page: number) => {
    const search = writeGlossaryView({ ...view, page }, searchParams).toString();
    void navigate(
      { search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true, defaultShouldRevalidate: false },
    );
  };
  const targetAnchor = useTargetRow(matching, pageSize, view.page, hydrated, openPage);
  // A page past the end (an old link, a shorter list) moves to the last page: once the URL has
  // caught up with the typing, or it would write back the URL's older search (the box's text
  // counts the pages before the URL holds it; typing fast from page 2 once reset the URL).
  useEffect(() => {
    if (hydrated && view.query === query && view.page > pageCount) update({ page: pageCount });
  });

  // Every matching row is in the table, in order, and the rows off the current page are marked:
  // CSS hides them on screen when scripting is on (glossary-table.css), so the table paints at its
  // paged size before hydration too, printing gives every row, and without JavaScript every row
  // shows.
  const onPage = pageRange(view.page, pageSize, matches);
  const first = matches === 0 ? 0 : hydrated ? (view.page - 1) * pageSize + 1 : 1;
  const last = hydrated ? Math.min(matches, view.page * pageSize) : matches;

  function onSearch(event: ChangeEvent<HTMLInputElement>) {
    setQuery(event.target.value);
    update({ query: event.target.value, page: 1 });
  }

  function onSort(event: { preventDefault(): void }, column: GlossaryColumn) {
    event.preventDefault();
    update({ sort: nextSort(view.sort, column), page: 1 });
  }

  return (
    <div className="glossary">
      <div className="glossary-toolbar">
        <form
          id={ids.form}
          className="glossary-search"
          method="get"
          role="search"
          aria-label="Glossary"
          onSubmit={(event: FormEvent) => event.preventDefault()}
        >
          <label htmlFor={ids.search}>Search the glossary</label>
          <div className="glossary-search-row">
            <span className="glossary-search-field">
              <Search aria-hidden="true" />
              <input
                id={ids.search}
                type="search"
                name="q"
                value={query}
                onChange={onSearch}
                autoComplete="off"
                spellCheck={false}
                aria-describedby={ids.status}
              />
            </span>
            {/* Without JavaScript this submits the search; with it, the rows follow the typing. */}
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </div>
        </form>
        {hydrated ? (
          <div className="glossary-size">
            <label htmlFor={ids.size}>Terms per page</label>
            <select
              id={ids.size}
              value={String(view.pageSize)}
              onChange={(event) => {
                const size = GLOSSARY_PAGE_SIZES.find((choice) => String(choice) === event.target.value);
                if (size) update({ pageSize: size, page: 1 });
              }}
            >
              {GLOSSARY_PAGE_SIZES.map((size) => (
                <option key={size} value={String(size)}>
                  {pageSizeLabel(size)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          // Holds the menu's place until it appears, so the content below does not move then.
          <div className="glossary-size-placeholder" aria-hidden="true" />
        )}
      </div>

      <p id={ids.status} className="glossary-status" role="status">
        {statusText(matches, first, last, query.trim())}
      </p>

      <div className="glossary-scroll">
        <table className="glossary-table">
          <caption className="visually-hidden">Glossary terms with their category and description</caption>
          <thead>
            <tr>
              {GLOSSARY_COLUMNS.map((column) => {
                const sorted = view.sort?.column === column ? (view.sort.desc ? 'descending' : 'ascending') : undefined;
                const next = nextSort(view.sort, column);
                const Icon = sorted === 'ascending' ? ArrowUp : sorted === 'descending' ? ArrowDown : ArrowUpDown;
                return (
                  <th key={column} scope="col" aria-sort={sorted} data-column={column}>
                    {/* Submits the search form, so sorting works without JavaScript too (the server sorts). */}
                    <button
                      type="submit"
                      form={ids.form}
                      name="sort"
                      value={next ? sortParam(next) : ''}
                      className="glossary-sort"
                      onClick={(event) => onSort(event, column)}
                    >
                      {COLUMN_HEADERS[column]}
                      <Icon aria-hidden="true" />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {matching.map((entry, index) => {
              const anchor = glossaryAnchor(entry.term);
              return (
                <GlossaryRow
                  key={entry.id}
                  entry={entry}
                  anchor={anchor}
                  offPage={index < onPage.start || index >= onPage.end}
                  targeted={targetAnchor === anchor}
                />
              );
            })}
          </tbody>
        </table>
      </div>

      {hydrated && pageCount > 1 ? (
        <Pagination
          label="Glossary pages"
          page={Math.min(view.page, pageCount)}
          pageCount={pageCount}
          onPageChange={(page) => update({ page }, { push: true })}
        />
      ) : null}
    </div>
  );
});

type GlossaryRowProps = { entry: GlossaryEntry; anchor: string; offPage: boolean; targeted: boolean };

/** One term. Memoised on its entry and marks: the table renders every matching row (CSS pages
 * them), so a re-render of the table (hydration's switch, the API's copy of the rows, a router
 * update) would otherwise render them all again, 25-30 ms of one task on a slow phone (issue 32). */
const GlossaryRow = memo(function GlossaryRow({ entry, anchor, offPage, targeted }: GlossaryRowProps) {
  return (
    <tr
      id={anchor}
      data-off-page={offPage ? '' : undefined}
      data-targeted={targeted ? '' : undefined}
      tabIndex={targeted ? -1 : undefined}
    >
      <td data-column="category">{entry.category}</td>
      <th scope="row">{entry.term}</th>
      <td data-column="description">
        <RichText text={entry.description} />
      </td>
    </tr>
  );
});

/**
 * The row the URL's hash names (/glossary#term-…), once hydrated: opens the page that holds it,
 * then scrolls it into view and focuses it, once per arrival of the hash (paging on afterwards is
 * the visitor's own). Returns the anchor of the row to mark, if it is among the matching rows.
 */
function useTargetRow(
  rows: readonly GlossaryEntry[],
  pageSize: number,
  page: number,
  hydrated: boolean,
  openPage: (page: number) => void,
) {
  const { hash } = useLocation();
  const anchor = hydrated && hash ? decodeURIComponent(hash.slice(1)) : undefined;
  const index = anchor ? rows.findIndex((row) => glossaryAnchor(row.term) === anchor) : -1;
  // The hash still to bring into view: set on every arrival of a hash, cleared once shown.
  const pending = useRef<string | undefined>(undefined);
  useEffect(() => {
    pending.current = anchor;
  }, [anchor]);
  useEffect(() => {
    if (!pending.current || pending.current !== anchor) return;
    if (index === -1) return void (pending.current = undefined);
    const targetPage = Math.floor(index / pageSize) + 1;
    if (targetPage !== page) return openPage(targetPage);
    pending.current = undefined;
    const row = document.getElementById(anchor);
    row?.scrollIntoView({ block: 'center' });
    row?.focus({ preventScroll: true });
  });
  return index === -1 ? undefined : anchor;
}

function statusText(matches: number, first: number, last: number, query: string) {
  if (matches === 0) return `No terms match “${query}”.`;
  const matching = query ? ` matching “${query}”` : '';
  if (first === 1 && last === matches) return `Showing all ${matches} ${matches === 1 ? 'term' : 'terms'}${matching}.`;
  return `Showing ${first} to ${last} of ${matches} terms${matching}.`;
}
