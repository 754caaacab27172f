// buildApp(): the one factory for the production server, `npm run dev` and the tests, so every
// one of them validates, limits and answers exactly alike. Infrastructure first, then /api,
// then the static assets, then the React Router pages last.
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { MESSAGES } from '../common/messages.ts';
import type { Config } from './config.ts';
import { PublicError } from './errors.ts';
import { lingerThenClose, requestIdOf } from './request-basics.ts';
import beaconListener from './plugins/beacon-listener.ts';
import analytics from './plugins/analytics.ts';
import { clientBuildDir } from './paths.ts';
import compression from './plugins/compression.ts';
import csrf from './plugins/csrf.ts';
import database from './plugins/database.ts';
import health from './plugins/health.ts';
import metricsPlugin from './plugins/metrics.ts';
import { createMetrics } from './metrics.ts';
import errors, { answerClientError, answerFrameworkError } from './plugins/errors.ts';
import outbox from './plugins/outbox.ts';
import rateLimits from './plugins/rate-limits.ts';
import reactRouter from './plugins/react-router.ts';
import redirects from './plugins/redirects.ts';
import liveSearch from './plugins/live-search.ts';
import retention from './plugins/retention.ts';
import contentSchedule from './plugins/content-schedule.ts';
import securityHeaders from './plugins/security-headers.ts';
import services from './plugins/services.ts';
import staticAssets from './plugins/static-assets.ts';
import apiRoutes from './routes/api/index.ts';
import calendarFeedRoutes from './routes/calendar-feed.ts';
import contentMediaRoutes from './routes/content-media.ts';
import restSheetRoutes from './routes/rest-sheet.ts';
import socialCardRoutes from './routes/social-cards.ts';

/** Paths that answer even while the server closes (server/plugins/health.ts). */
const HEALTH_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

export type BuildOptions = {
  /** Serve pages through Vite's dev server instead of the production build. */
  dev?: boolean;
  /** Leave the pages out (API-only tests run without a client build). */
  pages?: boolean;
  /** The analytics clock (tests move it across midnight); Date.now by default. */
  analyticsClock?: () => number;
  /** Override the logger, e.g. to capture log lines in a test. */
  logger?: FastifyServerOptions['logger'];
};

export async function buildApp(config: Config, options: BuildOptions = {}) {
  const dev = options.dev ?? false;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // A person at a terminal reads lines; production (and anything piped) keeps JSON for tools.
      ...(process.stdout.isTTY && config.env !== 'production'
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
        : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 32 * 1024,
    // Slow or stalled clients are cut off instead of holding a connection forever: headers
    // trickled byte by byte (slowloris), a body that never ends, a connection gone silent.
    connectionTimeout: config.timeouts.connectionMs,
    requestTimeout: config.timeouts.requestMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      // How often Node checks those two deadlines; its 30 s default would blur short ones.
      connectionsCheckingInterval: Math.min(1_000, config.timeouts.headersMs),
    },
    keepAliveTimeout: 10_000,
    // Our own hook answers requests that arrive while closing (below): Fastify's built-in 503
    // skips every hook, so it had no security headers and not the spec's shape.
    return503OnClosing: false,
    // Requests refused before any hook runs still get the security headers and a generic body.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: true },
    // Every request gets an id, on its log lines and in its X-Request-Id answer header: the
    // proxy's when TRUST_PROXY is on and it is a sane token, else a fresh random one.
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request, config.trustProxy),
  });
  // Requests are validated with the zod schemas. Answers are typed at compile time; their
  // response schemas only document the API, so they are not re-checked on every send.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // A request answered before its body was read to the end (an upload refused mid-stream) leaves
  // the rest unread on a paused socket, which Node then neither drains nor closes, even once the
  // client has left. Closing at once would make the client's next write fail before it reads the
  // answer, so the rest is read and dropped ("lingering close") up to a bound, then cut.
  app.addHook('onResponse', async (request) => {
    if (!request.raw.complete) lingerThenClose(request.raw);
  });

  app.decorate('metrics', createMetrics());
  await app.register(metricsPlugin, config.metrics);
  await app.register(errors);
  await app.register(securityHeaders, { dev });
  // Every answer carries its request id. Once closing starts, a request on a kept-alive connection
  // is refused with a 503 in the spec's shape (after the security headers' hooks, so it carries
  // them), and the connection closed.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // One hook for both (each hook is a promise and a turn of the microtask queue on every answer).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // The health endpoints still answer, so a load balancer sees the instance leave.
    if (!closing || HEALTH_PATHS.has(request.url)) return;
    reply.header('connection', 'close');
    throw new PublicError(503, MESSAGES.closing);
  });

  await app.register(compression);
  await app.register(cookie);
  await app.register(csrf, {
    secret: config.tokenSecret,
    secureCookies: config.siteUrl?.startsWith('https:') ?? false,
  });
  await app.register(database, { config });
  await app.register(rateLimits, { limits: config.rateLimits });
  await app.register(services, { config });
  await app.register(outbox, { config });
  await app.register(analytics, { config, now: options.analyticsClock });
  // POST /api/events on its own port, in a worker thread, when ANALYTICS_PORT is set (decision 058).
  await app.register(beaconListener, { config });
  await app.register(retention, { config });
  await app.register(contentSchedule, { config });
  await app.register(health, { isClosing: () => closing });

  // A slug change's old path answers its redirect before any page or 404 (issue 31).
  await app.register(redirects);
  await app.register(apiRoutes, { prefix: '/api', config });
  // A staff member's private calendar feed (issue 29): outside /api, its URL is the key.
  await app.register(calendarFeedRoutes);
  // Images uploaded in the Content area (issue 31), public, named by their hash.
  await app.register(contentMediaRoutes);
  await app.register(socialCardRoutes);
  if (options.pages ?? true) {
    if (!dev) await app.register(staticAssets, { root: clientBuildDir });
    // The rest of the stylesheet beside a page's inline rules (decision 060).
    if (!dev) await app.register(restSheetRoutes, { clientDir: clientBuildDir });
    await app.register(reactRouter, { config, dev });
    if (config.liveSearchIndex && !dev) await app.register(liveSearch, { dataDir: config.dataDir });
  }
  return app;
}
