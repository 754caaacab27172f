// The inbox list: one tab per kind of submission with its count of new ones, a filter form
// (search, status, dates), the submissions newest first with pagination, and Export CSV of the
// filtered list. The view lives in the URL query, so a list can be linked to and Back works.
// Everything a visitor wrote is shown as React text.
import { Download } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { href, Link, useSearchParams } from 'react-router';
import {
  exportUrl,
  fetchBlob,
  fetchList,
  fetchSummary,
  INBOX_KINDS,
  INBOX_STATUSES,
  type InboxStatus,
  type InboxSummary,
  isInboxStatus,
  KIND_LABELS,
  type ListPage,
  STATUS_LABELS,
} from '../../../lib/inbox-client.ts';
import { inboxListPath, type InboxView, readInboxView, writeInboxView } from '../../../lib/inbox-view.ts';
import { Button } from '../../ui/button.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { useSignInAgain } from './inbox-shell.tsx';
import { StatusBadge, Timestamp } from './inbox-parts.tsx';

type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'error'; message: string };

export function InboxList() {
  const [params, setParams] = useSearchParams();
  const view = readInboxView(params);
  const viewKey = writeInboxView(view).toString();
  const signInAgain = useSignInAgain();
  const [summary, setSummary] = useState<InboxSummary | null>(null);
  const [list, setList] = useState<Loaded<ListPage>>({ state: 'loading' });
  // Counts up on Try again, to load the same list afresh.
  const [attempt, setAttempt] = useState(0);
  const [exporting, setExporting] = useState<'idle' | 'busy' | { error: string }>('idle');

  useEffect(() => {
    const abort = new AbortController();
    fetchSummary(abort.signal).then((result) => {
      if (abort.signal.aborted) return;
      if (result.ok) setSummary(result.data);
      else if (result.reason === 'unauthorized') signInAgain();
    });
    return () => abort.abort();
  }, [signInAgain]);

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

  function show(next: Partial<InboxView>) {
    setParams(writeInboxView({ ...view, ...next }));
  }

  function applyFilters(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const status = text('status');
    show({
      q: text('q'),
      status: isInboxStatus(status) || status === 'all' ? (status as InboxStatus | 'all') : '',
      from: text('from'),
      to: text('to'),
      page: 1,
    });
  }

  async function exportCsv() {
    setExporting('busy');
    const result = await fetchBlob(exportUrl(view.kind, view));
    if (!result.ok) {
      if (result.reason === 'unauthorized') return signInAgain();
      setExporting({ error: result.message });
      return;
    }
    const url = URL.createObjectURL(result.data.blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = result.data.fileName ?? `haulora-${view.kind}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    // The download has its own copy once it has started.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setExporting('idle');
  }

  const filtered = Boolean(view.q || view.status || view.from || view.to);
  const pageCount = list.state === 'ready' ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <div className="inbox">
      <nav className="inbox-kinds" aria-label="Kinds of submission">
        <ul>
          {INBOX_KINDS.map((kind) => {
            const counts = summary?.counts[kind];
            return (
              <li key={kind}>
                <Link to={inboxListPath({ kind })} aria-current={kind === view.kind ? 'page' : undefined}>
                  <span>{KIND_LABELS[kind]}</span>
                  {counts ? (
                    <span className="inbox-count">
                      {counts.new}
                      <span className="visually-hidden"> new</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <h2 className="inbox-title">{KIND_LABELS[view.kind]}</h2>

      {/* Keyed on the URL so Back and the kind tabs show the filters of the list on screen. */}
      <form key={viewKey} role="search" aria-label="Filter submissions" className="inbox-filters" onSubmit={applyFilters}>
        <div className="field inbox-filter-search">
          <label className="field-label" htmlFor="inbox-q">
            Search
          </label>
          <input id="inbox-q" className="field-control" type="search" name="q" maxLength={200} defaultValue={view.q} />
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
        <div className="inbox-filter-actions">
          <Button type="submit">Apply</Button>
          {filtered ? (
            <Link className="button" data-variant="ghost" data-size="md" to={inboxListPath({ kind: view.kind, pageSize: view.pageSize })}>
              Clear
            </Link>
          ) : null}
        </div>
      </form>

      <div className="inbox-toolbar">
        <p className="inbox-total" role="status">
          {list.state === 'ready' ? resultCount(list.data.total, filtered) : list.state === 'loading' ? 'Loading…' : ''}
        </p>
        <Button variant="secondary" size="sm" onClick={exportCsv} disabled={exporting === 'busy'}>
          <Download aria-hidden="true" />
          {exporting === 'busy' ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      {typeof exporting === 'object' ? (
        <p className="inbox-error" role="alert">
          {exporting.error}
        </p>
      ) : null}

      {list.state === 'error' ? (
        <div className="inbox-error" role="alert">
          <p>{list.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </div>
      ) : null}
      {list.state === 'ready' && list.data.items.length === 0 ? (
        <p className="inbox-empty">{filtered ? 'Nothing matches these filters.' : `No ${KIND_LABELS[view.kind].toLowerCase()} yet.`}</p>
      ) : null}
      {list.state === 'ready' && list.data.items.length > 0 ? (
        <ol className="inbox-items" aria-label={`${KIND_LABELS[view.kind]}, newest first`}>
          {list.data.items.map((item) => (
            <li key={item.id} className="inbox-item" data-status={item.status}>
              <div className="inbox-item-head">
                <h3 className="inbox-item-title">
                  <Link to={href('/inbox/:kind/:id', { kind: item.kind, id: String(item.id) })}>{item.title}</Link>
                </h3>
                <StatusBadge status={item.status} />
              </div>
              {item.subtitle ? <p className="inbox-item-subtitle">{item.subtitle}</p> : null}
              {item.preview ? <p className="inbox-item-preview">{item.preview}</p> : null}
              <p className="inbox-item-time">
                <Timestamp iso={item.created_at} />
              </p>
            </li>
          ))}
        </ol>
      ) : null}
      {list.state === 'ready' && pageCount > 1 ? (
        <Pagination label={`${KIND_LABELS[view.kind]} pages`} page={view.page} pageCount={pageCount} onPageChange={(page) => show({ page })} />
      ) : null}
    </div>
  );
}

function resultCount(total: number, filtered: boolean) {
  const noun = total === 1 ? 'submission' : 'submissions';
  return filtered ? `${total} ${noun} match` : `${total} ${noun}`;
}
