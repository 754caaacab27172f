// The thread that picks a page's critical rules with beasties (critical-css.ts): one document at
// a time, posted as HTML; answers with the rules or the error.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import beastiesModule from 'beasties';

// The package's types describe its CommonJS build (the class as `default`); the ES module that
// Node loads exports the class itself.
const Beasties = beastiesModule as unknown as typeof beastiesModule.default;

export type CriticalCssWorkerData = { clientDir: string };
export type CriticalCssAnswer = { rules?: string; error?: string };

const { clientDir } = workerData as CriticalCssWorkerData;

/** beasties drops pseudo-classes to match a selector, so `.a > :first-child h2` would be matched
 * as `.a > h2` and missed; an explicit universal selector keeps its meaning (`.a > *:first-child h2`). */
const COMBINATOR_THEN_PSEUDO = /([>+~])(?=:)/g;

class SiteBeasties extends Beasties {
  override readFile(filename: string) {
    return readFileSync(filename, 'utf8').replace(COMBINATOR_THEN_PSEUDO, '$1*');
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
    const rules =
      open === -1 ? undefined : /^<style[^>]*>([\s\S]*)<\/style>\s*$/.exec(processed.slice(open, link))?.[1];
    if (!rules) {
      parentPort!.postMessage({ error: 'no rules matched' } satisfies CriticalCssAnswer);
      return;
    }
    parentPort!.postMessage({ rules } satisfies CriticalCssAnswer);
  } catch (error) {
    parentPort!.postMessage({ error: String(error) } satisfies CriticalCssAnswer);
  }
});
