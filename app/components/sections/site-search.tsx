// The navbar's site search: an icon button opening a search dialog over the feature pages, the
// manual, the glossary and the FAQ. The index is built at build time with Pagefind
// (scripts/build-search-index.ts) and served by us under /pagefind/; its script is loaded only
// when the dialog first opens. Without JavaScript there is no button (the search needs scripts).
import { Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { href, Link } from 'react-router';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { track } from '../../lib/analytics/track.ts';
import { LIVE_SEARCH_BUNDLE, LIVE_SEARCH_PATHS_FILE } from '../../../common/constants.ts';
import './site-search.css';

/** Where the build puts Pagefind's browser script. */
const PAGEFIND_SCRIPT = '/pagefind/pagefind.js';
const MAX_RESULTS = 8;
const TYPING_PAUSE_MS = 150;
/** A query is counted (analytics) once the visitor has stopped typing this long. */
const SEARCH_COUNTED_AFTER_MS = 1500;

type SubResult = { title: string; url: string; excerpt: string; locations: number[] };
type ResultData = {
  url: string;
  excerpt: string;
  /** `index: 'live'` on the pages the live index holds (server/plugins/live-search.ts). */
  meta: { title?: string; index?: string };
  sub_results?: SubResult[];
};
type Pagefind = {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  mergeIndex(url: string): Promise<void>;
  search(query: string): Promise<{ results: Array<{ id: string; data(): Promise<ResultData> }> } | null>;
};

export type SearchResult = { id: string; url: string; title: string; section: string | null; excerpt: string };

let pagefind: Promise<Pagefind> | null = null;
/** The pages the live index holds. */
let livePaths = new Set<string>();
/** A result of the build's index for a page the live index holds (its words are stale). */
const isStale = (data: ResultData) => livePaths.has(data.url) && data.meta.index !== 'live';

/** Loads Pagefind once; a failed load is forgotten so the next attempt tries again. */
function loadPagefind(): Promise<Pagefind> {
  pagefind ??= (import(/* @vite-ignore */ PAGEFIND_SCRIPT) as Promise<Pagefind>).then(async (module) => {
    await module.options({ excerptLength: 24 });
    await module.init();
    // The FAQ and the glossary as the server indexed them after the last edit (issue 19). Without
    // it the rest of the site is still searched.
    // It also holds every page edited in the Content area (issue 31): the build's entry of such a
    // page has its old words, so its results are dropped for the live index's.
    await module.mergeIndex(LIVE_SEARCH_BUNDLE).catch(() => undefined);
    livePaths = await fetch(`${LIVE_SEARCH_BUNDLE}${LIVE_SEARCH_PATHS_FILE}`)
      .then(async (answer) => new Set(answer.ok ? ((await answer.json()) as string[]) : []))
      .catch(() => new Set<string>());
    return module;
  });
  pagefind.catch(() => {
    pagefind = null;
  });
  return pagefind;
}

/** A page's result, pointing at its best-matching section when it has headings (the manual). */
function toResult(id: string, data: ResultData, query: string): SearchResult {
  const best = [...(data.sub_results ?? [])].sort((a, b) => b.locations.length - a.locations.length)[0];
  const title = data.meta.title ?? data.url;
  const section = best && best.url !== data.url && best.title !== title ? best : null;
  // The glossary opens already filtered by the words searched for.
  const url =
    data.url === href('/glossary') ? `${data.url}?${new URLSearchParams({ q: query })}` : (section?.url ?? data.url);
  return { id, url, title, section: section?.title ?? null, excerpt: section?.excerpt ?? data.excerpt };
}

export function SiteSearch() {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(0);
  const counted = useRef<number | undefined>(undefined);
  const [query, setQuery] = useState('');
  // The last answer with the words it answers: while new words wait for the typing pause, the
  // status goes on naming the words its count is for.
  const [answer, setAnswer] = useState<{ words: string; pages: SearchResult[] } | null>(null);
  const results = answer?.pages ?? null;
  const [failed, setFailed] = useState(false);
  const ids = { title: useId(), input: useId(), status: useId() };

  // Search after a short pause in typing; answers to older queries are dropped.
  useEffect(() => {
    const words = query.trim();
    const run = ++latest.current;
    if (!words) return;
    const timer = window.setTimeout(async () => {
      try {
        const engine = await loadPagefind();
        const found = await engine.search(words);
        // Twice as many as shown: an edited page may stand in both indexes (one of them dropped).
        const loaded = await Promise.all(
          (found?.results ?? [])
            .slice(0, MAX_RESULTS * 2)
            .map(async (result) => ({ id: result.id, data: await result.data() })),
        );
        const pages = loaded
          .filter(({ data }) => !isStale(data))
          .slice(0, MAX_RESULTS)
          .map(({ id, data }) => toResult(id, data, words));
        if (run !== latest.current) return;
        setFailed(false);
        setAnswer({ words, pages });
        // Counted once the visitor stops typing for a while: the query they meant, not each prefix.
        window.clearTimeout(counted.current);
        counted.current = window.setTimeout(
          () => track('search', { query: words.slice(0, 100), results: found?.results.length ?? 0 }),
          SEARCH_COUNTED_AFTER_MS,
        );
      } catch {
        if (run === latest.current) setFailed(true);
      }
    }, TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [query]);

  // Holds the button's place until it appears (with scripting on: site-search.css), so the bar's
  // entries do not move at hydration.
  if (!hydrated) return <span className="site-search-placeholder" aria-hidden="true" />;

  function open() {
    dialog.current?.showModal();
    input.current?.focus();
    input.current?.select();
    // Start fetching the index while the visitor types.
    loadPagefind().catch(() => setFailed(true));
  }

  const close = () => dialog.current?.close();

  return (
    <>
      <button type="button" className="site-search-toggle" aria-haspopup="dialog" onClick={open}>
        <Search aria-hidden="true" />
        <span className="visually-hidden">Search the site</span>
      </button>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- only the backdrop's click; Escape closes a dialog by itself */}
      <dialog
        ref={dialog}
        className="site-search"
        aria-labelledby={ids.title}
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
      >
        <div className="site-search-panel">
          <div className="site-search-head">
            <h2 id={ids.title}>Search the site</h2>
            <button type="button" className="site-search-close" onClick={close}>
              <X aria-hidden="true" />
              <span className="visually-hidden">Close search</span>
            </button>
          </div>
          <form role="search" aria-labelledby={ids.title} onSubmit={(event: FormEvent) => event.preventDefault()}>
            <label htmlFor={ids.input}>Features, manual, glossary and FAQ</label>
            <span className="site-search-field">
              <Search aria-hidden="true" />
              <input
                ref={input}
                id={ids.input}
                type="search"
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  // Emptied: the next words start from "Searching…", not the last answer. Set here,
                  // not in the effect, which also runs at hydration (a render of its own).
                  if (!event.target.value.trim()) setAnswer(null);
                }}
                onKeyDown={(event) => {
                  // A search box would spend Escape on clearing itself; here it closes the dialog.
                  if (event.key === 'Escape') {
                    event.preventDefault();
                    close();
                  }
                }}
                autoComplete="off"
                spellCheck={false}
                aria-describedby={ids.status}
              />
            </span>
          </form>
          <p id={ids.status} className="site-search-status" role="status">
            {statusText(query.trim(), answer, failed)}
          </p>
          {results && results.length > 0 ? (
            <ol className="site-search-results">
              {results.map((result) => (
                <li key={result.id}>
                  <Link to={result.url} onClick={close}>
                    <span className="site-search-result-title">
                      {result.title}
                      {result.section ? <span className="site-search-result-section"> › {result.section}</span> : null}
                    </span>
                    <span className="site-search-result-excerpt">
                      <Excerpt html={result.excerpt} />
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      </dialog>
    </>
  );
}

function statusText(query: string, answer: { words: string; pages: SearchResult[] } | null, failed: boolean) {
  if (failed) return 'Search is not available right now. Please try again in a moment.';
  if (!query) return 'Type a word or two, such as “manifest” or “fuel cards”.';
  if (answer === null) return 'Searching…';
  const { words, pages } = answer;
  if (pages.length === 0) return `No pages match “${words}”.`;
  return `${pages.length} ${pages.length === 1 ? 'page matches' : 'pages match'} “${words}”.`;
}

/**
 * Pagefind's excerpt is HTML text with the matched words in <mark>. It is rebuilt as React nodes
 * from the parsed text, so nothing but those marks can reach the page.
 */
function Excerpt({ html }: { html: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return (
    <>
      {[...body.childNodes].map((node, index) =>
        node.nodeName === 'MARK' ? (
          <mark key={index}>{node.textContent}</mark>
        ) : (
          <span key={index}>{node.textContent}</span>
        ),
      )}
    </>
  );
}
