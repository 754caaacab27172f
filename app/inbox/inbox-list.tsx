// The inbox list, built in the browser under the server-rendered header (inbox-list-header.tsx):
// the total and the exports, select all on the page or all that match, the bulk bar, the rows,
// pagination, and the keyboard keys. The view lives in the URL query; the data, the selection,
// the export and the keys are hooks of their own beside this file.
import { Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { BulkForm } from './inbox-bulk-form.tsx';
import { KIND_LABELS, SORT_LABELS } from './inbox-client.ts';
import { isFiltered } from './inbox-filters.tsx';
import { KeyboardHelp } from './inbox-keys.tsx';
import { InboxRows } from './inbox-rows.tsx';
import { useInboxState } from './inbox-store.ts';
import { type InboxView, readInboxView, writeInboxView } from './inbox-view.ts';
import { useInboxExport } from './use-inbox-export.ts';
import { useInboxList } from './use-inbox-list.ts';
import { useInboxSelection } from './use-inbox-selection.ts';
import { useListKeys } from './use-list-keys.ts';

export function InboxList() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const view = readInboxView(params);
  const viewKey = writeInboxView(view).toString();
  const { list, reload } = useInboxList(viewKey);
  const select = useInboxSelection(view, viewKey, list);
  const { exporting, busy, download } = useInboxExport(view, select.selection);
  const [helpOpen, setHelpOpen] = useState(false);
  const { staff } = useInboxState();
  const rowsRef = useRef<HTMLOListElement>(null);
  useListKeys(rowsRef, select.toggle, () => setHelpOpen(true));

  const items = list.state === 'ready' ? list.data.items : [];
  const filtered = isFiltered(view);
  const pageCount = list.state === 'ready' ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const staffNames = staff?.staff.map((member) => member.username) ?? [];

  return (
    <div className="inbox">
      <div className="inbox-toolbar">
        <p className="inbox-total" role="status">
          {list.state === 'ready' ? resultCount(list.data.total, filtered) : list.state === 'loading' ? 'Loading…' : ''}
        </p>
        <div className="inbox-toolbar-actions">
          <Button variant="secondary" size="sm" onClick={() => void download('csv', false)} disabled={busy}>
            <Download aria-hidden="true" />
            {busy ? 'Exporting…' : 'Export CSV'}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void download('xlsx', false)} disabled={busy}>
            <Download aria-hidden="true" />
            Export Excel
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
            Keyboard keys
          </Button>
        </div>
      </div>
      {typeof exporting === 'object' ? (
        <p className="inbox-error" role="alert">
          {exporting.error}
        </p>
      ) : null}

      {items.length > 0 ? (
        <div className="inbox-select-bar">
          <label className="inbox-check">
            <input type="checkbox" checked={select.allOnPage} onChange={select.togglePage} />
            <span>Select all on this page</span>
          </label>
          {select.canSelectAll ? (
            <Button variant="ghost" size="sm" onClick={select.selectAll}>
              Select all {list.state === 'ready' ? list.data.total : 0} that match
            </Button>
          ) : null}
          {select.selectedCount > 0 ? (
            <Button variant="ghost" size="sm" onClick={select.clear}>
              Clear selection
            </Button>
          ) : null}
        </div>
      ) : null}

      {/* Keyed on the view: another list starts without the last change's message. */}
      <BulkForm
        key={viewKey}
        kind={view.kind}
        selectedCount={select.selectedCount}
        staffNames={staffNames}
        selectedIds={select.selectedIds}
        onSaved={() => {
          select.clear();
          reload();
        }}
      >
        <Button variant="secondary" size="sm" onClick={() => void download('csv', true)} disabled={busy}>
          Export selected (CSV)
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void download('xlsx', true)} disabled={busy}>
          Export selected (Excel)
        </Button>
      </BulkForm>

      {list.state === 'error' ? (
        <div className="inbox-error" role="alert">
          <p>{list.message}</p>
          <Button variant="secondary" size="sm" onClick={reload}>
            Try again
          </Button>
        </div>
      ) : null}
      {list.state === 'ready' && items.length === 0 ? (
        <p className="inbox-empty">
          {filtered ? 'Nothing matches these filters.' : `No ${KIND_LABELS[view.kind].toLowerCase()} yet.`}
        </p>
      ) : null}
      {items.length > 0 ? (
        <InboxRows
          ref={rowsRef}
          items={items}
          view={view}
          label={`${KIND_LABELS[view.kind]}, ${orderOf(view)}`}
          isSelected={select.isSelected}
          toggle={select.toggle}
        />
      ) : null}
      {list.state === 'ready' && pageCount > 1 ? (
        <Pagination
          label={`${KIND_LABELS[view.kind]} pages`}
          page={view.page}
          pageCount={pageCount}
          onPageChange={(page) => navigate(`/inbox?${writeInboxView({ ...view, page })}`)}
        />
      ) : null}
      <KeyboardHelp open={helpOpen} onClose={() => setHelpOpen(false)} where="list" />
    </div>
  );
}

/** The list's order in words, for its name: 'newest first', 'by name, A to Z'. */
function orderOf(view: InboxView) {
  if (view.sort === 'received') return view.dir === 'desc' ? 'newest first' : 'oldest first';
  return `by ${SORT_LABELS[view.sort].toLowerCase()}, ${view.dir === 'asc' ? 'A to Z' : 'Z to A'}`;
}

function resultCount(total: number, filtered: boolean) {
  const noun = total === 1 ? 'submission' : 'submissions';
  return filtered ? `${total} ${noun} match` : `${total} ${noun}`;
}
