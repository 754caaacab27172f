// `npm run bench:web`: Lighthouse on every page, mobile and desktop, against the production server.
//
// Builds the site when there is no build, starts the production server (fresh seeded database,
// rate limits out of the way) as a child process, and runs Lighthouse through its Node API in the
// system Chromium (CHROME_PATH, default /usr/bin/chromium), `--runs` times per page and form
// factor (default 3). It prints, per page and form factor, the median performance, accessibility,
// best-practices and SEO scores, FCP, LCP, TBT, CLS and bytes transferred; pages that miss a
// target first.
//
// Pages marked noindex on purpose (NOINDEX_PATHS) are scored on SEO without 'is-crawlable'.
//
// Flags: --runs <n> (default 3), --routes /home,/faq (default: every page, app/lib/site-pages.ts),
//        --form-factors mobile,desktop (default both), --save-reports <dir> (writes every
//        Lighthouse report as JSON there, to read the reasons behind a figure).
// It is a benchmark, not a test: it exits 0 when a target is missed, 1 only when it cannot run.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { NOINDEX_PATHS, PAGE_PATHS } from '../app/lib/site-pages.ts';
import { BENCHMARK_ENV, ensureBuild, startServerProcess, type ServerProcess } from './lib/server-process.ts';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const MAX_ATTEMPTS = 3;

type FormFactor = 'mobile' | 'desktop';

/** The figures read from one Lighthouse report. */
type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
};

/** One run: its figures and the whole Lighthouse report (JSON). */
type Audit = { figures: Figures; report: string };

type Row = { path: string; formFactor: FormFactor; median: Figures; runs: number; misses: string[] };

/** Issue 6's targets on every page. */
function missedTargets(figures: Figures, formFactor: FormFactor): string[] {
  const misses: string[] = [];
  const performanceTarget = formFactor === 'mobile' ? 98 : 100;
  if (figures.performance < performanceTarget) misses.push(`performance ${figures.performance} < ${performanceTarget}`);
  if (figures.accessibility < 100) misses.push(`accessibility ${figures.accessibility}`);
  if (figures.bestPractices < 100) misses.push(`best practices ${figures.bestPractices}`);
  if (figures.seo < 100) misses.push(`SEO ${figures.seo}`);
  if (formFactor === 'mobile' && figures.lcpMs > 1500)
    misses.push(`LCP ${(figures.lcpMs / 1000).toFixed(2)} s > 1.5 s`);
  if (figures.cls > 0.02) misses.push(`CLS ${figures.cls.toFixed(3)} > 0.02`);
  if (figures.tbtMs > 50) misses.push(`TBT ${Math.round(figures.tbtMs)} ms > 50 ms`);
  return misses;
}

function readFlags() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      routes: { type: 'string' },
      'form-factors': { type: 'string', default: 'mobile,desktop' },
      'save-reports': { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${values.runs}`);
  const routes = values.routes
    ? values.routes
        .split(',')
        .map((route) => route.trim())
        .filter(Boolean)
    : [...PAGE_PATHS];
  const formFactors = values['form-factors'].split(',').map((value) => value.trim());
  for (const value of formFactors)
    if (value !== 'mobile' && value !== 'desktop')
      throw new Error(`--form-factors takes mobile and/or desktop, got ${value}`);
  return { runs, routes, formFactors: formFactors as FormFactor[], reportDir: values['save-reports'] };
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

/** One Lighthouse run in a fresh Chromium (a reused one fails every other trace with NO_NAVSTART). */
async function audit(url: string, formFactor: FormFactor): Promise<Audit> {
  // Headless Chromium now and then loses the trace's navigation start (NO_NAVSTART): try again.
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    try {
      return await auditIn(chrome.port, url, formFactor);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS) throw error;
      console.warn(`  ${error instanceof Error ? error.message : error}; trying again`);
    } finally {
      await chrome.kill();
    }
  }
}

async function auditIn(port: number, url: string, formFactor: FormFactor): Promise<Audit> {
  // A page marked noindex on purpose fails 'is-crawlable' by design; SEO is scored on the rest.
  const skipAudits = NOINDEX_PATHS.includes(new URL(url).pathname) ? ['is-crawlable'] : [];
  const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: CATEGORIES, skipAudits };
  const result = formFactor === 'desktop' ? await lighthouse(url, flags, desktopConfig) : await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const figures: Figures = {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
  };
  return { figures, report: JSON.stringify(result.lhr) };
}

function saveReport(dir: string, path: string, formFactor: FormFactor, run: number, report: string) {
  mkdirSync(dir, { recursive: true });
  const name = path.replace(/^\//, '').replace(/\W+/g, '-') || 'root';
  writeFileSync(join(dir, `${name}-${formFactor}-${run}.json`), report);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function medianFigures(runs: Figures[]): Figures {
  const keys = Object.keys(runs[0]!) as (keyof Figures)[];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as Figures;
}

// ---------------------------------------------------------------------------------------------
// Report

function printTable(rows: Row[]) {
  const header = ['page', 'form', 'perf', 'a11y', 'best', 'SEO', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'KB'];
  const cells = rows.map(({ path, formFactor, median: m }) => [
    path,
    formFactor,
    String(m.performance),
    String(m.accessibility),
    String(m.bestPractices),
    String(m.seo),
    (m.fcpMs / 1000).toFixed(2),
    (m.lcpMs / 1000).toFixed(2),
    String(Math.round(m.tbtMs)),
    m.cls.toFixed(3),
    (m.bytes / 1024).toFixed(0),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(header));
  for (const row of cells) console.log(line(row));
}

async function main(): Promise<number> {
  const flags = readFlags();
  if (!ensureBuild()) return 1;
  const dataDir = mkdtempSync(join(tmpdir(), 'haulora-bench-web-'));
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({ dataDir, env: BENCHMARK_ENV });
    const baseUrl = server.url;
    const rows: Row[] = [];
    for (const path of flags.routes) {
      for (const formFactor of flags.formFactors) {
        const runs: Figures[] = [];
        for (let run = 1; run <= flags.runs; run++) {
          process.stdout.write(`Lighthouse ${formFactor} ${path} (run ${run}/${flags.runs})…\n`);
          const { figures, report } = await audit(baseUrl + path, formFactor);
          runs.push(figures);
          if (flags.reportDir) saveReport(flags.reportDir, path, formFactor, run, report);
        }
        const figures = medianFigures(runs);
        rows.push({ path, formFactor, median: figures, runs: runs.length, misses: missedTargets(figures, formFactor) });
      }
    }
    const below = rows.filter((row) => row.misses.length > 0);
    console.log(
      `\nLighthouse ${flags.runs === 1 ? '(1 run)' : `medians of ${flags.runs} runs`}, ${rows.length} page × form factor results\n`,
    );
    console.log(below.length ? `Below target (${below.length}):` : 'Every page meets every target.');
    for (const row of below) console.log(`  ✗ ${row.path} ${row.formFactor}: ${row.misses.join(', ')}`);
    console.log(
      '\nTargets: performance ≥ 98 mobile and 100 desktop; accessibility, best practices, SEO 100; LCP ≤ 1.5 s mobile; CLS ≤ 0.02; TBT ≤ 50 ms.',
    );
    const noindex = flags.routes.filter((path) => NOINDEX_PATHS.includes(path));
    if (noindex.length)
      console.log(`SEO of ${noindex.join(', ')} (noindex on purpose) is scored without 'is-crawlable'.`);
    console.log('');
    printTable([...below, ...rows.filter((row) => row.misses.length === 0)]);
    return 0;
  } finally {
    await server?.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
