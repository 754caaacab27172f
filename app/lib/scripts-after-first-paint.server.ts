// Starts the page's JavaScript after its first contentful paint. React Router's inline module
// script imports the route modules statically, so the browser fetches them (at high priority)
// as soon as the parser reaches the script, while the first paint may still be on its way. The
// page is complete without JavaScript, so nothing in the first paint needs them: this rewrites
// the static route imports into dynamic ones that start once the browser reports the first
// contentful paint. Why it matters: Lighthouse's simulation counts every high-priority script
// that finished before the observed first paint as render-blocking, and on /home that alone made
// mobile FCP 1.0 s or 1.4 s (LCP 1.05 or 1.96 s) depending on the run (decision 012).
// Once started, the chunks download side by side and then run one per task (runChunksOnePerTask),
// so no single task evaluates the whole module graph (decision 060, session 25).
import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';
import { FULL_SHEET_ATTRIBUTE } from '../../common/constants.ts';

const MODULE_SCRIPT_OPEN = /<script\b[^>]*\btype="module"[^>]*>/;
const SCRIPT_CLOSE = '</script>';
const ROUTE_IMPORT = /^[ \t]*import \* as ([A-Za-z_$][\w$]*) from ("[^"\\]+");[ \t]*\r?\n?/gm;
// The longest tail of a chunk that may be the start of a module script's opening tag.
const MAX_OPEN_TAG = 200;

// Resolves at the first contentful paint (at once where the browser does not report paints, or
// when it already happened); a page that never paints (say, a tab opened in the background)
// starts its scripts 3 s after load at the latest. Then, on a page that painted with its critical
// CSS inline (server/services/critical-css.ts), waits for the full stylesheet, so whatever the
// scripts change or show (an open menu, a dialog) is styled.
const AFTER_FIRST_PAINT = `await new Promise((start) => {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint') || performance.getEntriesByName('first-contentful-paint').length) return start();
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length) { observer.disconnect(); start(); }
  }).observe({ type: 'paint', buffered: true });
  addEventListener('load', () => setTimeout(start, 3000), { once: true });
});
await new Promise((loaded) => {
  const sheet = document.querySelector('link[${FULL_SHEET_ATTRIBUTE}]');
  if (!sheet || sheet.media === 'all') return loaded();
  sheet.addEventListener('load', loaded, { once: true });
  sheet.addEventListener('error', loaded, { once: true });
});`;

/** The build's chunks, as React Router's manifest names them (EntryContext's `manifest`). */
export type ChunkManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] } | undefined>;
};

/** Every chunk the page's scripts load (but the entry), dependencies first: the entry's imports,
 * then each route's imports and the route itself, as the manifest lists them. */
function chunksOf(routeUrls: string[], manifest: ChunkManifest): string[] {
  const routes = Object.values(manifest.routes);
  const chunks = [...manifest.entry.imports];
  for (const url of routeUrls) {
    const route = routes.find((candidate) => candidate?.module === url);
    chunks.push(...(route?.imports ?? []), url);
  }
  return [...new Set(chunks)].filter((chunk) => chunk !== manifest.entry.module);
}

/** React Router's browser history stamps the current entry with its index when it starts
 * (`replaceState({ ...state, idx: 0 })` when there is none): a synchronous call into the browser
 * that took 0.4-19 ms while the page loads, inside the router's first render (one task with the
 * hydration data's decoding and the route matching). Made here, in a task of its own, the same
 * stamp is found and the router makes none. */
const STAMP_HISTORY_ENTRY = `if (history.state?.idx == null) history.replaceState({ ...history.state, idx: 0 }, '');
await new Promise((next) => setTimeout(next));`;

const PRELOADS_PER_TASK = 4;

