// Size budgets (DESIGN.md, "Bars every page meets"): starts the app on the production build (BUILD_DIR
// or build/), fetches every page of app/routes.ts, follows what its HTML makes the browser load
// (module scripts with every module they import statically, stylesheets, images) and prints per page: HTML bytes,
// JavaScript and CSS gzipped (the .gz copies the server sends), image bytes, requests. Then it checks
// the budgets and exits 1 naming each page over one and its largest files.
//   npm run budgets            (after npm run build)
// The functions are exported so a test can run the same measurement.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { PUBLIC_PAGE_PATHS } from '../app/lib/site-pages.ts';
import routes from '../app/routes.ts';
import { FEATURE_SLUGS } from '../content/feature-slugs.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { buildDir, clientBuildDir, serverBuildFile } from '../server/paths.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/helpers/chromium.ts';
import {
  formatPageWeights,
  measurePageWeights,
  QUIET_MS,
  WIRE_BUDGETS,
  wireBudgetFailures,
} from './lib/page-weight.ts';

/** 1 KB = 1024 bytes throughout. */
const KB = 1024;

export const BUDGETS = {
  /** JavaScript on the home page, gzipped. */
  homeJsGzip: 140 * KB,
  /** JavaScript on any other page, gzipped. */
  pageJsGzip: 160 * KB,
  /** CSS on any page, gzipped. */
  cssGzip: 25 * KB,
  /** The HTML document as sent over the wire (gzip; the server compresses pages, see server/plugins/compression.ts). */
  html: 60 * KB,
} as const;

const HOME_PATH = '/home';

type Asset = { url: string; bytes: number; gzip: number; label: string };

export type PageMeasure = {
  path: string;
  htmlBytes: number;
  /** The document's bytes on the wire when the client accepts gzip. */
  htmlGzip: number;
  /** Bytes of inline <script> bodies (React Router's manifest and serialised loader data). */
  inlineScriptBytes: number;
  js: Asset[];
  css: Asset[];
  images: Asset[];
  /** Resources the HTML points at on another origin (there must be none). */
  foreign: string[];
  /** The document plus every distinct script, stylesheet and image it references. */
  requests: number;
};

/** A route that is no page of its own (a redirect, a resource such as the sitemap) or needs more than its path. */
type Skipped = { path: string; reason: string };

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Every URL path in the route table, children included; the catch-all and dynamic paths are left out. */
function tablePaths(entries: readonly RouteEntry[], parent = ''): string[] {
  const paths: string[] = [];
  for (const entry of entries) {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    if (entry.index || entry.path !== undefined) paths.push(path || '/');
    if (entry.children) paths.push(...tablePaths(entry.children, path));
  }
  return paths.filter((path) => !path.includes('*') && !path.includes(':'));
}

/** The pages to measure: the route table's, and every feature page whatever shape its route takes. */
export function pagePaths(): string[] {
  return [...new Set([...tablePaths(routes), ...FEATURE_SLUGS.map((slug) => `/${slug}`)])];
}

/** Labels built files with their source when the build kept Vite's manifest. */
function manifestLabels(): Map<string, string> {
  const labels = new Map<string, string>();
  const file = join(clientBuildDir, '.vite/manifest.json');
  if (!existsSync(file)) return labels;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file: string; css?: string[] }>;
  for (const [source, chunk] of Object.entries(manifest)) {
    if (!labels.has(chunk.file)) labels.set(chunk.file, source);
  }
  return labels;
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined);

