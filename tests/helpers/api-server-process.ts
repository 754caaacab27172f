// A child process for tests that restart the site: the real app (buildApp, API only, no client
// build needed) on the environment's DATA_DIR, printing "ready at <url>" and closing gracefully
// on SIGTERM exactly as server/server.ts does (app.close() waits for the outbox worker).
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';

const app = await buildApp(loadConfig(), { pages: false });
process.once('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`ready at ${address}`);
