// The site search follows staff edits (issue 19, decision 021): the FAQ and glossary pages are
// indexed by this server with Pagefind's Node API, at start and again shortly after every content
// change on any instance (ContentService.onInvalidate, which PostgreSQL NOTIFY reaches on every
// instance), and served under /pagefind-live/; the browser merges that index with the build's
// (which leaves those two pages out). A new index is written beside the old one and swapped in,
// so a search never reads half an index; deleted entries leave with the next rebuild. The files of
// replaced indexes stay servable for a while (retired/): a page that loaded the index before the
// swap still finds the chunks it names, instead of failing its search.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LIVE_SEARCH_PATHS, SEARCHABLE_PATHS } from '../../app/lib/site-pages.ts';
import { LIVE_SEARCH_BUNDLE, LIVE_SEARCH_PATHS_FILE } from '../../common/constants.ts';

/** The meta every page of this index carries (the search dialog reads it as `meta.index`). */
const LIVE_META = 'index:live';

/** How long after a change the index is rebuilt: a burst of edits costs one rebuild. */
export const LIVE_SEARCH_DELAY_MS = 1_500;

/** How long a replaced index's files stay servable: far longer than a search takes to fetch them. */
export const LIVE_SEARCH_RETIRED_MS = 10 * 60_000;

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

export default fp(
  async function liveSearch(app: FastifyInstance, options: { dataDir: string }) {
    const dir = join(options.dataDir, 'search-live');
    const current = join(dir, 'current');
    const retired = join(dir, 'retired');
    await mkdir(current, { recursive: true });
    await mkdir(retired, { recursive: true });
    await app.register(fastifyStatic, {
      // The current index first; a file only a replaced one had comes from retired/.
      root: [current, retired],
      prefix: LIVE_SEARCH_BUNDLE,
      decorateReply: false,
      cacheControl: false,
      index: false,
      setHeaders(reply) {
        reply.header('cache-control', 'no-cache');
      },
    });

    let pagefind: typeof import('pagefind') | undefined;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let queued: Promise<void> | undefined;
    let closed = false;

    async function rebuild(): Promise<void> {
      pagefind ??= await import('pagefind');
      const { index, errors } = await pagefind.createIndex({ rootSelector: 'main' });
      if (!index) throw new Error(`pagefind could not start: ${errors.join('; ')}`);
      try {
        // The FAQ and the glossary, and every searchable page the Content area has edited (issue 31).
        const edited = Object.keys(await app.services.pageCopy.pathDates());
        const paths = [
          ...LIVE_SEARCH_PATHS,
          ...SEARCHABLE_PATHS.filter((path) => edited.includes(path) && !LIVE_SEARCH_PATHS.includes(path)),
        ];
        for (const url of paths) {
          const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
          if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
          // Marked, so the browser tells this index's results from the build's for the same page.
          const content = response.body.replace('<main', `<main data-pagefind-meta="${LIVE_META}"`);
          const added = await index.addHTMLFile({ url, content });
          if (added.errors.length > 0) throw new Error(`${url}: ${added.errors.join('; ')}`);
        }
        const next = join(dir, `next-${randomBytes(6).toString('hex')}`);
        const written = await index.writeFiles({ outputPath: next });
        if (written.errors.length > 0) throw new Error(written.errors.join('; '));
        // Which pages this index holds: the browser drops the build index's results for them.
        await writeFile(join(next, LIVE_SEARCH_PATHS_FILE), JSON.stringify(paths));
        // Swapped file by file into the served folder's place: the old folder goes aside first.
        const old = join(dir, `old-${randomBytes(6).toString('hex')}`);
        await rename(current, old);
        await rename(next, current);
        await retire(old);
      } finally {
        await index.deleteIndex();
      }
    }

    /** Moves a replaced index's files into retired/ (stamped with the time they were replaced),
     * and deletes those replaced longer than LIVE_SEARCH_RETIRED_MS ago. */
    async function retire(old: string): Promise<void> {
      const now = new Date();
      for (const file of await filesUnder(old)) {
        const target = join(retired, file);
        await mkdir(dirname(target), { recursive: true });
        await rename(join(old, file), target);
        await utimes(target, now, now);
      }
      await rm(old, { recursive: true, force: true });
      for (const file of await filesUnder(retired)) {
        const path = join(retired, file);
        if (now.getTime() - (await stat(path)).mtimeMs > LIVE_SEARCH_RETIRED_MS) await rm(path, { force: true });
      }
    }

    /** Rebuilds now; asked while a rebuild runs, once more after it (one follow-up shared by
     * everyone who asks meanwhile), and the promise settles when the newest content is indexed. */
    function run(): Promise<void> {
      if (running) {
        queued ??= running.then(() => {
          queued = undefined;
          return closed ? undefined : run();
        });
        return queued;
      }
      running = rebuild()
        .then(() => app.log.info('live search index rebuilt'))
        .catch((error: unknown) => app.log.error({ err: error }, 'live search index not rebuilt'))
        .finally(() => {
          running = undefined;
        });
      return running;
    }

    app.services.content.onInvalidate(() => {
      if (closed) return;
      clearTimeout(timer);
      timer = setTimeout(() => void run(), LIVE_SEARCH_DELAY_MS);
      timer.unref();
    });
    // The first index is made once the server can render pages (inject waits for ready, so it
    // cannot run inside onReady itself); until then the build's index answers alone.
    app.addHook('onReady', async () => {
      setImmediate(() => void run());
    });
    app.addHook('preClose', async () => {
      closed = true;
      clearTimeout(timer);
      await running;
      await queued;
      await pagefind?.close();
    });
    app.decorate('liveSearch', { rebuild: run });
  },
  { name: 'live-search', dependencies: ['services'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when the live search index is on: rebuild it now (tests). */
    liveSearch?: { rebuild(): Promise<void> };
  }
}
