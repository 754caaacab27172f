// Liveness and readiness for load balancers and orchestrators (decision 016):
// - GET /healthz: 200 while the process runs and answers.
// - GET /readyz: 200 only when the database answers, its migrations are all applied, its file is
//   sound and it takes writes (db/health.ts, issue 33), and the instance is not draining or
//   shutting down; 503 otherwise, in JSON, saying which check failed.
// Neither is rate limited, cached, or logged per call (a balancer asks every second).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { latestVersion, schemaVersion } from '../db/migrate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Turns readiness to 503 so the load balancer stops sending new requests, while requests
     * already on their way are still served (the first step of a graceful shutdown). */
    startDraining(): void;
  }
}

/** A database slower than this to answer counts as not ready. */
const PING_TIMEOUT_MS = 2_000;

type Check = 'ok' | 'failing';

export default fp(
  async function health(app: FastifyInstance, options: { isClosing: () => boolean }) {
    let draining = false;
    app.decorate('startDraining', () => {
      draining = true;
    });
    const expectedVersion = latestVersion(app.database.engine);
    const routeConfig = { rateLimit: false, errorShape: 'ErrorInfo' } as const;

    app.get('/healthz', { config: routeConfig, logLevel: 'warn', schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ status: 'ok' }),
    );

    app.get('/readyz', { config: routeConfig, logLevel: 'warn', schema: { hide: true } }, async (_request, reply) => {
      const checks: { database: Check; migrations: Check; integrity: Check; writable: Check; accepting: Check } = {
        database: 'ok',
        migrations: 'ok',
        integrity: app.databaseHealth.integrityOk ? 'ok' : 'failing',
        writable: 'ok',
        accepting: 'ok',
      };
      if (draining || options.isClosing()) checks.accepting = 'failing';
      // While writes fail, each readiness call tries one that changes nothing: back once it passes.
      if (!app.databaseHealth.writable) {
        try {
          await withTimeout(app.database.probeWrite(), PING_TIMEOUT_MS);
          app.databaseHealth.wrote();
        } catch (error) {
          app.databaseHealth.observe(error);
          checks.writable = 'failing';
        }
      }
      // The disk reserve a full disk used up is made again once there is room (disk-reserve.ts).
      if (checks.writable === 'ok') void app.diskReserve?.keep();
      try {
        await withTimeout(app.database.ping(), PING_TIMEOUT_MS);
        if ((await withTimeout(schemaVersion(app.database), PING_TIMEOUT_MS)) < expectedVersion)
          checks.migrations = 'failing';
      } catch {
        checks.database = 'failing';
        checks.migrations = 'failing';
      }
      const ready = Object.values(checks).every((check) => check === 'ok');
      return reply
        .code(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ready ? 'ready' : 'unavailable', checks });
    });
  },
  { name: 'health', dependencies: ['database'] },
);

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
