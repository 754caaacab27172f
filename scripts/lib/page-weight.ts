// What a visitor's browser fetches on a page (issue 32): loads it in Chromium with a cold cache
// until the network is quiet and counts, as Lighthouse does, the bytes each response put on the
// wire (CDP Network.loadingFinished encodedDataLength: headers and the compressed body) and the
// bytes it decoded to, by kind, and the requests. No click, key or scroll: what a page loads
// before the visitor reaches for anything. Used by `npm run budgets` (scripts/size-budgets.ts)
// and tests/e2e/budgets.spec.ts, which share one browser across the pages.
import type { Browser, BrowserContextOptions, CDPSession } from 'playwright-core';

/** 1 KB = 1024 bytes, as Lighthouse's tables print them. */
export const KB = 1024;

/** Issue 32's limits for every public page, until the network is quiet. */
export const WIRE_BUDGETS = {
  /** JavaScript transferred (headers and compressed bodies of every script response). */
  jsTransferred: 140 * KB,
  /** Requests of every kind (document, scripts, styles, fonts, images, icons). */
  requests: 25,
} as const;

/**
 * Lighthouse's default mobile device (a Moto G Power: 412 × 823 CSS px at DPR 1.75). The viewport
 * decides which below-the-fold code loads early (decision 026: a screen ahead), so it is the one
 * Lighthouse uses.
 */
export const MOBILE: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

/**
 * How long the network must stay quiet (no request in flight) before the load counts as over.
 * Lighthouse waits 5 s by default; everything this site loads without a visitor's action starts
 * at the first paint or when a form nears the viewport, well inside one second, so 1 s keeps the
 * run fast without missing a late request (QUIET_MS raises it to check).
 */
export const QUIET_MS = Number(process.env.QUIET_MS ?? 1000);
/** A page still busy after this long is reported as such rather than waited for. */
const MAX_LOAD_MS = 30_000;

export type Fetched = { url: string; kind: string; status: number; transferred: number; decoded: number };

export type PageWeight = {
  path: string;
  status: number;
  requests: number;
  jsTransferred: number;
  jsDecoded: number;
  /** Every other kind (document, stylesheet, font, image, other) on the wire. */
  otherTransferred: number;
  /** Every response, largest first on the wire. */
  fetched: Fetched[];
  /** Requests that never finished or failed (none is expected). */
  failed: string[];
};

type Pending = { url: string; kind: string; status: number; decoded: number };

const KIND: Record<string, string> = {
  Script: 'script',
  Stylesheet: 'stylesheet',
  Document: 'document',
  Font: 'font',
  Image: 'image',
  Manifest: 'manifest',
};

/** Loads `origin + path` in a fresh context of `browser` and counts what it fetched until quiet. */
export async function measurePageWeight(
  browser: Browser,
  origin: string,
  path: string,
  device: BrowserContextOptions = MOBILE,
): Promise<PageWeight> {
  const context = await browser.newContext({ ...device, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    const pending = new Map<string, Pending>();
    const fetched: Fetched[] = [];
    const failed: string[] = [];
    let requests = 0;
    let lastActivity = Date.now();
    const touch = () => (lastActivity = Date.now());

    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    cdp.on('Network.requestWillBeSent', (event) => {
      touch();
      if (event.request.url.startsWith('data:') || event.request.url.startsWith('blob:')) return;
      // A redirect reuses the request id: the hop is its own request, as Lighthouse lists it.
      if (!pending.has(event.requestId) || event.redirectResponse) requests++;
      pending.set(event.requestId, {
        url: event.request.url,
        kind: KIND[event.type ?? ''] ?? (event.type ?? 'other').toLowerCase(),
        status: 0,
        decoded: 0,
      });
    });
    cdp.on('Network.responseReceived', (event) => {
      touch();
      const entry = pending.get(event.requestId);
      if (entry) {
        entry.status = event.response.status;
        entry.kind = KIND[event.type] ?? entry.kind;
      }
    });
    cdp.on('Network.dataReceived', (event) => {
      touch();
      const entry = pending.get(event.requestId);
      if (entry) entry.decoded += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      touch();
      const entry = pending.get(event.requestId);
      if (!entry) return;
      pending.delete(event.requestId);
      fetched.push({
        url: entry.url,
        kind: entry.kind,
        status: entry.status,
        transferred: event.encodedDataLength,
        decoded: entry.decoded,
      });
    });
    cdp.on('Network.loadingFailed', (event) => {
      touch();
      const entry = pending.get(event.requestId);
      if (!entry) return;
      pending.delete(event.requestId);
      failed.push(`${entry.url} (${event.errorText})`);
    });

    const started = Date.now();
    const response = await page.goto(origin + path, { waitUntil: 'load' });
    // The scripts start at the first paint (decision 012), which on a busy machine can come more
    // than QUIET_MS after the last stylesheet: wait for the page to be interactive first.
    await page
      .waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
        timeout: MAX_LOAD_MS,
        polling: 50,
      })
      .catch(() => {
        failed.push(`${path} did not hydrate within ${MAX_LOAD_MS} ms`);
      });
    while (pending.size > 0 || Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() - started > MAX_LOAD_MS) {
        for (const entry of pending.values()) failed.push(`${entry.url} (still loading after ${MAX_LOAD_MS} ms)`);
        break;
      }
      await page.waitForTimeout(50);
    }

    fetched.sort((a, b) => b.transferred - a.transferred);
    const scripts = fetched.filter((entry) => entry.kind === 'script');
    const sumOf = (entries: Fetched[], key: 'transferred' | 'decoded') =>
      entries.reduce((total, entry) => total + entry[key], 0);
    return {
      path,
      status: response?.status() ?? 0,
      requests,
      jsTransferred: sumOf(scripts, 'transferred'),
      jsDecoded: sumOf(scripts, 'decoded'),
      otherTransferred: sumOf(fetched, 'transferred') - sumOf(scripts, 'transferred'),
      fetched,
      failed,
    };
  } finally {
    await context.close();
  }
}

