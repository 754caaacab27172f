// The first paint without the stylesheet's round trip (issue 32, decision 060). A public page's
// only render-blocking request was the site stylesheet (87 KB, 13 KB brotli): the browser asked
// for it once the document's head arrived and painted nothing until it came, one more round trip
// on every first view (Lighthouse's simulated phone: about 40% of the largest paint).
//
// For every public page (the ones the page cache keeps and the ones rendered per visit, such as
// the booking page with its free times), the rules that match the page's own elements are written
// into its head (beasties picks them, with the rules a tie needs before them: critical-sheets.ts),
// and the rest of the stylesheet loads after the first paint, at the
// lowest priority (`disabled` until then, `media="print"` while it loads): a nonce'd inline script
// starts it and turns it to `all` once it has loaded. The page's scripts start only after that
// (app/lib/scripts-after-first-paint.server.ts), so what they change is styled by every rule.
// Without JavaScript a <noscript> link loads the whole sheet. The tag React rendered stays where
// it was, with its address, `disabled` and a print media (never fetched): hydration finds it.
//
// Cost: beasties parses the document and matches every selector (0.1-0.5 s of a core), so it runs
// in a worker thread, once per page structure: the key is the document's tags and their styling
// attributes, not its text or URLs, so a new query string or a copy edit does not run it again;
// one at a time, with a bound on the waiting and on the starts per minute. The first render of a
// structure waits for its rules (up to 3 s); past the bounds or the wait its page goes out as
// before (the blocking link) and is not kept in the cache.
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { FULL_SHEET_ATTRIBUTE } from '../../common/constants.ts';
import type { CriticalCssAnswer, CriticalCssWorkerData } from './critical-css-worker.ts';

/** Starts the full stylesheet's download once the page has painted, and turns it on once it has
 * loaded; runs right after its <link> in the head. The link is `disabled` with a print media until
 * then, which no browser fetches (the element for `disabled`, Chromium's preload scanner for the
 * media), so only the document and its inline rules stand before the first paint. "Painted" is the first contentful paint and then the page's
 * high-priority images (the home page's hero screen) decoded and one frame later on screen: the
 * largest paint is then over before anything else starts (the page's scripts wait for this sheet,
 * app/lib/scripts-after-first-paint.server.ts). A page that never paints (a tab opened in the
 * background) starts it 3 s after load at the latest. A failed load turns it on too, so the
 * scripts, which wait for `all`, still start. */
const SWAP_SCRIPT = `{
const l=document.currentScript.previousElementSibling,on=()=>{l.media='all'};let started=0;
const start=()=>{if(started)return;started=1;l.addEventListener('load',on);l.addEventListener('error',on);l.disabled=false};
const painted=()=>new Promise((p)=>{
if(!PerformanceObserver.supportedEntryTypes?.includes('paint'))return p();
new PerformanceObserver((e,o)=>{if(e.getEntriesByName('first-contentful-paint').length){o.disconnect();p()}}).observe({type:'paint',buffered:true})});
const parsed=()=>document.readyState!=='loading'||new Promise((p)=>addEventListener('DOMContentLoaded',p,{once:true}));
const heroes=()=>Promise.all([...document.querySelectorAll('img[fetchpriority=high]')].map((i)=>i.decode().catch(()=>{})));
painted().then(parsed).then(heroes).then(()=>new Promise((p)=>requestAnimationFrame(()=>setTimeout(p))).then(start));
addEventListener('load',()=>setTimeout(start,3000),{once:true})}`.replaceAll('\n', '');

// React Router's root stylesheet link, as the render writes it (nonce, rel, href in that order or not).
const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;
const HEAD_END = '</head>';
const TAG = /<([a-zA-Z][\w-]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s=>]+)(?:="([^"]*)")?/g;
/** Attributes whose values selectors match on; the others (URLs, text) are left out of the key. */
const STYLING_ATTRIBUTE = /^(class|id|type|role|rel|lang|dir|open|hidden|data-[\w-]+|aria-[\w-]+)$/;

/** The document's structure: what decides which rules match it, without its text and URLs. */
export function structureKey(html: string): string {
  const hash = createHash('sha256');
  for (const [, name, attributes] of html.matchAll(TAG)) {
    hash.update(name!);
    for (const [, attribute, value] of (attributes ?? '').matchAll(ATTRIBUTE)) {
      hash.update(` ${attribute}`);
      if (value !== undefined && STYLING_ATTRIBUTE.test(attribute!)) hash.update(`=${value}`);
    }
    hash.update('>');
  }
  return hash.digest('base64url');
}

/** Whether the page has one stylesheet, linked in its head (the public pages' own). */
function hasOneStylesheet(html: string): boolean {
  const links = [...html.matchAll(STYLESHEET_LINK)];
  const headEnd = html.indexOf(HEAD_END);
  return links.length === 1 && headEnd !== -1 && links[0]!.index < headEnd;
}

/** What a page structure gets: its inline sheet and the address of the rest (critical-sheets.ts). */
export type PageSheets = { rules: string; restHref: string };

export const REST_SHEET_PREFIX = '/assets/rest/';
/** Where the rest of `sheet` (a stylesheet's name, no `.css`) for the inline `units` is served
 * (server/routes/rest-sheet.ts): the address says it all, so any instance can answer it. */
export const restSheetHref = (sheet: string, units: string) => `${REST_SHEET_PREFIX}${sheet}/${units}.css`;

/** The page with its inline rules and, loading without blocking the paint, the rest of its one
 * stylesheet in place of the whole (a visitor without JavaScript gets the whole). */
