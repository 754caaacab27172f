// Starts the real app (production build, pages on) once for the whole browser run. Workers are
// started after this and inherit process.env, so E2E_BASE_URL reaches the config's baseURL.
import { existsSync } from 'node:fs';
import { serverBuildFile as serverBuild } from '../../server/paths.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { E2E_SALES, E2E_STAFF } from '../helpers/e2e-staff.ts';
import { startServer } from '../helpers/server.ts';

export default async function globalSetup() {
  if (!existsSync(serverBuild)) {
    throw new Error(
      `The browser tests need the production build, but ${serverBuild} is missing. ` +
        'Run `npm run build` first (npm test builds before it runs them).',
    );
  }
  // The live search index (issue 19) on, as in production; its first build is awaited.
  // Scheduled Content drafts (issue 31) looked for every 2 s, so the journey waits seconds, not 15.
  const server = await startServer({ SEARCH_LIVE_INDEX: 'true', CONTENT_SCHEDULE_SECONDS: '2' }, { pages: true });
  await server.app.liveSearch?.rebuild();
  process.env.E2E_BASE_URL = server.url;
  // The sign-in specs sign in as this staff user; the form specs read rows from this file.
  await server.app.repos.users.create(
    E2E_STAFF.username,
    await hashPassword(E2E_STAFF.password),
    new Date().toISOString(),
  );
  // A sales member (issue 19): the inbox, never the Content area.
  await server.app.repos.users.create(
    E2E_SALES.username,
    await hashPassword(E2E_SALES.password),
    new Date().toISOString(),
    null,
    'sales',
  );
  process.env.E2E_DATABASE_FILE = server.config.database.file;
  return async () => {
    await server.close();
  };
}
