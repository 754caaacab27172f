// `npm run bundle-report`: the biggest modules per page, as the browser fetches them (issue 32).
// Needs a build with source maps: `BUNDLE_REPORT=1 npm run build` (vite.config.ts then writes a
// .map beside every script; a normal build has none). Loads each page in Chromium until the
// network is quiet (scripts/lib/page-weight.ts), and splits each script it fetched among the
// source modules its map says it came from, in proportion to the bytes each wrote into it; the
// bytes on the wire are shared out the same way. Prints per page the modules, then the packages,
// largest first.
//   npm run bundle-report -- --routes /home,/docs --top 25
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { SITEMAP_PATHS } from '../app/lib/site-pages.ts';
import { clientBuildDir } from '../server/paths.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/helpers/chromium.ts';
import { KB, measurePageWeights } from './lib/page-weight.ts';
import { startSite } from './size-budgets.ts';

const DEFAULT_ROUTES = ['/home', '/glossary', '/docs', '/dashboard', '/request-demo', '/features'];

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** The source index of each generated segment, line by line (Base64 VLQ, source map v3). */
function decodeSegments(mappings: string): { column: number; source: number | undefined }[][] {
  let source = 0;
  return mappings.split(';').map((line) => {
    let column = 0;
    const segments: { column: number; source: number | undefined }[] = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = DIGIT.get(char)!;
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0]!;
      if (fields.length > 1) source += fields[1]!;
      segments.push({ column, source: fields.length > 1 ? source : undefined });
    }
    return segments;
  });
}

/** A readable name for a source: the package for node_modules, the project path otherwise. */
function moduleName(source: string): string {
  const path = source
    .replace(/^(\.\.\/)+/, '')
    .replace(/\?.*$/, '')
    .replace(/^.*?\/(?=(app|content|common|server)\/)/, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  return inPackage ? `${inPackage[1]}/${inPackage[2]}` : path;
}

const packageOf = (name: string) => /^(@[^/]+\/[^/]+|[^/@][^/]*)\//.exec(name)?.[1] ?? name;
const isPackage = (name: string) => !/^(app|content|common|server)\//.test(name);

/** Bytes of a built script per source module (generated characters each wrote), from its map. */
function bytesPerModule(file: string): Map<string, number> {
  const shares = new Map<string, number>();
  const code = readFileSync(file, 'utf8');
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) {
    shares.set('(no source map: build with BUNDLE_REPORT=1)', code.length);
    return shares;
  }
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  decodeSegments(map.mappings).forEach((segments, lineIndex) => {
    const lineLength = lines[lineIndex]?.length ?? 0;
    segments.forEach((segment, index) => {
      const end = segments[index + 1]?.column ?? lineLength;
      const name = segment.source === undefined ? '(generated)' : moduleName(map.sources[segment.source] ?? '?');
      shares.set(name, (shares.get(name) ?? 0) + Math.max(0, end - segment.column));
    });
  });
  return shares;
}

const { values } = parseArgs({ options: { routes: { type: 'string' }, top: { type: 'string', default: '15' } } });
const routes = values.routes ? values.routes.split(',').map((route) => route.trim()) : DEFAULT_ROUTES;
for (const route of routes)
  if (!SITEMAP_PATHS.includes(route)) console.warn(`${route} is not a public page (app/lib/site-pages.ts)`);
const top = Number(values.top);

const site = await startSite();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const weights = await measurePageWeights(browser, site.origin, routes);
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)}`;
  for (const weight of weights) {
    const modules = new Map<string, { wire: number; decoded: number; chunk: string }>();
    for (const script of weight.fetched.filter((entry) => entry.kind === 'script')) {
      const path = new URL(script.url).pathname;
      const file = resolve(clientBuildDir, `.${path}`);
      if (!existsSync(file)) continue;
      const shares = bytesPerModule(file);
      const total = [...shares.values()].reduce((a, b) => a + b, 0) || 1;
      for (const [name, bytes] of shares) {
        const entry = modules.get(name) ?? { wire: 0, decoded: 0, chunk: path.replace(/^\/assets\//, '') };
        entry.wire += (script.transferred * bytes) / total;
        entry.decoded += (script.decoded * bytes) / total;
        modules.set(name, entry);
      }
    }
    const sorted = [...modules.entries()].sort((a, b) => b[1].wire - a[1].wire);
    console.log(
      `\n${weight.path}: ${kb(weight.jsTransferred)} KB of JavaScript on the wire (${kb(weight.jsDecoded)} KB decoded), ${weight.requests} requests; ${sorted.length} modules`,
    );
    const packages = new Map<string, number>();
    let ours = 0;
    for (const [name, entry] of sorted) {
      if (isPackage(name)) packages.set(packageOf(name), (packages.get(packageOf(name)) ?? 0) + entry.wire);
      else ours += entry.wire;
    }
    console.log(
      `  by package (KB on the wire): ${[...packages.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([name, wire]) => `${name} ${kb(wire)}`)
        .join(', ')}, the site's own code ${kb(ours)}`,
    );
    console.log(`  ${'KB wire'.padStart(8)} ${'KB raw'.padStart(8)}  module (chunk)`);
    for (const [name, entry] of sorted.slice(0, top))
      console.log(`  ${kb(entry.wire).padStart(8)} ${kb(entry.decoded).padStart(8)}  ${name} (${entry.chunk})`);
  }
} finally {
  await browser.close();
  await site.close();
}
