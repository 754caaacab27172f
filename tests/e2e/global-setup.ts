// Starts the real app (production build, pages on) once for the whole browser run. Workers are
// started after this and inherit process.env, so E2E_BASE_URL reaches the config's baseURL.
import { existsSync } from 'node:fs';
import { serverBuildFile as serverBuild } from '../../server/paths.ts';
import { startServer } from '../helpers/server.ts';


export default async function globalSetup() {
  if (!existsSync(serverBuild)) {
    throw new Error(
      `The browser tests need the production build, but ${serverBuild} is missing. ` +
        'Run `npm run build` first (npm test builds before it runs them).',
    );
  }
  const server = await startServer({}, { pages: true });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.close();
  };
}
