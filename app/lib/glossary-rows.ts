// The glossary table's rows for a view (app/lib/glossary-view.ts): the ones matching the search,
// in the chosen order, and which of them the current page shows. Plain functions on the rows, run
// alike by the server's render and the browser's, so the two give the same markup.
//
// The matching and the order are what the table did with TanStack Table before (issue 32 took it
// out: 13 KB on the wire for three operations, and its row models were one long task of the
// hydration): a case-insensitive "contains" over every column, a column's text compared
// lowercased code unit by code unit, descending being the reverse, and ties in the stored order.
import type { GlossaryEntry } from '../../common/api.ts';
import { GLOSSARY_COLUMNS, type GlossaryPageSize, type GlossarySort } from './glossary-view.ts';

/** The rows whose category, term or description contains the search text, ignoring case. An
 * empty search matches every row. */
export function matchingRows(rows: readonly GlossaryEntry[], query: string): readonly GlossaryEntry[] {
  if (!query) return rows;
  const needle = query.toLowerCase();
  return rows.filter((row) => GLOSSARY_COLUMNS.some((column) => row[column].toLowerCase().includes(needle)));
}

/** The rows in the sort's order; without a sort, as given (the stored order). A new array only
 * when sorted. Equal values keep their given order in both directions. */
export function sortedRows(rows: readonly GlossaryEntry[], sort: GlossarySort | null): readonly GlossaryEntry[] {
  if (!sort) return rows;
  const direction = sort.desc ? -1 : 1;
  const keys = new Map(rows.map((row) => [row, row[sort.column].toLowerCase()]));
  // Array.prototype.sort is stable, so ties stay in the given order.
  return [...rows].sort((a, b) => {
    const keyA = keys.get(a)!;
    const keyB = keys.get(b)!;
    return keyA === keyB ? 0 : keyA < keyB ? -direction : direction;
  });
}

/** The number of rows a page holds: 'all' is one page of every row (at least one, so an empty
 * search still has a page). */
export function rowsPerPage(pageSize: GlossaryPageSize, rowCount: number): number {
  return pageSize === 'all' ? Math.max(rowCount, 1) : pageSize;
}

/** How many pages `rowCount` rows fill; never fewer than one. */
export function pageCountOf(rowCount: number, perPage: number): number {
  return Math.max(1, Math.ceil(rowCount / perPage));
}

/** The index range [start, end) of page `page` (from 1) in the matching rows. A page past the
 * end is an empty range. */
export function pageRange(page: number, perPage: number, rowCount: number): { start: number; end: number } {
  const start = Math.min((page - 1) * perPage, rowCount);
  return { start, end: Math.min(start + perPage, rowCount) };
}
