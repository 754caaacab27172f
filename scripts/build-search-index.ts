// Builds the site search index (Pagefind) after the React build: every page is rendered on the
// server per request, so there are no HTML files to index. Instead this starts the app in-process
// (buildApp, the production factory, with a throw-away database seeded from content/), renders
// each searchable page through it, and indexes that HTML. The index is written to
// <BUILD_DIR>/client/pagefind, which the server serves like any other static file.
//
// Run by `npm run build` after `react-router build`.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { LIVE_SEARCH_PATHS, SEARCHABLE_PATHS } from '../app/lib/site-pages.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { clientBuildDir } from '../server/paths.ts';

const dataDir = await mkdtemp(join(tmpdir(), 'haulora-search-index-'));
try {
  const config = loadConfig({
    // The build's own environment still applies (e.g. SITE_BRAND), so the index matches the site.
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PAGES_PER_MINUTE: '100000',
    // This script is the only Pagefind user here: the server's own live index (which shares the
    // process's Pagefind service and closes it) stays off.
    SEARCH_LIVE_INDEX: 'false',
  });
  const app = await buildApp(config, { logger: false });
  await app.ready();

  // Only the page's main content is indexed: not the navbar or footer every page repeats.
  const { index, errors } = await pagefind.createIndex({ rootSelector: 'main' });
  if (!index) throw new Error(`pagefind could not start: ${errors.join('; ')}`);

  // The FAQ and the glossary change at run time: the server indexes them itself (live-search.ts).
  const paths = SEARCHABLE_PATHS.filter((path) => !LIVE_SEARCH_PATHS.includes(path));
  for (const path of paths) {
    const response = await app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}; the search index needs every page`);
    const added = await index.addHTMLFile({ url: path, content: response.body });
    if (added.errors.length > 0) throw new Error(`${path}: ${added.errors.join('; ')}`);
  }

  const outputPath = join(clientBuildDir, 'pagefind');
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length > 0) throw new Error(`pagefind could not write the index: ${written.errors.join('; ')}`);
  console.log(`search index: ${paths.length} pages into ${outputPath} (and ${LIVE_SEARCH_PATHS.join(', ')} at run time)`);

  await app.close();
} finally {
  await pagefind.close();
  await rm(dataDir, { recursive: true, force: true });
}