export function withCriticalRules(html: string, { rules, restHref }: PageSheets): string {
  if (!hasOneStylesheet(html)) return html;
  const links = [...html.matchAll(STYLESHEET_LINK)];
  const link = links[0]![0];
  const nonce = /\bnonce="([^"]*)"/.exec(link)?.[1];
  const nonceAttribute = nonce === undefined ? '' : ` nonce="${nonce}"`;
  // React's own link stays where it was, with its address (hydration finds it by the address),
  // disabled for good. `disabled` alone does not keep it from being fetched: Chromium's preload
  // scanner fetched it at the highest priority before the first paint (Chromium 156), and
  // Lighthouse then counted it as render-blocking; with a media that does not match the screen the
  // scanner leaves it, as it leaves the rest's link. The rest of the sheet comes by a link of its own.
  const kept = link.replace(/\s*\/?>$/, ' media="print" disabled=""/>');
  const rest = `<link${nonceAttribute} rel="stylesheet" href="${restHref}" media="print" disabled="" ${FULL_SHEET_ATTRIBUTE}/>`;
  const replacement =
    `<style${nonceAttribute}>${rules}</style>${kept}${rest}` +
    `<script${nonceAttribute}>${SWAP_SCRIPT}</script><noscript>${link}</noscript>`;
  return html.slice(0, links[0]!.index) + replacement + html.slice(links[0]!.index + link.length);
}

const MAX_STRUCTURES = 256;
/** Structures waiting for their rules; past this a new one goes out as it is. */
const MAX_WAITING = 32;
/** Extractions started per minute at most: a flood of new structures (say, endless filters of a
 * page) cannot keep the thread busy. Each takes ~0.1-0.5 s of a core. */
const MAX_PER_MINUTE = 60;
/** How long the first render of a structure waits for its rules before it goes out as it is. */
const WAIT_MS = 3_000;

const WORKER = new URL('./critical-css-worker.ts', import.meta.url);

type Job = { key: string; html: string; done: (sheets: PageSheets | undefined) => void };

export type CriticalCss = ReturnType<typeof createCriticalCss>;

/** Critical rules per page structure, picked by a worker thread from the built stylesheets in
 * `clientDir`, so the event loop never runs beasties. */
export function createCriticalCss(
  clientDir: string,
  log: { warn: (object: object, message: string) => void },
  count: (result: 'picked' | 'failed' | 'refused' | 'late') => void = () => {},
) {
  const rulesByStructure = new Map<string, PageSheets>();
  const picking = new Map<string, Promise<PageSheets | undefined>>();
  const queue: Job[] = [];
  let worker: Worker | null = null;
  let running: Job | null = null;
  let windowStart = 0;
  let startedInWindow = 0;

  const remember = (key: string, rules: PageSheets) => {
    rulesByStructure.delete(key);
    rulesByStructure.set(key, rules);
    for (const oldest of rulesByStructure.keys()) {
      if (rulesByStructure.size <= MAX_STRUCTURES) break;
      rulesByStructure.delete(oldest);
    }
  };

  const finish = (rules: PageSheets | undefined) => {
    const job = running!;
    running = null;
    if (rules) remember(job.key, rules);
    count(rules ? 'picked' : 'failed');
    picking.delete(job.key);
    job.done(rules);
    next();
  };

  const thread = () => {
    if (worker) return worker;
    const started = new Worker(WORKER, { workerData: { clientDir } satisfies CriticalCssWorkerData });
    // Never what keeps the process alive.
    started.unref();
    started.on('message', ({ rules, rest, error }: CriticalCssAnswer) => {
      if (!rules || !rest) log.warn({ err: error }, 'critical CSS not picked');
      finish(rules && rest ? { rules, restHref: restSheetHref(rest.sheet, rest.units) } : undefined);
    });
    started.on('error', (error) => {
      log.warn({ err: error }, 'critical CSS thread failed');
      if (worker === started) worker = null;
      if (running) finish(undefined);
    });
    worker = started;
    return started;
  };

  const next = () => {
    if (running) return;
    running = queue.shift() ?? null;
    if (running) thread().postMessage(running.html);
  };

  const mayStart = () => {
    const now = Date.now();
    if (now - windowStart >= 60_000) {
      windowStart = now;
      startedInWindow = 0;
    }
    if (startedInWindow >= MAX_PER_MINUTE || queue.length >= MAX_WAITING) return false;
    startedInWindow++;
    return true;
  };

  /** The rules of `key`'s structure: known, being picked, or picked now (within the bounds). */
  const rulesFor = (key: string, html: string): Promise<PageSheets | undefined> | undefined => {
    const pending = picking.get(key);
    if (pending) return pending;
    if (!mayStart()) {
      count('refused');
      return undefined;
    }
    const picked = new Promise<PageSheets | undefined>((done) => queue.push({ key, html, done }));
    picking.set(key, picked);
    next();
    return picked;
  };

  return {
    /** The page with its critical rules inline (`ready`), or as it is when its structure's rules
     * could not be had within WAIT_MS or the bounds (then it should not be kept). */
    async apply(html: string): Promise<{ html: string; ready: boolean }> {
      // A page with another stylesheet (the staff area's) or none is left as it is.
      if (!hasOneStylesheet(html)) return { html, ready: true };
      const key = structureKey(html);
      let rules = rulesByStructure.get(key);
      if (rules !== undefined) remember(key, rules);
      else {
        const picked = rulesFor(key, html);
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), WAIT_MS);
        });
        rules = picked ? await Promise.race([picked, late]).finally(() => clearTimeout(timer)) : undefined;
        if (picked && rules === undefined) count('late');
      }
      return rules === undefined ? { html, ready: false } : { html: withCriticalRules(html, rules), ready: true };
    },
    async close() {
      await worker?.terminate();
      worker = null;
    },
  };
}
