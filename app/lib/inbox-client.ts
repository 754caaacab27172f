// The staff inbox's calls to /api/inbox (issue 7, the shared contract): typed answers on top of
// the site's API client, with the signed-in staff member's bearer token. Every call answers one
// InboxResult; `unauthorized` (401) means the sign-in is gone and the page sends the visitor to
// sign in again. Browser only.
import { apiGet, apiPostJson, apiPutJson, type ApiResult } from './api-client.ts';
import type { InboxSummary, ItemDetail, ListPage } from '../../common/inbox.ts';
import type { InboxKind, InboxStatus } from '../../common/inbox-vocabulary.ts';
import { storedAccessToken } from './session.ts';

export type { InboxEvent, InboxItem, InboxSummary, ItemDetail, ListItem, ListPage } from '../../common/inbox.ts';
// The vocabulary only: common/inbox.ts itself builds zod schemas when loaded.
export * from '../../common/inbox-vocabulary.ts';

export type ItemImage = NonNullable<ItemDetail['item']['image']>;

/** The list's filters, as the URL and the API name them. `status` '' is every status but spam. */
export type ListFilters = { status: InboxStatus | 'all' | ''; q: string; from: string; to: string; page: number; pageSize: number };

export type InboxResult<T> =
  | { ok: true; data: T }
  | { ok: false; reason: 'unauthorized' | 'not-found' | 'invalid' | 'failed'; message: string };

const FAILED_MESSAGE = 'The inbox could not be reached. Please check your connection and try again.';

function bearer() {
  return { bearer: storedAccessToken() };
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
export function filterQuery(filters: Partial<ListFilters>, withPaging = true): string {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.q) query.set('q', filters.q);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (withPaging && filters.page && filters.page > 1) query.set('page', String(filters.page));
  if (withPaging && filters.pageSize) query.set('pageSize', String(filters.pageSize));
  const text = query.toString();
  return text ? `?${text}` : '';
}

const base = (kind: InboxKind) => `/api/inbox/${encodeURIComponent(kind)}`;

export async function fetchSummary(signal?: AbortSignal) {
  return toResult(await apiGet<InboxSummary>('/api/inbox/summary', { ...bearer(), signal }));
}

export async function fetchList(kind: InboxKind, filters: ListFilters, signal?: AbortSignal) {
  return toResult(await apiGet<ListPage>(base(kind) + filterQuery(filters), { ...bearer(), signal }));
}

export async function fetchItem(kind: InboxKind, id: number, signal?: AbortSignal) {
  return toResult(await apiGet<ItemDetail>(`${base(kind)}/${id}`, { ...bearer(), signal }));
}

export async function changeStatus(kind: InboxKind, id: number, status: InboxStatus) {
  return toResult(await apiPutJson<ItemDetail>(`${base(kind)}/${id}/status`, { status }, bearer()));
}

export async function addNote(kind: InboxKind, id: number, note: string) {
  return toResult(await apiPostJson<ItemDetail>(`${base(kind)}/${id}/notes`, { note }, bearer()));
}

/** Bytes the API serves only to staff (the contact image, the CSV export): fetched with the
 * bearer token, since an <img src> or a plain link could not send it. */
export async function fetchBlob(url: string, signal?: AbortSignal): Promise<InboxResult<{ blob: Blob; fileName: string | null }>> {
  const token = storedAccessToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin', signal });
  } catch {
    return { ok: false, reason: 'failed', message: FAILED_MESSAGE };
  }
  if (!response.ok) {
    const message = await response
      .json()
      .then((body: { errorInfo?: unknown }) => (typeof body?.errorInfo === 'string' ? body.errorInfo : FAILED_MESSAGE))
      .catch(() => FAILED_MESSAGE);
    const reason = response.status === 401 ? 'unauthorized' : response.status === 404 ? 'not-found' : response.status === 400 ? 'invalid' : 'failed';
    return { ok: false, reason, message };
  }
  return { ok: true, data: { blob: await response.blob(), fileName: attachmentName(response.headers.get('content-disposition')) } };
}

export function exportUrl(kind: InboxKind, filters: Partial<ListFilters>) {
  return `${base(kind)}/export.csv${filterQuery(filters, false)}`;
}

/** The file name a Content-Disposition header gives, if it gives a plain one. */
function attachmentName(header: string | null): string | null {
  const name = header ? /filename="([^"]+)"/.exec(header)?.[1] : undefined;
  return name && /^[\w.-]+$/.test(name) ? name : null;
}
