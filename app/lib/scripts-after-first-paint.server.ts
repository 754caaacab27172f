// Starts the page's JavaScript after its first contentful paint. React Router's inline module
// script imports the route modules statically, so the browser fetches them (at high priority)
// as soon as the parser reaches the script, while the first paint may still be on its way. The
// page is complete without JavaScript, so nothing in the first paint needs them: this rewrites
// the static route imports into dynamic ones that start once the browser reports the first
// contentful paint. Why it matters: Lighthouse's simulation counts every high-priority script
// that finished before the observed first paint as render-blocking, and on /home that alone made
// mobile FCP 1.0 s or 1.4 s (LCP 1.05 or 1.96 s) depending on the run (decision 012).
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

/** The module script's text with its static route imports started after the first paint. */
export function routeImportsAfterFirstPaint(script: string): string {
  const imports = [...script.matchAll(ROUTE_IMPORT)].map(([, name, url]) => ({ name: name!, url: url! }));
  if (imports.length === 0) return script;
  const names = imports.map(({ name }) => name).join(', ');
  const loads = imports.map(({ url }) => `import(${url})`).join(', ');
  // All at once, so the modules download side by side rather than one after the other.
  const start = `${AFTER_FIRST_PAINT}\nconst [${names}] = await Promise.all([${loads}]);\n`;
  return start + script.replace(ROUTE_IMPORT, '');
}

/** Rewrites every inline module script of the document passing through (see the top of the file). */
export function scriptsAfterFirstPaint(): Transform {
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
      out += pending.slice(0, bodyStart) + routeImportsAfterFirstPaint(pending.slice(bodyStart, close)) + SCRIPT_CLOSE;
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
