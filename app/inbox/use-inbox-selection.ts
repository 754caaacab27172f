// The rows selected in the inbox list: some ids on screen, or every row the filters match. A new
// list (other filters, page or kind) starts with nothing selected.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { BULK_MAX_IDS, fetchList, type ListPage } from './inbox-client.ts';
import type { Loaded } from './use-inbox-list.ts';
import type { InboxView } from './inbox-view.ts';

/** What is selected: some ids on screen, or every row the filters match. */
export type Selection = { all: false; ids: Set<number> } | { all: true };
const NONE: Selection = { all: false, ids: new Set() };

export function useInboxSelection(view: InboxView, viewKey: string, list: Loaded<ListPage>) {
  const [selection, setSelection] = useState<Selection>(NONE);

  useEffect(() => setSelection(NONE), [viewKey]);

  const total = list.state === 'ready' ? list.data.total : 0;
  const pageIds = useMemo(() => (list.state === 'ready' ? list.data.items.map((item) => item.id) : []), [list]);
  const selectedCount = selection.all ? total : selection.ids.size;
  const allOnPage = pageIds.length > 0 && (selection.all || pageIds.every((id) => selection.ids.has(id)));

  const toggle = useCallback(
    (id: number) => {
      setSelection((current) => {
        const ids = new Set(current.all ? pageIds : current.ids);
        if (ids.has(id)) ids.delete(id);
        else ids.add(id);
        return { all: false, ids };
      });
    },
    [pageIds],
  );

  function togglePage() {
    setSelection(allOnPage ? NONE : { all: false, ids: new Set(pageIds) });
  }

  /** The ids a bulk change applies to; for 'all that match', read page by page (at most 500). */
  async function selectedIds(): Promise<number[] | string> {
    if (!selection.all) return [...selection.ids];
    if (total > BULK_MAX_IDS)
      return `A bulk change takes at most ${BULK_MAX_IDS} submissions: narrow the filters first.`;
    const ids: number[] = [];
    for (let page = 1; ids.length < total; page += 1) {
      const result = await fetchList(view.kind, { ...view, page, pageSize: 100 });
      if (!result.ok) return result.message;
      if (result.data.items.length === 0) break;
      ids.push(...result.data.items.map((item) => item.id));
    }
    return ids;
  }

  return {
    selection,
    selectedCount,
    allOnPage,
    /** Whether 'Select all N that match' is offered: the whole page is chosen and more match. */
    canSelectAll: allOnPage && !selection.all && total > pageIds.length,
    isSelected: (id: number) => selection.all || selection.ids.has(id),
    toggle,
    togglePage,
    selectAll: () => setSelection({ all: true }),
    clear: () => setSelection(NONE),
    selectedIds,
  };
}
