// The inbox list. `InboxListHeader` is rendered on the server: the kind tabs (with my unread
// count once loaded) and the filter form (search, status, owner, sort, direction, page size,
// dates) as a plain GET form, so text typed before the page hydrates is kept and Enter works
// even then. `InboxList` is built in the browser: the rows (whole row as the tap target, unread
// in bold, owner shown), a checkbox per row, select all on the page or all that match, bulk
// status and owner, export (CSV or Excel) of the filtered list or the selection, pagination, and
// the queue keys (j/k, x, Enter, /, ?). The view lives in the URL query. Everything a visitor
// wrote is shown as React text.
import { Download } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  BULK_MAX_IDS,
  exportUrl,
  fetchBlob,
  fetchList,
  fetchStaff,
  fetchSummary,
  INBOX_KINDS,
  INBOX_STATUSES,
  type InboxStatus,
  isInboxSort,
  isInboxStatus,
  KIND_LABELS,
  type ListPage,
  OWNER_ME,
  OWNER_NONE,
  PAGE_SIZES,
  SORT_LABELS,
  SORTS_BY_KIND,
  STATUS_LABELS,
  USERNAME_PATTERN,
} from './inbox-client.ts';
import { inboxItemPath, inboxListPath, readInboxView, writeInboxView } from './inbox-view.ts';
import { Button } from '../components/ui/button.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { BulkForm } from './inbox-bulk-form.tsx';
import { KeyboardHelp, isTypingTarget } from './inbox-keys.tsx';
import { useSignInAgain } from './inbox-shell.tsx';
import { setInboxState, useInboxState } from './inbox-store.ts';
import { OwnerName, StatusBadge, Timestamp } from './inbox-parts.tsx';

type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'error'; message: string };

export const SEARCH_INPUT_ID = 'inbox-q';

