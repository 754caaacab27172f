// What the glossary table shows (search, sort, page, page size) as URL search parameters, so a
// reload or a shared link restores it and the server renders the same search and order:
//   ?q=fatigue&sort=-term&page=2&size=25
// `sort` is a column name, with a leading '-' for descending. Defaults are left out of the URL.

export const GLOSSARY_COLUMNS = ['category', 'term', 'description'] as const;
export type GlossaryColumn = (typeof GLOSSARY_COLUMNS)[number];

/** The page-length menu's choices; 'all' shows every row on one page. */
export const GLOSSARY_PAGE_SIZES = [10, 25, 50, 'all'] as const;
export type GlossaryPageSize = (typeof GLOSSARY_PAGE_SIZES)[number];
export const DEFAULT_GLOSSARY_PAGE_SIZE: GlossaryPageSize = 10;

export type GlossarySort = { column: GlossaryColumn; desc: boolean };

export type GlossaryView = {
  /** The search text, matched against every column. */
  query: string;
  /** The sorted column, or null for the stored order (category, then term). */
  sort: GlossarySort | null;
  /** The page shown, from 1. */
  page: number;
  pageSize: GlossaryPageSize;
};

const isColumn = (value: string): value is GlossaryColumn => (GLOSSARY_COLUMNS as readonly string[]).includes(value);

export function readGlossaryView(params: URLSearchParams): GlossaryView {
  const sortParam = params.get('sort') ?? '';
  const desc = sortParam.startsWith('-');
  const column = desc ? sortParam.slice(1) : sortParam;
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const sizeParam = params.get('size');
  const pageSize = GLOSSARY_PAGE_SIZES.find((size) => String(size) === sizeParam) ?? DEFAULT_GLOSSARY_PAGE_SIZE;
  return {
    query: (params.get('q') ?? '').slice(0, 200),
    sort: isColumn(column) ? { column, desc } : null,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    pageSize,
  };
}

/** The view as search parameters, leaving out defaults; other parameters in `base` are kept. */
export function writeGlossaryView(view: GlossaryView, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  setOrDelete(params, 'q', view.query.trim() ? view.query : null);
  setOrDelete(params, 'sort', view.sort ? sortParam(view.sort) : null);
  setOrDelete(params, 'page', view.page > 1 ? String(view.page) : null);
  setOrDelete(params, 'size', view.pageSize !== DEFAULT_GLOSSARY_PAGE_SIZE ? String(view.pageSize) : null);
  return params;
}

export const sortParam = (sort: GlossarySort) => `${sort.desc ? '-' : ''}${sort.column}`;

/** A header click cycles the column ascending, descending, then back to the stored order. */
export function nextSort(current: GlossarySort | null, column: GlossaryColumn): GlossarySort | null {
  if (current?.column !== column) return { column, desc: false };
  return current.desc ? null : { column, desc: true };
}

function setOrDelete(params: URLSearchParams, name: string, value: string | null) {
  if (value === null) params.delete(name);
  else params.set(name, value);
}