/** The URLs an HTML document makes the browser load, by kind. */
export function referencedResources(html: string) {
  const js = new Set<string>();
  const css = new Set<string>();
  const images = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    const url = attribute(tag, 'href');
    // A data: URL is part of the page (the favicon: app/lib/browser-fetched-links.ts), no request.
    if (!url || url.startsWith('data:')) continue;
    if (rel.includes('modulepreload')) js.add(url);
    // The rest of the stylesheet (decision 060) is made from the built sheet, which the page links
    // too (React's link): that file stands for it here.
    else if (rel.includes('stylesheet') && !url.startsWith('/assets/rest/')) css.add(url);
    else if (rel.includes('icon') || (rel.includes('preload') && attribute(tag, 'as') === 'image')) images.add(url);
  }
  for (const [, openTag = '', body = ''] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    if (!/type\s*=\s*["']?module/i.test(openTag)) continue;
    const src = attribute(openTag, 'src');
    if (src) js.add(src);
    // React Router's inline module imports the entry and the route modules (the route modules
    // once the page has painted: app/lib/scripts-after-first-paint.server.ts).
    for (const [, url] of body.matchAll(/\bimport\s*(?:[^'"();]*?\sfrom\s*)?["']([^"']+)["']/g)) if (url) js.add(url);
    for (const [, url] of body.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) if (url) js.add(url);
  }
  for (const [tag] of html.matchAll(/<(?:img|source)\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src && !src.startsWith('data:')) images.add(src);
    for (const candidate of attribute(tag, 'srcset')?.split(',') ?? []) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url && !url.startsWith('data:')) images.add(url);
    }
  }
  return { js: [...js], css: [...css], images: [...images] };
}

/** `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"` in a built module (not `import("./x.js")`, which loads on demand). */
const STATIC_IMPORT =
  /(?:^|[;\n}/])\s*(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["']((?:\.{1,2}\/|\/)[^"']+\.js)["']/g;

/**
 * The scripts a page's module scripts load before they run: the URLs given and, through the built
 * files, every module they import statically. The page itself carries no modulepreload list (the
 * server drops it so the first paint does not wait for scripts; app/lib/without-module-preloads.server.ts),
 * so the budget follows the imports as the browser does.
 */
export function withStaticImports(urls: string[]): string[] {
  const found = new Set<string>();
  const visit = (url: string) => {
    if (found.has(url)) return;
    found.add(url);
    const path = new URL(url, 'http://site.invalid').pathname;
    const file = resolve(clientBuildDir, `.${decodeURIComponent(path)}`);
    if (!path.endsWith('.js') || !file.startsWith(clientBuildDir) || !existsSync(file)) return;
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT))
      visit(new URL(specifier, new URL(path, 'http://site.invalid')).pathname);
  };
  for (const url of urls) visit(url);
  return [...found];
}

function inlineScriptBytes(html: string) {
  let bytes = 0;
  for (const [, openTag = '', body = ''] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    if (!attribute(openTag, 'src')) bytes += Buffer.byteLength(body);
  }
  return bytes;
}

/** Size of a built file: bytes on disk, and its gzip copy (made by the build) or a fresh gzip. */
function measureAsset(url: string, labels: Map<string, string>): Asset {
  const path = new URL(url, 'http://site.invalid').pathname;
  const file = resolve(clientBuildDir, `.${decodeURIComponent(path)}`);
  if (!file.startsWith(clientBuildDir) || !existsSync(file))
    throw new Error(`${url} is referenced but not in the build (${file})`);
  const bytes = statSync(file).size;
  const gzip = existsSync(`${file}.gz`)
    ? statSync(`${file}.gz`).size
    : gzipSync(readFileSync(file), { level: 9 }).length;
  const name = relative(clientBuildDir, file);
  return { url, bytes, gzip, label: labels.get(name) ? `${name} (${labels.get(name)})` : name };
}

/** Bytes of the body as the server sends it to a client accepting `encoding` (fetch would decode it). */
function wireBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const request = httpGet(url, { headers: { accept: 'text/html', 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
      response.on('end', () => resolvePromise(bytes));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const bySizeDesc = (a: Asset, b: Asset) => b.gzip - a.gzip || b.bytes - a.bytes;
const sum = (assets: Asset[], key: 'bytes' | 'gzip') => assets.reduce((total, asset) => total + asset[key], 0);

/** The production app on a throwaway database, listening on a free port of 127.0.0.1. */
export async function startSite(): Promise<{ origin: string; close: () => Promise<void> }> {
  if (!existsSync(serverBuildFile))
    throw new Error(
      `No production build in ${buildDir}: run \`npm run build\` first (BUILD_DIR picks another folder).`,
    );
  const dataDir = await mkdtemp(join(tmpdir(), 'haulora-budgets-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    TOKEN_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PAGES_PER_MINUTE: '100000',
    RATE_LIMIT_FORMS_PER_MINUTE: '100000',
  });
  const app = await buildApp(config, { pages: true });
  const close = async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
    return { origin: `http://127.0.0.1:${address.port}`, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Starts the production app, measures every page's files, and stops it. */
export async function measureSite(): Promise<{ pages: PageMeasure[]; skipped: Skipped[] }> {
  const site = await startSite();
  try {
    return await measureFiles(site.origin);
  } finally {
    await site.close();
  }
}

/** The file-size view: every page of the route table, from its HTML and the built files. */
export async function measureFiles(origin: string): Promise<{ pages: PageMeasure[]; skipped: Skipped[] }> {
  {
    const labels = manifestLabels();
    const pages: PageMeasure[] = [];
    const skipped: Skipped[] = [];
    for (const path of pagePaths()) {
      const response = await fetch(origin + path, { redirect: 'manual', headers: { accept: 'text/html' } });
      const type = response.headers.get('content-type') ?? '';
      if (response.status >= 300 && response.status < 400) {
        skipped.push({ path, reason: `${response.status} redirect to ${response.headers.get('location')}` });
        continue;
      }
      if (response.status >= 500) throw new Error(`${path} answered ${response.status}`);
      // A route that needs more than its path (e.g. a form result read from the query) answers 4xx.
      if (response.status !== 200) {
        skipped.push({ path, reason: `answered ${response.status} to a plain GET` });
        continue;
      }
      if (!type.startsWith('text/html')) {
        skipped.push({ path, reason: `${type || 'no content type'}, not a page` });
        continue;
      }
      const html = await response.text();
      const resources = referencedResources(html);
      const foreign = [...resources.js, ...resources.css, ...resources.images].filter(
        (url) => new URL(url, origin).origin !== origin,
      );
      const local = (urls: string[]) =>
        urls
          .filter((url) => new URL(url, origin).origin === origin)
          .map((url) => measureAsset(url, labels))
          .sort(bySizeDesc);
      const js = local(withStaticImports(resources.js.filter((url) => new URL(url, origin).origin === origin)));
      const css = local(resources.css);
      const images = local(resources.images);
      pages.push({
        path,
        htmlBytes: Buffer.byteLength(html),
        htmlGzip: await wireBytes(origin + path, 'gzip'),
        inlineScriptBytes: inlineScriptBytes(html),
        js,
        css,
        images,
        foreign,
        requests: 1 + js.length + css.length + images.length + foreign.length,
      });
    }
    return { pages, skipped };
  }
}

export type BudgetFailure = {
  path: string;
  what: string;
  actual: number;
  limit: number;
  files: Asset[];
  note?: string;
};

/** Every budget a page exceeds, with the files that weigh most in it. */
export function budgetFailures(pages: PageMeasure[]): BudgetFailure[] {
  const failures: BudgetFailure[] = [];
  for (const page of pages) {
    const jsLimit = page.path === HOME_PATH ? BUDGETS.homeJsGzip : BUDGETS.pageJsGzip;
    const jsGzip = sum(page.js, 'gzip');
    if (jsGzip > jsLimit)
      failures.push({
        path: page.path,
        what: 'JavaScript (gzip)',
        actual: jsGzip,
        limit: jsLimit,
        files: page.js.slice(0, 5),
      });
    const cssGzip = sum(page.css, 'gzip');
    if (cssGzip > BUDGETS.cssGzip)
      failures.push({
        path: page.path,
        what: 'CSS (gzip)',
        actual: cssGzip,
        limit: BUDGETS.cssGzip,
        files: page.css.slice(0, 5),
      });
    if (page.htmlGzip > BUDGETS.html) {
      const note = `${kb(page.htmlBytes)} uncompressed, ${kb(page.inlineScriptBytes)} of it inline scripts (the router manifest and serialised loader data)`;
      failures.push({
        path: page.path,
        what: 'HTML (gzip, as sent)',
        actual: page.htmlGzip,
        limit: BUDGETS.html,
        files: [],
        note,
      });
    }
    if (page.foreign.length > 0)
      failures.push({
        path: page.path,
        what: `resources on another origin: ${page.foreign.join(', ')}`,
        actual: page.foreign.length,
        limit: 0,
        files: [],
      });
  }
  return failures;
}

const pad = (text: string, width: number) => text.padStart(width);

function printReport(pages: PageMeasure[], skipped: Skipped[]) {
  console.log(
    `Size budgets: build ${relative(process.cwd(), buildDir) || '.'}, ${pages.length} pages (1 KB = 1024 bytes; JS and CSS gzipped as served).\n`,
  );
  const header = ['page', 'HTML', 'HTML gz', 'JS gz', 'files', 'CSS gz', 'images', 'requests'];
  const rows = pages.map((page) => [
    page.path,
    kb(page.htmlBytes),
    kb(page.htmlGzip),
    kb(sum(page.js, 'gzip')),
    String(page.js.length),
    kb(sum(page.css, 'gzip')),
    kb(sum(page.images, 'bytes')),
    String(page.requests),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : pad(cell, widths[column]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  for (const route of skipped) console.log(`(${route.path}: ${route.reason}; not measured)`);

  // Files every page loads are listed once; then, per group of pages loading the same set, the rest.
  const everywhere = pages
    .map((page) => new Set([...page.js, ...page.css].map((asset) => asset.url)))
    .reduce((a, b) => new Set([...a].filter((url) => b.has(url))));
  const shared = (assets: Asset[]) => assets.filter((asset) => everywhere.has(asset.url));
  const own = (assets: Asset[]) => assets.filter((asset) => !everywhere.has(asset.url));
  const listFiles = (title: string, assets: Asset[], key: 'gzip' | 'bytes' = 'gzip') => {
    if (assets.length === 0) return;
    console.log(`  ${title}: ${kb(sum(assets, key))} in ${assets.length} files`);
    for (const asset of assets)
      console.log(
        `    ${pad(kb(asset[key]), 9)}${key === 'gzip' ? pad(`(${kb(asset.bytes)} raw)`, 16) : ''}  ${asset.label}`,
      );
  };
  const first = pages[0];
  if (!first) return;
  console.log('\nFiles, largest first (gzip, then raw size).\n\nOn every page:');
  listFiles('JS', shared(first.js));
  listFiles('CSS', shared(first.css));
  listFiles('images', first.images, 'bytes');

  const groups = new Map<string, { paths: string[]; page: PageMeasure }>();
  for (const page of pages) {
    const key = [...own(page.js), ...own(page.css)]
      .map((asset) => asset.url)
      .sort()
      .join(' ');
    const group = groups.get(key);
    if (group) group.paths.push(page.path);
    else groups.set(key, { paths: [page.path], page });
  }
  for (const { paths, page } of groups.values()) {
    console.log(`\n${paths.join(', ')}: also`);
    listFiles('JS', own(page.js));
    listFiles('CSS', own(page.css));
  }
}

function printBudgets(failures: BudgetFailure[]) {
  console.log(
    `\nBudgets: JS ≤ ${kb(BUDGETS.homeJsGzip)} on ${HOME_PATH}, ≤ ${kb(BUDGETS.pageJsGzip)} on any page; CSS ≤ ${kb(BUDGETS.cssGzip)}; HTML ≤ ${kb(BUDGETS.html)} as sent (gzip); no resource from another origin.`,
  );
  if (failures.length === 0) {
    console.log('All pages are within budget.');
    return;
  }
  console.log(`${failures.length} over budget:`);
  for (const failure of failures) {
    const note = failure.note ? `; ${failure.note}` : '';
    console.log(`  ✗ ${failure.path}: ${failure.what} ${kb(failure.actual)} > ${kb(failure.limit)}${note}`);
    for (const file of failure.files) console.log(`      ${pad(kb(file.gzip), 9)}  ${file.label}`);
  }
}

if (import.meta.main) {
  try {
    const site = await startSite();
    try {
      const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
      let wireFailures: string[];
      try {
        const started = Date.now();
        // BUDGET_ROUTES=/home,/docs narrows the run while working on a page.
        const routes = process.env.BUDGET_ROUTES?.split(',').map((route) => route.trim()) ?? PUBLIC_PAGE_PATHS;
        const weights = await measurePageWeights(browser, site.origin, routes);
        console.log(
          `What the browser fetches: ${weights.length} public pages loaded in Chromium (mobile viewport, cold cache) until the network was quiet for ${QUIET_MS} ms, in ${((Date.now() - started) / 1000).toFixed(1)} s (1 KB = 1024 bytes; transferred = headers and compressed bodies, as Lighthouse counts them).\n`,
        );
        console.log(formatPageWeights(weights));
        wireFailures = weights.flatMap((weight) =>
          wireBudgetFailures(weight).map((failure) => `${weight.path}: ${failure}`),
        );
        console.log(
          `\nBudgets: JavaScript transferred ≤ ${kb(WIRE_BUDGETS.jsTransferred)}, requests ≤ ${WIRE_BUDGETS.requests} on every page until the network is quiet.`,
        );
        console.log(
          wireFailures.length === 0
            ? 'All pages are within budget.'
            : `${wireFailures.length} over budget:\n${wireFailures.map((failure) => `  ✗ ${failure}`).join('\n')}`,
        );
      } finally {
        await browser.close();
      }
      console.log('\n---\nThe built files each page references (the file-size view).\n');
      const { pages, skipped } = await measureFiles(site.origin);
      printReport(pages, skipped);
      const failures = budgetFailures(pages);
      printBudgets(failures);
      process.exitCode = failures.length > 0 || wireFailures.length > 0 ? 1 : 0;
    } finally {
      await site.close();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
