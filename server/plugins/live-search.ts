// The site search follows staff edits (issue 19, decision 021): the FAQ and glossary pages are
// indexed by this server with Pagefind's Node API, at start and again shortly after every content
// change on any instance (ContentService.onInvalidate, which PostgreSQL NOTIFY reaches on every
// instance), and served under /pagefind-live/; the browser merges that index with the build's
// (which leaves those two pages out). A new index is written beside the old one and swapped in,
// so a search never reads half an index; deleted entries leave with the next rebuild.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LIVE_SEARCH_PATHS } from '../../app/lib/site-pages.ts';
import { LIVE_SEARCH_BUNDLE } from '../../common/constants.ts';

/** How long after a change the index is rebuilt: a burst of edits costs one rebuild. */
export const LIVE_SEARCH_DELAY_MS = 1_500;

export default fp(
  async function liveSearch(app: FastifyInstance, options: { dataDir: string }) {
    const dir = join(options.dataDir, 'search-live');
    const current = join(dir, 'current');
    await mkdir(current, { recursive: true });
    await app.register(fastifyStatic, {
      root: current,
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
    let again = false;
    let closed = false;

    async function rebuild(): Promise<void> {
      pagefind ??= await import('pagefind');
      const { index, errors } = await pagefind.createIndex({ rootSelector: 'main' });
      if (!index) throw new Error(`pagefind could not start: ${errors.join('; ')}`);
      try {
        for (const url of LIVE_SEARCH_PATHS) {
          const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
          if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
          const added = await index.addHTMLFile({ url, content: response.body });
          if (added.errors.length > 0) throw new Error(`${url}: ${added.errors.join('; ')}`);
        }
        const next = join(dir, `next-${randomBytes(6).toString('hex')}`);
        const written = await index.writeFiles({ outputPath: next });
        if (written.errors.length > 0) throw new Error(written.errors.join('; '));
        // Swapped file by file into the served folder's place: the old folder goes aside first.
        const old = join(dir, `old-${randomBytes(6).toString('hex')}`);
        await rename(current, old);
        await rename(next, current);
        await rm(old, { recursive: true, force: true });
      } finally {
        await index.deleteIndex();
      }
    }

    /** Rebuilds now, or once more after the running rebuild when asked meanwhile. */
    function run(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = rebuild()
        .then(() => app.log.info('live search index rebuilt'))
        .catch((error: unknown) => app.log.error({ err: error }, 'live search index not rebuilt'))
        .finally(() => {
          running = undefined;
          if (again && !closed) {
            again = false;
            void run();
          }
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