/** Fetches the page's chunks side by side without running them (modulepreload also compiles),
 * then runs them one per task, dependencies first: imported at once, the whole graph ran in one
 * task (41-47 ms on /home unthrottled, four times that in Lighthouse's simulated phone). A chunk
 * whose imports already ran runs alone; one that fails fails the route import after it, as before.
 * The requests start PRELOADS_PER_TASK to a task: the eleven of a feature page took 5-16 ms in
 * one task on the test host (0.2-2.3 ms each); one per task spread their starts over 80-100 ms,
 * as every yield lets the page's other waiting tasks run first.
 * Then the history entry is stamped (STAMP_HISTORY_ENTRY). */
const runChunksOnePerTask = (chunks: string[], entry: string) => `const chunks = ${JSON.stringify(chunks)};
const preloads = [];
for (const href of [...chunks, ${JSON.stringify(entry)}]) {
  preloads.push(new Promise((done) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.onload = link.onerror = done;
    document.head.append(link);
  }));
  if (preloads.length % ${PRELOADS_PER_TASK} === 0) await new Promise((next) => setTimeout(next));
}
await Promise.all(preloads);
for (const chunk of chunks) {
  await import(chunk).catch(() => {});
  await new Promise((next) => setTimeout(next));
}
${STAMP_HISTORY_ENTRY}`;

/** The module script's text with its static route imports started after the first paint. */
export function routeImportsAfterFirstPaint(script: string, manifest?: ChunkManifest): string {
  const imports = [...script.matchAll(ROUTE_IMPORT)].map(([, name, url]) => ({ name: name!, url: url! }));
  if (imports.length === 0) return script;
  const names = imports.map(({ name }) => name).join(', ');
  const loads = imports.map(({ url }) => `import(${url})`).join(', ');
  const chunks = manifest
    ? chunksOf(
        imports.map(({ url }) => JSON.parse(url) as string),
        manifest,
      )
    : [];
  const run = chunks.length > 0 ? `${runChunksOnePerTask(chunks, manifest!.entry.module)}\n` : '';
  // All at once, so the modules download side by side rather than one after the other (with the
  // manifest, they are already here and have run: this only hands them to React Router).
  const start = `${AFTER_FIRST_PAINT}\n${run}const [${names}] = await Promise.all([${loads}]);\n`;
  return start + script.replace(ROUTE_IMPORT, '');
}

/** Rewrites every inline module script of the document passing through (see the top of the file). */
export function scriptsAfterFirstPaint(manifest?: ChunkManifest): Transform {
  const decoder = new StringDecoder('utf8');
  // Text not yet sent: the tail that may begin a module script, or a module script not yet closed.
  let pending = '';

  const take = (final: boolean): string => {
    let out = '';
    for (;;) {
      const open = MODULE_SCRIPT_OPEN.exec(pending);
      if (!open) {
        // Keep a tail that could be the start of an opening tag cut by the chunk boundary.
        const lastTag = pending.lastIndexOf('<');
        const keep = !final && lastTag !== -1 && pending.length - lastTag <= MAX_OPEN_TAG ? lastTag : pending.length;
        out += pending.slice(0, keep);
        pending = pending.slice(keep);
        return out;
      }
      const bodyStart = open.index + open[0].length;
      const close = pending.indexOf(SCRIPT_CLOSE, bodyStart);
      if (close === -1) {
        // The script goes on in the next chunk; a document that ends inside it passes unchanged.
        out += pending.slice(0, open.index);
        pending = pending.slice(open.index);
        if (final) {
          out += pending;
          pending = '';
        }
        return out;
      }
      out +=
        pending.slice(0, bodyStart) +
        routeImportsAfterFirstPaint(pending.slice(bodyStart, close), manifest) +
        SCRIPT_CLOSE;
      pending = pending.slice(close + SCRIPT_CLOSE.length);
    }
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending += decoder.write(chunk);
      const out = take(false);
      callback(null, out ? Buffer.from(out) : undefined);
    },
    flush(callback) {
      pending += decoder.end();
      const out = take(true);
      callback(null, out ? Buffer.from(out) : undefined);
    },
  });
}
