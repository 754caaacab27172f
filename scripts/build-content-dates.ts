// Writes when each page's content last changed (app/lib/page-sources.ts) to
// <BUILD_DIR>/content-dates.json, for the sitemap's <lastmod>: the date of the last commit that
// touched any of the page's files, from git. Git is the record that survives a fresh clone (file
// times do not). Fallbacks: in a shallow clone the oldest commit fetched stands for everything
// before it, so a date is never earlier than the truth, only possibly later; without git (an
// exported tarball) or for a file git does not know, the page gets no date and the sitemap leaves
// <lastmod> out rather than guess.
//
// Run by `npm run build`.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PAGE_SOURCES } from '../app/lib/page-sources.ts';
import { SITEMAP_PATHS } from '../app/lib/site-pages.ts';
import { buildDir, projectRoot } from '../server/paths.ts';
import { CONTENT_DATES_FILE, type ContentDates } from '../server/build-data.ts';

function git(...args: string[]): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd: projectRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

const dates: ContentDates = {};
const inGit = git('rev-parse', '--is-inside-work-tree') === 'true';
if (inGit) {
  for (const path of SITEMAP_PATHS) {
    const files = PAGE_SOURCES[path];
    if (!files) throw new Error(`${path} has no entry in app/lib/page-sources.ts`);
    // The committer date, in strict ISO 8601 (a W3C datetime, as sitemaps want).
    const date = git('log', '-1', '--format=%cI', '--', ...files);
    if (date) dates[path] = date;
  }
}
await writeFile(join(buildDir, CONTENT_DATES_FILE), `${JSON.stringify(dates)}\n`);
const note = !inGit
  ? ' (no git: the sitemap has no lastmod)'
  : git('rev-parse', '--is-shallow-repository') === 'true'
    ? ' (shallow clone: older changes dated at its oldest commit)'
    : '';
console.log(`content dates: ${Object.keys(dates).length} of ${SITEMAP_PATHS.length} pages${note}`);