/** Tabs and filters: in the server's HTML, so they work and keep what is typed before hydration. */
export function InboxListHeader() {
  const [params, setParams] = useSearchParams();
  const view = readInboxView(params);
  const viewKey = writeInboxView(view).toString();
  const { summary, staff } = useInboxState();
  // Text typed into the server's HTML before the scripts ran: read from the page during the
  // hydrating render and kept (React would put the server's empty value back).
  const [typedEarly] = useState(() => (typeof document === 'undefined' ? null : (document.getElementById(SEARCH_INPUT_ID) as HTMLInputElement | null)?.value ?? null));
  const searchRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (typedEarly && searchRef.current && searchRef.current.value !== typedEarly) searchRef.current.value = typedEarly;
  }, [typedEarly]);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const status = text('status');
    const sort = text('sort');
    const owner = text('owner');
    setParams(
      writeInboxView({
        ...view,
        q: text('q'),
        status: isInboxStatus(status) || status === 'all' ? (status as InboxStatus | 'all') : '',
        owner: USERNAME_PATTERN.test(owner) ? owner : '',
        sort: isInboxSort(sort) && SORTS_BY_KIND[view.kind].includes(sort) ? sort : 'received',
        dir: text('dir') === 'asc' ? 'asc' : 'desc',
        pageSize: Number(text('size')) || view.pageSize,
        from: text('from'),
        to: text('to'),
        page: 1,
      }),
    );
  }

  /** Sort, direction, owner and page size apply as soon as they change (once hydrated). */
  function applyOnChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLElement;
    if (target instanceof HTMLSelectElement && target.dataset.immediate === 'true') event.currentTarget.requestSubmit();
  }

  const filtered = Boolean(view.q || view.status || view.from || view.to || view.owner);
  const staffNames = staff?.staff.map((member) => member.username) ?? [];
  const ownerOptions = [...staffNames, ...(view.owner && ![OWNER_ME, OWNER_NONE, ...staffNames].includes(view.owner) ? [view.owner] : [])];

  return (
    <>
      <nav className="inbox-kinds" aria-label="Kinds of submission">
        <ul>
          {INBOX_KINDS.map((kind) => {
            const counts = summary?.counts[kind];
            return (
              <li key={kind}>
                <Link to={inboxListPath({ kind })} aria-current={kind === view.kind ? 'page' : undefined}>
                  <span>{KIND_LABELS[kind]}</span>
                  {counts ? (
                    <span className="inbox-count" data-unread={counts.unread > 0 ? 'true' : undefined}>
                      {counts.unread}
                      <span className="visually-hidden"> unread</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <h2 className="inbox-title">{KIND_LABELS[view.kind]}</h2>

      {/* A GET form: before hydration (or without JavaScript) Enter loads /inbox with the query.
          Keyed on the URL so Back and the tabs show the filters of the list on screen. */}
      <form
        key={viewKey}
        role="search"
        aria-label="Filter submissions"
        className="inbox-filters"
        method="get"
        action="/inbox"
        onSubmit={apply}
        onChange={applyOnChange}
      >
        {view.kind !== INBOX_KINDS[0] ? <input type="hidden" name="kind" value={view.kind} /> : null}
        <div className="field inbox-filter-search">
          <label className="field-label" htmlFor={SEARCH_INPUT_ID}>
            Search
          </label>
          <input
            ref={searchRef}
            id={SEARCH_INPUT_ID}
            className="field-control"
            type="search"
            name="q"
            maxLength={200}
            defaultValue={view.q}
            aria-keyshortcuts="/"
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="inbox-status">
            Status
          </label>
          <select id="inbox-status" className="field-control" name="status" defaultValue={view.status}>
            <option value="">All except spam</option>
            {INBOX_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
            <option value="all">All, spam included</option>
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="inbox-owner">
            Owner
          </label>
          <select id="inbox-owner" className="field-control" name="owner" defaultValue={view.owner} data-immediate="true">
            <option value="">Anyone</option>
            <option value={OWNER_ME}>Mine</option>
            <option value={OWNER_NONE}>Unassigned</option>
            {ownerOptions.map((username) => (
              <option key={username} value={username}>
                {username}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="inbox-from">
            From
          </label>
          <input id="inbox-from" className="field-control" type="date" name="from" defaultValue={view.from} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="inbox-to">
            To
          </label>
          <input id="inbox-to" className="field-control" type="date" name="to" defaultValue={view.to} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="inbox-sort">
            Sort by
          </label>
          <select id="inbox-sort" className="field-control" name="sort" defaultValue={view.sort} data-immediate="true">
            {SORTS_BY_KIND[view.kind].map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="inbox-dir">
            Order
          </label>
          <select id="inbox-dir" className="field-control" name="dir" defaultValue={view.dir} data-immediate="true">
            <option value="desc">{view.sort === 'received' ? 'Newest first' : 'Descending (Z–A)'}</option>
            <option value="asc">{view.sort === 'received' ? 'Oldest first' : 'Ascending (A–Z)'}</option>
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="inbox-size">
            Per page
          </label>
          <select id="inbox-size" className="field-control" name="size" defaultValue={String(view.pageSize)} data-immediate="true">
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <div className="inbox-filter-actions">
          <Button type="submit">Apply</Button>
          {filtered ? (
            <Link className="button" data-variant="ghost" data-size="md" to={inboxListPath({ kind: view.kind, pageSize: view.pageSize, sort: view.sort, dir: view.dir })}>
              Clear
            </Link>
          ) : null}
        </div>
      </form>
    </>
  );
}

/** What is selected: some ids on screen, or every row the filters match. */
type Selection = { all: false; ids: Set<number> } | { all: true };
const NONE: Selection = { all: false, ids: new Set() };

export function InboxList() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const view = readInboxView(params);
  const viewKey = writeInboxView(view).toString();
  const signInAgain = useSignInAgain();
  const [list, setList] = useState<Loaded<ListPage>>({ state: 'loading' });
  // Counts up on Try again and after a bulk change, to load the same list afresh.
  const [attempt, setAttempt] = useState(0);
  const [exporting, setExporting] = useState<'idle' | 'busy' | { error: string }>('idle');
  const [selection, setSelection] = useState<Selection>(NONE);
  const [helpOpen, setHelpOpen] = useState(false);
  const { staff } = useInboxState();
  const rowsRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchSummary(abort.signal).then((result) => {
      if (abort.signal.aborted) return;
      if (result.ok) setInboxState({ summary: result.data });
      else if (result.reason === 'unauthorized') signInAgain();
    });
    return () => abort.abort();
  }, [signInAgain, attempt]);

  useEffect(() => {
    const abort = new AbortController();
    fetchStaff(abort.signal).then((result) => {
      if (!abort.signal.aborted && result.ok) setInboxState({ staff: result.data });
    });
    return () => abort.abort();
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    const current = readInboxView(new URLSearchParams(viewKey));
    setList({ state: 'loading' });
    fetchList(current.kind, current, abort.signal).then((result) => {
      if (abort.signal.aborted) return;
      if (result.ok) setList({ state: 'ready', data: result.data });
      else if (result.reason === 'unauthorized') signInAgain();
      else setList({ state: 'error', message: result.message });
    });
    return () => abort.abort();
  }, [viewKey, attempt, signInAgain]);

  // A new list (other filters, page or kind) starts with nothing selected.
  useEffect(() => setSelection(NONE), [viewKey]);

  const items = list.state === 'ready' ? list.data.items : [];
  const total = list.state === 'ready' ? list.data.total : 0;
  const pageIds = useMemo(() => (list.state === 'ready' ? list.data.items.map((item) => item.id) : []), [list]);
  const selectedCount = selection.all ? total : selection.ids.size;
  const allOnPage = pageIds.length > 0 && (selection.all || pageIds.every((id) => selection.ids.has(id)));

  const toggle = useCallback((id: number) => {
    setSelection((current) => {
      const ids = new Set(current.all ? pageIds : current.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return { all: false, ids };
    });
  }, [pageIds]);

  function togglePage() {
    setSelection(allOnPage ? NONE : { all: false, ids: new Set(pageIds) });
  }

  /** The ids a bulk change applies to; for 'all that match', read page by page (at most 500). */
  async function selectedIds(): Promise<number[] | string> {
    if (!selection.all) return [...selection.ids];
    if (total > BULK_MAX_IDS) return `A bulk change takes at most ${BULK_MAX_IDS} submissions: narrow the filters first.`;
    const ids: number[] = [];
    for (let page = 1; ids.length < total; page += 1) {
      const result = await fetchList(view.kind, { ...view, page, pageSize: 100 });
      if (!result.ok) return result.message;
      if (result.data.items.length === 0) break;
      ids.push(...result.data.items.map((item) => item.id));
    }
    return ids;
  }

  async function download(format: 'csv' | 'xlsx', onlySelected: boolean) {
    setExporting('busy');
    const filters = onlySelected && !selection.all ? { ...view, ids: [...selection.ids] } : view;
    const url = exportUrl(view.kind, filters, format);
    const result = await fetchBlob(url);
    if (!result.ok) {
      if (result.reason === 'unauthorized') return signInAgain();
      setExporting({ error: result.message });
      return;
    }
    const objectUrl = URL.createObjectURL(result.data.blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = result.data.fileName ?? `haulora-${view.kind}.${format}`;
    document.body.append(link);
    link.click();
    link.remove();
    // The download has its own copy once it has started.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
    setExporting('idle');
  }

  // The queue keys: j/k move between rows, x selects the focused row, Enter opens it (it is a
  // link), / goes to the search box, ? lists the keys. Never while typing in a field.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      if (document.querySelector('dialog[open]') && event.key !== '?') return;
      const links = [...(rowsRef.current?.querySelectorAll<HTMLAnchorElement>('a.inbox-item-link') ?? [])];
      const at = links.findIndex((link) => link === document.activeElement || link.closest('li')?.contains(document.activeElement));
      if (event.key === 'j' || event.key === 'k') {
        if (links.length === 0) return;
        event.preventDefault();
        const next = at === -1 ? 0 : Math.min(links.length - 1, Math.max(0, at + (event.key === 'j' ? 1 : -1)));
        links[next]?.focus();
        links[next]?.scrollIntoView({ block: 'nearest' });
      } else if (event.key === 'x' && at !== -1) {
        event.preventDefault();
        const id = Number(links[at]?.dataset.id);
        if (id) toggle(id);
      } else if (event.key === '/') {
        event.preventDefault();
        document.getElementById(SEARCH_INPUT_ID)?.focus();
      } else if (event.key === '?') {
        event.preventDefault();
        setHelpOpen(true);
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [toggle]);

  const filtered = Boolean(view.q || view.status || view.from || view.to || view.owner);
  const pageCount = list.state === 'ready' ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const staffNames = staff?.staff.map((member) => member.username) ?? [];
  const order = view.sort === 'received' ? (view.dir === 'desc' ? 'newest first' : 'oldest first') : `by ${SORT_LABELS[view.sort].toLowerCase()}, ${view.dir === 'asc' ? 'A to Z' : 'Z to A'}`;

  return (
    <div className="inbox">
      <div className="inbox-toolbar">
        <p className="inbox-total" role="status">
          {list.state === 'ready' ? resultCount(list.data.total, filtered) : list.state === 'loading' ? 'Loading…' : ''}
        </p>
        <div className="inbox-toolbar-actions">
          <Button variant="secondary" size="sm" onClick={() => void download('csv', false)} disabled={exporting === 'busy'}>
            <Download aria-hidden="true" />
            {exporting === 'busy' ? 'Exporting…' : 'Export CSV'}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void download('xlsx', false)} disabled={exporting === 'busy'}>
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
            <input type="checkbox" checked={allOnPage} onChange={togglePage} />
            <span>Select all on this page</span>
          </label>
          {allOnPage && !selection.all && total > pageIds.length ? (
            <Button variant="ghost" size="sm" onClick={() => setSelection({ all: true })}>
              Select all {total} that match
            </Button>
          ) : null}
          {selectedCount > 0 ? (
            <Button variant="ghost" size="sm" onClick={() => setSelection(NONE)}>
              Clear selection
            </Button>
          ) : null}
        </div>
      ) : null}

      {/* Keyed on the view: another list starts without the last change's message. */}
      <BulkForm
        key={viewKey}
        kind={view.kind}
        selectedCount={selectedCount}
        staffNames={staffNames}
        selectedIds={selectedIds}
        onSaved={() => {
          setSelection(NONE);
          setAttempt((count) => count + 1);
        }}
      >
        <Button variant="secondary" size="sm" onClick={() => void download('csv', true)} disabled={exporting === 'busy'}>
          Export selected (CSV)
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void download('xlsx', true)} disabled={exporting === 'busy'}>
          Export selected (Excel)
        </Button>
      </BulkForm>

      {list.state === 'error' ? (
        <div className="inbox-error" role="alert">
          <p>{list.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </div>
      ) : null}
      {list.state === 'ready' && items.length === 0 ? (
        <p className="inbox-empty">{filtered ? 'Nothing matches these filters.' : `No ${KIND_LABELS[view.kind].toLowerCase()} yet.`}</p>
      ) : null}
      {items.length > 0 ? (
        <ol ref={rowsRef} className="inbox-items" aria-label={`${KIND_LABELS[view.kind]}, ${order}`}>
          {items.map((item) => {
            const selected = selection.all || selection.ids.has(item.id);
            return (
              <li key={item.id} className="inbox-item" data-status={item.status} data-unread={item.unread ? 'true' : undefined} data-selected={selected ? 'true' : undefined}>
                <label className="inbox-check inbox-item-check">
                  <input type="checkbox" checked={selected} onChange={() => toggle(item.id)} />
                  <span className="visually-hidden">Select {item.title}</span>
                </label>
                <div className="inbox-item-body">
                  <div className="inbox-item-head">
                    <h3 className="inbox-item-title">
                      <Link className="inbox-item-link" data-id={item.id} to={inboxItemPath(item.kind, item.id, view)}>
                        {item.title}
                      </Link>
                      {item.unread ? <span className="visually-hidden"> (unread)</span> : null}
                    </h3>
                    <StatusBadge status={item.status} />
                  </div>
                  {item.subtitle ? <p className="inbox-item-subtitle">{item.subtitle}</p> : null}
                  {item.preview ? <p className="inbox-item-preview">{item.preview}</p> : null}
                  <p className="inbox-item-meta">
                    <Timestamp iso={item.created_at} />
                    <OwnerName owner={item.owner} />
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
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

function resultCount(total: number, filtered: boolean) {
  const noun = total === 1 ? 'submission' : 'submissions';
  return filtered ? `${total} ${noun} match` : `${total} ${noun}`;
}
