// The site every browser test drives: the real app (production build, pages on) started once per
// Playwright worker, each with its own database file, so two workers never see each other's
// edits, rows or rate limits. The worker's process.env carries its address and database file
// for the helpers that read rows straight from the file (form-helpers.ts `rows`).
import { test as base } from '@playwright/test';
import { hashPassword } from '../../server/services/passwords.ts';
import { E2E_SALES, E2E_STAFF } from '../helpers/e2e-staff.ts';
import { startServer } from '../helpers/server.ts';

export type Site = { url: string; databaseFile: string };

export const siteTest = base.extend<object, { site: Site }>({
  site: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // The live search index (issue 19) on, as in production; its first build is awaited.
      // Scheduled Content drafts (issue 31) are looked for every 2 s, so journeys wait seconds, not 15.
      // Critical CSS inline (decision 060) as in production.
      const server = await startServer(
        { SEARCH_LIVE_INDEX: 'true', CONTENT_SCHEDULE_SECONDS: '2', CRITICAL_CSS: 'true' },
        { pages: true },
      );
      await server.app.liveSearch?.rebuild();
      // The sign-in specs sign in as this staff user, and a sales member (issue 19) sees the
      // inbox, never the Content area.
      const created = new Date().toISOString();
      await server.app.repos.users.create(E2E_STAFF.username, await hashPassword(E2E_STAFF.password), created);
      await server.app.repos.users.create(
        E2E_SALES.username,
        await hashPassword(E2E_SALES.password),
        created,
        null,
        'sales',
      );
      process.env.E2E_BASE_URL = server.url;
      process.env.E2E_DATABASE_FILE = server.config.database.file;
      await use({ url: server.url, databaseFile: server.config.database.file });
      await server.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ site }, use) => use(site.url),
});
