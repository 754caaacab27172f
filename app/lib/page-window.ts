// Which page numbers a pagination control shows (app/components/ui/pagination.tsx).

/** The page numbers to show: all of them up to 7, else first, last and the current's neighbours. */
export function pageWindow(page: number, pageCount: number): Array<number | 'gap'> {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, index) => index + 1);
  let start = Math.max(2, Math.min(page - 1, pageCount - 4));
  let end = Math.min(pageCount - 1, Math.max(page + 1, 5));
  // A gap never stands for a single page: show that page instead.
  if (start === 3) start = 2;
  if (end === pageCount - 2) end = pageCount - 1;
  const middle = Array.from({ length: end - start + 1 }, (_, index) => start + index);
  return [
    1,
    ...(start > 2 ? ['gap' as const] : []),
    ...middle,
    ...(end < pageCount - 1 ? ['gap' as const] : []),
    pageCount,
  ];
}
