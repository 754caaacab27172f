// Builds the site search index (Pagefind) after the React build: every page is rendered on the
// server per request, so there are no HTML files to index. Instead this starts the app in-process
// (scripts/lib/build-time-app.ts), renders each searchable page through it, and indexes that
// HTML. The index is written to <BUILD_DIR>/client/pagefind, which the server serves like any
// other static file.
//
// Run by `npm run build` after `react-router build`.
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { LIVE_SEARCH_PATHS, SEARCHABLE_PATHS } from '../app/lib/site-pages.ts';
import { clientBuildDir } from '../server/paths.ts';
import { renderPage, withBuildTimeApp } from './lib/build-time-app.ts';

try {
  await withBuildTimeApp(async (app) => {
    // Only the page's main content is indexed: not the navbar or footer every page repeats.
    const { index, errors } = await pagefind.createIndex({ rootSelector: 'main' });
    if (!index) throw new Error(`pagefind could not start: ${errors.join('; ')}`);

    // The FAQ and the glossary change at run time: the server indexes them itself (live-search.ts).
    const paths = SEARCHABLE_PATHS.filter((path) => !LIVE_SEARCH_PATHS.includes(path));
    for (const path of paths) {
      const added = await index.addHTMLFile({ url: path, content: await renderPage(app, path, 'the search index') });
      if (added.errors.length > 0) throw new Error(`${path}: ${added.errors.join('; ')}`);
    }

    const outputPath = join(clientBuildDir, 'pagefind');
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new Error(`pagefind could not write the index: ${written.errors.join('; ')}`);
    console.log(
      `search index: ${paths.length} pages into ${outputPath} (and ${LIVE_SEARCH_PATHS.join(', ')} at run time)`,
    );
  });
} finally {
  await pagefind.close();
}
