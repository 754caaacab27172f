// The inbox list's view in the URL query (?kind=&status=&q=&from=&to=&page=&size=), so a filtered
// list can be linked to and Back returns to it. Defaults are left out of the URL; nonsense
// falls back to them.
import { INBOX_KINDS, type InboxKind, isInboxKind, isInboxStatus, type ListFilters, PAGE_SIZES } from './inbox-client.ts';

export type InboxView = { kind: InboxKind } & ListFilters;

export const DEFAULT_PAGE_SIZE = 25;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function readInboxView(params: URLSearchParams): InboxView {
  const kind = params.get('kind');
  const status = params.get('status');
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return DATE.test(value) ? value : '';
  };
  return {
    kind: isInboxKind(kind) ? kind : INBOX_KINDS[0],
    status: isInboxStatus(status) || status === 'all' ? status : '',
    q: (params.get('q') ?? '').trim().slice(0, 200),
    from: date('from'),
    to: date('to'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

export function writeInboxView(view: InboxView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.kind !== INBOX_KINDS[0]) params.set('kind', view.kind);
  if (view.status) params.set('status', view.status);
  if (view.q) params.set('q', view.q);
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.page > 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(view.pageSize));
  return params;
}

/** The list URL for a view, e.g. '/inbox?kind=feedback&status=new'. */
export function inboxListPath(view: Partial<InboxView>): string {
  const query = writeInboxView({ ...readInboxView(new URLSearchParams()), ...view }).toString();
  return query ? `/inbox?${query}` : '/inbox';
}
