// The thread that picks a page's critical rules with beasties (critical-css.ts): one document at
// a time, posted as HTML; answers with the two sheets of the page (critical-sheets.ts) or the error.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import beastiesModule from 'beasties';
import { encodeUnits, keptUnits, readSiteSheet, type SiteSheet, splitSheet } from './critical-sheets.ts';

// The package's types describe its CommonJS build (the class as `default`); the ES module that
// Node loads exports the class itself.
const Beasties = beastiesModule as unknown as typeof beastiesModule.default;

export type CriticalCssWorkerData = { clientDir: string };
export type CriticalCssAnswer = {
  /** The inline sheet: the page's rules, as the stylesheet writes them, in its order. */
  rules?: string;
  /** The stylesheet's name (without `.css`) and its inline units (encodeUnits): the rest's address. */
  rest?: { sheet: string; units: string };
  error?: string;
};

const { clientDir } = workerData as CriticalCssWorkerData;

/** beasties drops pseudo-classes to match a selector, so `.a > :first-child h2` would be matched
 * as `.a > h2` and missed; an explicit universal selector keeps its meaning (`.a > *:first-child h2`). */
const COMBINATOR_THEN_PSEUDO = /([>+~])(?=:)/g;

/** The stylesheets beasties read, cut into numbered units, by file. */
const sheets = new Map<string, SiteSheet>();

class SiteBeasties extends Beasties {
  override readFile(filename: string) {
    const text = readFileSync(filename, 'utf8');
    if (!filename.endsWith('.css')) return text;
    let sheet = sheets.get(filename);
    if (!sheet) sheets.set(filename, (sheet = readSiteSheet(text)));
    // Every unit marked with its number: the numbers left in the answer say which are inline.
    return sheet.marked.replace(COMBINATOR_THEN_PSEUDO, '$1*');
  }
}

const beasties = new SiteBeasties({
  path: clientDir,
  publicPath: '/',
  // Only the rules are taken from the output; the page itself is changed by withCriticalRules.
  preload: 'media',
  noscriptFallback: false,
  pruneSource: false,
  reduceInlineStyles: false,
  mergeStylesheets: true,
  inlineFonts: false,
  preloadFonts: false,
  // beasties never matches a selector against <html> itself, so the rules on :root with a theme
  // (data-theme) or the brand typeface's class (app/lib/brand-font.ts: a later page of the tab
  // sets it before its first paint) are kept whatever the page.
  allowRules: [/^:root[[.:]/],
  logLevel: 'silent',
});

parentPort!.on('message', async (html: string) => {
  try {
    const processed = await beasties.process(html);
    // Its <style> goes right before the stylesheet's link (now print-only).
    const link = processed.search(/<link\b[^>]*\bmedia="print"/);
    const open = link === -1 ? -1 : processed.lastIndexOf('<style', link);
    const answer =
      open === -1 ? undefined : /^<style[^>]*>([\s\S]*)<\/style>\s*$/.exec(processed.slice(open, link))?.[1];
    const href = link === -1 ? undefined : /\bhref="([^"]+\.css)"/.exec(processed.slice(link))?.[1];
    const file = href && [...sheets.keys()].find((name) => basename(name) === basename(href));
    const inline = answer === undefined ? undefined : keptUnits(answer);
    if (!file || !inline?.size) {
      parentPort!.postMessage({ error: 'no rules matched' } satisfies CriticalCssAnswer);
      return;
    }
    const sheet = sheets.get(file)!;
    parentPort!.postMessage({
      rules: splitSheet(sheet, inline).inline,
      rest: { sheet: basename(file, '.css'), units: encodeUnits(sheet, inline) },
    } satisfies CriticalCssAnswer);
  } catch (error) {
    parentPort!.postMessage({ error: String(error) } satisfies CriticalCssAnswer);
  }
});
