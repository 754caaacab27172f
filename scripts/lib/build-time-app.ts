// The production app started in-process for a build step that needs rendered pages (the search
// index, the social cards): buildApp, the production factory, on a throw-away database seeded
// from content/, closed and removed afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { type Config, loadConfig } from '../../server/config.ts';

export type BuildTimeApp = Awaited<ReturnType<typeof buildApp>>;

export async function withBuildTimeApp<T>(work: (app: BuildTimeApp, config: Config) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'haulora-build-'));
  try {
    const config = loadConfig({
      // The build's own environment still applies (e.g. SITE_BRAND), so what is built matches the site.
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      TOKEN_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PAGES_PER_MINUTE: '100000',
      // The search index step is the build's Pagefind user: the server's own live index (which
      // shares the process's Pagefind service and closes it) stays off.
      SEARCH_LIVE_INDEX: 'false',
    });
    const app = await buildApp(config, { logger: false });
    await app.ready();
    try {
      return await work(app, config);
    } finally {
      await app.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A page's HTML as a crawler gets it; anything but 200 stops the build. */
export async function renderPage(app: BuildTimeApp, path: string, purpose: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
  if (response.statusCode !== 200)
    throw new Error(`${path} answered ${response.statusCode}; ${purpose} needs every page`);
  return response.body;
}
