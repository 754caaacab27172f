// The staff inbox's calls to /api/inbox (issue 7, the shared contract): typed answers on top of
// the site's API client, with the signed-in staff member's bearer token. Every call answers one
// InboxResult; the changes the staff forms make answer the ApiResult the one form pattern reads
// (use-form.ts). A 401 is first answered by one silent refresh of the tokens and a retry (calls
// failing together share that refresh); `unauthorized` (a 401 that stays) means the refresh
// failed too: the sign-in is over and the page sends the visitor to sign in again. Browser only.
import { apiGet, apiPostJson, apiPutJson, type ApiResult } from '../lib/api-client.ts';
import type { BulkAnswer, BulkBody, InboxSummary, ItemDetail, ListPage, StaffList } from '../../common/inbox.ts';
import type { BookingFilter, InboxKind, InboxSort, InboxStatus, SortDirection } from '../../common/inbox-vocabulary.ts';
import { refreshSession, storedAccessToken } from '../lib/session.ts';

export type {
  BulkAnswer,
  BulkBody,
  InboxEvent,
  InboxItem,
  InboxSummary,
  ItemDetail,
  ListItem,
  ListPage,
  StaffList,
} from '../../common/inbox.ts';
// The vocabulary only: common/inbox.ts itself builds zod schemas when loaded.
export * from '../../common/inbox-vocabulary.ts';
import { DEFAULT_SORT, defaultDirectionOf } from '../../common/inbox-vocabulary.ts';

export type ItemImage = NonNullable<ItemDetail['item']['image']>;

/** The list's filters, as the URL and the API name them. `status` '' is every status but spam. */
export type ListFilters = {
  status: InboxStatus | 'all' | '';
  q: string;
  from: string;
  to: string;
  /** 'me', 'none', a username, or '' for anyone. */
  owner: string;
  /** Where the lead came from, and its utm_campaign (issue 30); '' for any. */
  source: string;
  campaign: string;
  /** A demo request's booked meeting (issue 29): upcoming, past, none, or '' for any. */
  booking: BookingFilter | '';
  sort: InboxSort;
  dir: SortDirection;
  page: number;
  pageSize: number;
};

export type InboxResult<T> =
  { ok: true; data: T } | { ok: false; reason: 'unauthorized' | 'not-found' | 'invalid' | 'failed'; message: string };

export const FAILED_MESSAGE = 'The inbox could not be reached. Please check your connection and try again.';

/** Makes a call with the stored access token; on a 401, refreshes the sign-in once and retries.
 * A refresh that cannot be reached is a failed call; one refused leaves the 401. */
async function withRefresh<T>(call: (token: string | null) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const token = storedAccessToken();
  const first = await call(token);
  if (first.status !== 401) return first;
  const refreshed = await refreshSession(token);
  if (refreshed.kind === 'unreachable') return { kind: 'failed', status: null };
  if (refreshed.kind === 'signed-out') return first;
  return call(refreshed.accessToken);
}

async function authorized<T>(call: (token: string | null) => Promise<ApiResult<T>>): Promise<InboxResult<T>> {
  return toResult(await withRefresh(call));
}

function toResult<T>(result: ApiResult<T>): InboxResult<T> {
  if (result.kind === 'data') return { ok: true, data: result.data };
  const message = ('message' in result && result.message) || FAILED_MESSAGE;
  if (result.status === 401) return { ok: false, reason: 'unauthorized', message };
  if (result.status === 404) return { ok: false, reason: 'not-found', message };
  if (result.status === 400) return { ok: false, reason: 'invalid', message };
  return { ok: false, reason: 'failed', message };
}

/** The query string of a list or its export: defaults are left out. */
export function filterQuery(filters: Partial<ListFilters> & { ids?: number[] }, withPaging = true): string {
  const query = new URLSearchParams();
  if (filters.ids) query.set('ids', filters.ids.join(','));
  if (filters.status) query.set('status', filters.status);
  if (filters.q) query.set('q', filters.q);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (filters.owner) query.set('owner', filters.owner);
  if (filters.source) query.set('source', filters.source);
  if (filters.campaign) query.set('campaign', filters.campaign);
  if (filters.booking) query.set('booking', filters.booking);
  if (filters.sort && filters.sort !== DEFAULT_SORT) query.set('sort', filters.sort);
  // Always sent when not the sort's own default, which the API applies the same way.
  if (filters.dir && filters.dir !== defaultDirectionOf(filters.sort ?? DEFAULT_SORT)) query.set('dir', filters.dir);
  if (withPaging && filters.page && filters.page > 1) query.set('page', String(filters.page));
  if (withPaging && filters.pageSize) query.set('size', String(filters.pageSize));
  const text = query.toString();
  return text ? `?${text}` : '';
}

