// The inbox list's view in the URL query (?kind=&status=&q=&from=&to=&owner=&source=&campaign=
// &booking=&sort=&dir=&page=&size=),
// so a filtered, sorted list can be linked to, reloads keep it and Back returns to it. Defaults
// are left out of the URL; nonsense falls back to them. A submission's page carries the same
// query (without kind and page), so its previous and next follow the list it was opened from.
import {
  DEFAULT_SORT,
  defaultDirectionOf,
  isBookingFilter,
  INBOX_KINDS,
  type InboxKind,
  isInboxKind,
  isInboxSort,
  isInboxStatus,
  type ListFilters,
  PAGE_SIZES,
  SORTS_BY_KIND,
  USERNAME_PATTERN,
} from './inbox-client.ts';
import { DEFAULT_PAGE_SIZE } from '../../common/inbox-vocabulary.ts';

export type InboxView = { kind: InboxKind } & ListFilters;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A source or campaign as the API takes it: printable, trimmed, at most 200 characters. */
const attributionText = (value: string | null) =>
  (value ?? '')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim()
    .slice(0, 200);

export function readInboxView(params: URLSearchParams, kindFallback?: InboxKind): InboxView {
  const kindParam = params.get('kind');
  const kind = isInboxKind(kindParam) ? kindParam : (kindFallback ?? INBOX_KINDS[0]);
  const status = params.get('status');
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const sortParam = params.get('sort');
  const sort = isInboxSort(sortParam) && SORTS_BY_KIND[kind].includes(sortParam) ? sortParam : DEFAULT_SORT;
  const booking = params.get('booking');
  const owner = params.get('owner') ?? '';
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return DATE.test(value) ? value : '';
  };
  return {
    kind,
    status: isInboxStatus(status) || status === 'all' ? status : '',
    q: (params.get('q') ?? '').trim().slice(0, 200),
    from: date('from'),
    to: date('to'),
    owner: USERNAME_PATTERN.test(owner) ? owner : '',
    source: attributionText(params.get('source')),
    campaign: attributionText(params.get('campaign')),
    // Only demo requests book a meeting.
    booking: kind === 'demo-requests' && isBookingFilter(booking) ? booking : '',
    sort,
    dir: params.get('dir') === 'asc' ? 'asc' : params.get('dir') === 'desc' ? 'desc' : defaultDirectionOf(sort),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

export function writeInboxView(
  view: InboxView,
  options: { withKind?: boolean; withPage?: boolean } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  if ((options.withKind ?? true) && view.kind !== INBOX_KINDS[0]) params.set('kind', view.kind);
  if (view.status) params.set('status', view.status);
  if (view.q) params.set('q', view.q);
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.owner) params.set('owner', view.owner);
  if (view.source) params.set('source', view.source);
  if (view.campaign) params.set('campaign', view.campaign);
  if (view.booking) params.set('booking', view.booking);
  if (view.sort !== DEFAULT_SORT) params.set('sort', view.sort);
  if (view.dir !== defaultDirectionOf(view.sort)) params.set('dir', view.dir);
  if ((options.withPage ?? true) && view.page > 1) params.set('page', String(view.page));
  if ((options.withPage ?? true) && view.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(view.pageSize));
  return params;
}

/** The list URL for a view, e.g. '/inbox?kind=feedback&status=new'. */
export function inboxListPath(view: Partial<InboxView>): string {
  const query = writeInboxView({ ...readInboxView(new URLSearchParams()), ...view }).toString();
  return query ? `/inbox?${query}` : '/inbox';
}

/** A submission's URL, carrying the list's filters and sort for its previous and next. */
export function inboxItemPath(kind: InboxKind, id: number, view?: InboxView): string {
  const query = view ? writeInboxView(view, { withKind: false, withPage: false }).toString() : '';
  return `/inbox/${kind}/${id}${query ? `?${query}` : ''}`;
}
