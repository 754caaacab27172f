// The process shell: read the configuration, build the app, listen, and shut down gracefully on
// SIGINT or SIGTERM (stop accepting, finish requests in flight, close the database).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { ContentFileError } from './content-files.ts';
import { DatabaseStartError } from './plugins/database.ts';

/** Requests in flight get this long to finish; the process is gone within 10 s either way. */
const SHUTDOWN_GRACE_MS = 9_000;
/** While closing, keep-alive connections are closed as soon as their request is answered. */
const IDLE_SWEEP_MS = 100;

async function main() {
  const config = loadConfig();
  // --api-only serves /api alone, without the pages (a faster start for the crash-loop test and
  // benchmarks that only exercise the API).
  const app = await buildApp(config, {
    dev: process.argv.includes('--dev'),
    pages: !process.argv.includes('--api-only'),
  });

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
      // Readiness turns 503 first, so a load balancer stops sending new requests while this
      // instance still serves what is on its way; then the server closes.
      app.startDraining();
      setTimeout(() => process.exit(1), config.shutdownDrainMs + SHUTDOWN_GRACE_MS).unref();
      setTimeout(() => close(), config.shutdownDrainMs).unref();
    });
  }

  function close() {
    // app.close() closes the connections idle at that moment only; one busy then would stay
    // open after its answer until the keep-alive timeout and hold the exit back by seconds.
    setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  }

  const address = await app.listen({ port: config.port, host: config.host });
  // Says which process uses this data folder: `npm run data:restore` refuses while it runs.
  const pidFile = join(config.dataDir, 'server.pid');
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(pidFile, `${process.pid}\n`);
  process.once('exit', () => rmSync(pidFile, { force: true }));
  console.log(`Haulora website ready at ${address.replace('127.0.0.1', 'localhost')}/home`);
  const beacon = app.beaconListener?.address;
  if (beacon) console.log(`Analytics beacon listener (POST /api/events) on ${beacon.host}:${beacon.port}`);
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else if (error instanceof DatabaseStartError) console.error(`Database error: ${error.message}`);
  else if (error instanceof ContentFileError) console.error(`Content error: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