const base = (kind: InboxKind) => `/api/inbox/${encodeURIComponent(kind)}`;

export function fetchSummary(signal?: AbortSignal) {
  return authorized((bearer) => apiGet<InboxSummary>('/api/inbox/summary', { bearer, signal }));
}

export function fetchList(kind: InboxKind, filters: ListFilters, signal?: AbortSignal) {
  return authorized((bearer) => apiGet<ListPage>(base(kind) + filterQuery(filters), { bearer, signal }));
}

/** One submission; with the list's filters and sort, also its previous and next in that list. */
export function fetchItem(kind: InboxKind, id: number, filters: Partial<ListFilters> = {}, signal?: AbortSignal) {
  return authorized((bearer) =>
    apiGet<ItemDetail>(`${base(kind)}/${id}${filterQuery(filters, false)}`, { bearer, signal }),
  );
}

export function changeStatus(kind: InboxKind, id: number, status: InboxStatus) {
  return withRefresh((bearer) => apiPutJson<ItemDetail>(`${base(kind)}/${id}/status`, { status }, { bearer }));
}

export function addNote(kind: InboxKind, id: number, note: string) {
  return withRefresh((bearer) => apiPostJson<ItemDetail>(`${base(kind)}/${id}/notes`, { note }, { bearer }));
}

/** Gives a submission to a staff member (a username) or to nobody (null). */
export function changeOwner(kind: InboxKind, id: number, owner: string | null) {
  return withRefresh((bearer) => apiPutJson<ItemDetail>(`${base(kind)}/${id}/owner`, { owner }, { bearer }));
}

/** Marks a submission unread for the signed-in staff member (opening it marks it read). */
export function markUnread(kind: InboxKind, id: number) {
  return withRefresh((bearer) => apiPostJson<{ unread: boolean }>(`${base(kind)}/${id}/unread`, {}, { bearer }));
}

/** One change to many submissions at once: all of it or none. */
export function bulkChange(kind: InboxKind, change: BulkBody) {
  return withRefresh((bearer) => apiPostJson<BulkAnswer>(`${base(kind)}/bulk`, change, { bearer }));
}

/** The staff members a submission can be given to. */
export function fetchStaff(signal?: AbortSignal) {
  return authorized((bearer) => apiGet<StaffList>('/api/inbox/staff', { bearer, signal }));
}

/** Bytes the API serves only to staff (the contact image, the CSV export): fetched with the
 * bearer token, since an <img src> or a plain link could not send it. */
export async function fetchBlob(
  url: string,
  signal?: AbortSignal,
  post?: unknown,
): Promise<InboxResult<{ blob: Blob; fileName: string | null }>> {
  const send = (token: string | null) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (post === undefined) return fetch(url, { headers, credentials: 'same-origin', signal });
    const csrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
    Object.assign(
      headers,
      { 'content-type': 'application/json' },
      csrf ? { 'x-xsrf-token': decodeURIComponent(csrf) } : {},
    );
    return fetch(url, { method: 'POST', headers, body: JSON.stringify(post), credentials: 'same-origin', signal });
  };
  let response: Response;
  try {
    const token = storedAccessToken();
    response = await send(token);
    if (response.status === 401) {
      const refreshed = await refreshSession(token);
      if (refreshed.kind === 'refreshed') response = await send(refreshed.accessToken);
    }
  } catch {
    return { ok: false, reason: 'failed', message: FAILED_MESSAGE };
  }
  if (!response.ok) {
    const message = await response
      .json()
      .then((body: { errorInfo?: unknown }) => (typeof body?.errorInfo === 'string' ? body.errorInfo : FAILED_MESSAGE))
      .catch(() => FAILED_MESSAGE);
    const reason =
      response.status === 401
        ? 'unauthorized'
        : response.status === 404
          ? 'not-found'
          : response.status === 400
            ? 'invalid'
            : 'failed';
    return { ok: false, reason, message };
  }
  return {
    ok: true,
    data: { blob: await response.blob(), fileName: attachmentName(response.headers.get('content-disposition')) },
  };
}

/** The export of a filtered list, as CSV or as an Excel workbook. */
export function exportUrl(
  kind: InboxKind,
  filters: Partial<ListFilters> & { ids?: number[] },
  format: 'csv' | 'xlsx' = 'csv',
) {
  return `${base(kind)}/export.${format}${filterQuery(filters, false)}`;
}

/** The file name a Content-Disposition header gives, if it gives a plain one. */
function attachmentName(header: string | null): string | null {
  const name = header ? /filename="([^"]+)"/.exec(header)?.[1] : undefined;
  return name && /^[\w.-]+$/.test(name) ? name : null;
}
