// buildApp(): the one factory for the production server, `npm run dev` and the tests, so every
// one of them validates, limits and answers exactly alike. Infrastructure first, then /api,
// then the static assets, then the React Router pages last.
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { clientBuildDir } from './paths.ts';
import compression from './plugins/compression.ts';
import csrf from './plugins/csrf.ts';
import database from './plugins/database.ts';
import errors from './plugins/errors.ts';
import rateLimits from './plugins/rate-limits.ts';
import reactRouter from './plugins/react-router.ts';
import securityHeaders from './plugins/security-headers.ts';
import staticAssets from './plugins/static-assets.ts';
import apiRoutes from './routes/api/index.ts';

export type BuildOptions = {
  /** Serve pages through Vite's dev server instead of the production build. */
  dev?: boolean;
  /** Leave the pages out (API-only tests run without a client build). */
  pages?: boolean;
  /** Override the logger, e.g. to capture log lines in a test. */
  logger?: FastifyServerOptions['logger'];
};

export async function buildApp(config: Config, options: BuildOptions = {}) {
  const dev = options.dev ?? false;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 32 * 1024,
    // Slow or stalled clients are cut off instead of holding a connection forever.
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  // Requests are validated with the zod schemas. Answers are typed at compile time; their
  // response schemas only document the API, so they are not re-checked on every send.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(errors);
  await app.register(securityHeaders, { dev });
  await app.register(compression);
  await app.register(cookie);
  await app.register(csrf, { secret: config.tokenSecret, secureCookies: config.siteUrl?.startsWith('https:') ?? false });
  await app.register(rateLimits, { limits: config.rateLimits });
  await app.register(database, { config });

  await app.register(apiRoutes, { prefix: '/api', config });
  if (options.pages ?? true) {
    if (!dev) await app.register(staticAssets, { root: clientBuildDir });
    await app.register(reactRouter, { config, dev });
  }
  return app;
}