/** Measures every path, `parallel` pages at a time in the one browser; results in the paths' order. */
export async function measurePageWeights(
  browser: Browser,
  origin: string,
  paths: readonly string[],
  parallel = 2,
): Promise<PageWeight[]> {
  const results: PageWeight[] = new Array(paths.length);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const index = next++;
      results[index] = await measurePageWeight(browser, origin, paths[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, paths.length) }, worker));
  return results;
}

/** Every finished request as `kind path`, repeats counted (`fetch /__manifest ×2`), so an over-budget run says what it fetched. */
function requestList(fetched: Fetched[]): string {
  const counts = new Map<string, number>();
  for (const entry of fetched) {
    const key = `${entry.kind} ${new URL(entry.url).pathname}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => (count > 1 ? `${key} ×${count}` : key)).join(', ');
}

/** What a page exceeds, in words; empty when it is within the budgets. */
export function wireBudgetFailures(weight: PageWeight): string[] {
  const failures: string[] = [];
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  if (weight.status !== 200) failures.push(`answered ${weight.status}`);
  if (weight.jsTransferred > WIRE_BUDGETS.jsTransferred) {
    const biggest = weight.fetched
      .filter((entry) => entry.kind === 'script')
      .slice(0, 5)
      .map((entry) => `${kb(entry.transferred)} ${new URL(entry.url).pathname}`);
    failures.push(
      `JavaScript transferred ${kb(weight.jsTransferred)} > ${kb(WIRE_BUDGETS.jsTransferred)} (largest: ${biggest.join(', ')})`,
    );
  }
  if (weight.requests > WIRE_BUDGETS.requests)
    failures.push(`${weight.requests} requests > ${WIRE_BUDGETS.requests} (${requestList(weight.fetched)})`);
  if (weight.failed.length > 0) failures.push(`failed or unfinished requests: ${weight.failed.join(', ')}`);
  return failures;
}

/** The per-page table `npm run budgets` prints first, then each page's largest scripts. */
export function formatPageWeights(weights: PageWeight[], biggest = 4): string {
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  const header = ['page', 'JS transferred', 'JS decoded', 'other transferred', 'requests', 'scripts'];
  const rows = weights.map((weight) => [
    weight.path,
    kb(weight.jsTransferred),
    kb(weight.jsDecoded),
    kb(weight.otherTransferred),
    String(weight.requests),
    String(weight.fetched.filter((entry) => entry.kind === 'script').length),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join('  ');
  const lines = [line(header), ...rows.map(line)];
  lines.push('', `Largest scripts per page (on the wire / decoded):`);
  for (const weight of weights) {
    const scripts = weight.fetched.filter((entry) => entry.kind === 'script').slice(0, biggest);
    lines.push(
      `  ${weight.path}: ${scripts.map((entry) => `${new URL(entry.url).pathname.replace(/^\/assets\//, '')} ${kb(entry.transferred)}/${kb(entry.decoded)}`).join(', ')}`,
    );
  }
  return lines.join('\n');
}
