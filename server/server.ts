// The process shell: read the configuration, build the app, listen, and shut down gracefully on
// SIGINT or SIGTERM (stop accepting, finish requests in flight, close the database).
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { ContentError } from './content.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const app = await buildApp(config, { dev: process.argv.includes('--dev') });

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
      app.close().then(
        () => process.exit(0),
        (error) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  const address = await app.listen({ port: config.port, host: config.host });
  console.log(`Haulora website ready at ${address.replace('127.0.0.1', 'localhost')}/home`);
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else if (error instanceof ContentError) console.error(`Content error: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
