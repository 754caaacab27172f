// Rendered copies of the public pages whose HTML depends only on the URL and the site's content,
// so /home costs a string join instead of a React render (about 6 ms of CPU).
//
// Why it is safe:
// - Only the pages whose route module says so in its handle (`cache: 'shared'`), on GET, answered 200 without a Set-Cookie from React
//   Router, are kept: their loaders read the site settings, the content rows and the URL, never
//   cookies or other headers. Pages that read more (/result, /sign-in's ?next, the inbox, form
//   posts) are always rendered.
// - The values that differ per answer, the CSP nonce, the visitor's CSRF token and the forms'
//   idempotency key (one per page view), are rendered
//   as placeholders (random hex made at start, never sent to anyone, so no content can forge them;
//   hex needs no escaping in HTML or in the loader data) and replaced per answer by the request's.
// - The key is the visitor's colour theme (one of three, from their cookie: the server writes it
//   into <html data-theme> and the theme menu, decision 023) + the origin (from the Host header
//   when SITE_URL is unset) + path + query, so a hostile Host or query string reaches only its own
//   entry; entries are bounded in number and bytes (least recently used go first).
// - The shared render gets no Cookie or Authorization header, so it cannot depend on a visitor.
// - Content changes (ContentService.invalidate) empty it, and a render begun before that is not
//   kept. An entry lives at most a minute, so what depends on the clock (the footer's year, the
//   style guide's today) is never older than that.
import { randomBytes } from 'node:crypto';
import type { ServerBuild } from 'react-router';
import type { RouteHandle } from '../../app/lib/route-handle.ts';
import type { Theme } from '../../app/lib/theme.ts';

/** Paths whose HTML is a function of the URL and the content only: the route table's pages whose
 * module declares it in its handle (app/lib/route-handle.ts). */
export function cachedPagePaths(routes: ServerBuild['routes']): string[] {
  return Object.values(routes)
    .filter(
      (route) =>
        route &&
        (route.module.handle as RouteHandle | undefined)?.cache === 'shared' &&
        route.path &&
        !/[:*]/.test(route.path),
    )
    .map((route) => `/${route!.path}`);
}

type Placeholder = 'nonce' | 'csrfToken' | 'formKey';
/** What a cached render holds where the per-answer values go: made once per process. */
export const PLACEHOLDERS: Readonly<Record<Placeholder, string>> = {
  nonce: randomBytes(16).toString('hex'),
  csrfToken: randomBytes(16).toString('hex'),
  formKey: randomBytes(16).toString('hex'),
};
const placeholderOf = new Map(Object.entries(PLACEHOLDERS).map(([name, value]) => [value, name]));

const MAX_ENTRIES = 500;
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_AGE_MS = 60_000;

/** A rendered answer: the body split around the placeholders (odd indexes hold which one). */
export type CachedPage = {
  status: number;
  headers: [string, string][];
  /** Text, then alternately a placeholder's name and text; undefined for an answer without a body. */
  parts: string[] | undefined;
  bytes: number;
  expires: number;
};

export type PageCache = ReturnType<typeof createPageCache>;

export function createPageCache(paths: Iterable<string>) {
  const cachedPages = new Set(paths);
  const placeholders = PLACEHOLDERS;
  const splitter = new RegExp(`(${Object.values(placeholders).join('|')})`);
  const entries = new Map<string, CachedPage>();
  let totalBytes = 0;
  // Counts clear()s: a render that started before one may hold the old content and is not kept.
  let generation = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  };

  return {
    /** What the cached render puts where the nonce and the CSRF token go. */
    placeholders,
    /** The key of a request whose page may come from the cache, or undefined. Each theme is a
     * render of its own: the theme is in the first byte of the page. */
    keyFor(method: string, origin: string, url: string, theme: Theme): string | undefined {
      if (method !== 'GET') return undefined;
      const queryAt = url.indexOf('?');
      const path = queryAt === -1 ? url : url.slice(0, queryAt);
      return cachedPages.has(path) ? `${theme} ${origin}${url}` : undefined;
    },
    get(key: string): CachedPage | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      remove(key);
      if (entry.expires <= Date.now()) return undefined;
      // Re-inserted: the Map's order is the least recently used first.
      entries.set(key, entry);
      totalBytes += entry.bytes;
      return entry;
    },
    /** Read before a render and handed to store(). */
    get generation() {
      return generation;
    },
    /** Reads a render made with the placeholders; keeps it under `key` when it may be reused,
     * nothing cleared the cache since it started (`startedIn`) and the caller wants it kept. */
    async store(key: string, response: Response, startedIn = generation, keep = true): Promise<CachedPage> {
      const text = response.body ? await response.text() : undefined;
      const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
      for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
      const page: CachedPage = {
        status: response.status,
        headers,
        parts: text?.split(splitter).map((part) => placeholderOf.get(part) ?? part),
        bytes: (text?.length ?? 0) * 2,
        expires: Date.now() + MAX_AGE_MS,
      };
      const reusable =
        keep &&
        page.status === 200 &&
        !response.headers.has('set-cookie') &&
        page.bytes <= MAX_BYTES &&
        startedIn === generation;
      if (!reusable) return page;
      remove(key);
      entries.set(key, page);
      totalBytes += page.bytes;
      for (const oldest of entries.keys()) {
        if (entries.size <= MAX_ENTRIES && totalBytes <= MAX_BYTES) break;
        remove(oldest);
      }
      return page;
    },
    /** The page's body for one answer, with its nonce and CSRF token. */
    body(page: CachedPage, values: Record<Placeholder, string>): string | undefined {
      if (!page.parts) return undefined;
      let html = '';
      for (let index = 0; index < page.parts.length; index++) {
        const part = page.parts[index] as string;
        html += index % 2 === 0 ? part : values[part as Placeholder];
      }
      return html;
    },
    clear() {
      generation++;
      entries.clear();
      totalBytes = 0;
    },
    get size() {
      return entries.size;
    },
  };
}
