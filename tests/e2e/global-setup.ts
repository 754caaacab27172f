// Runs once before the browser tests: they drive the production build, so a missing build fails
// at once with what to do. Each worker then starts its own server (site-server.ts).
import { existsSync } from 'node:fs';
import { serverBuildFile as serverBuild } from '../../server/paths.ts';

export default function globalSetup() {
  if (!existsSync(serverBuild)) {
    throw new Error(
      `The browser tests need the production build, but ${serverBuild} is missing. ` +
        'Run `npm run build` first (npm test builds before it runs them).',
    );
  }
}
