// Prometheus metrics on a private port (decision 017): METRICS_PORT, off by default, bound to
// METRICS_HOST (127.0.0.1 unless the operator says otherwise), never on the public port. Counts
// every answer by route pattern and status class, and the submissions refused before any service
// ran (invalid input, rate limit); the services count what they store.
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Metrics, SubmissionKind } from '../metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
    /** Where the metrics are served (METRICS_PORT 0 picks a free port), or null when off. */
    metricsAddress: { host: string; port: number } | null;
  }
  interface FastifyContextConfig {
    /** The submission kind an API route stores, for the metrics. */
    submissionKind?: SubmissionKind;
  }
}

/** Forms posted to pages without JavaScript, by path. */
const PAGE_FORM_KINDS: Record<string, SubmissionKind> = {
  '/forms/feedback': 'feedback',
  '/forms/newsletter': 'newsletter',
  '/forms/contact': 'contact_message',
  '/request-demo': 'demo_request',
};

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

function submissionKindOf(request: FastifyRequest): SubmissionKind | undefined {
  if (request.method !== 'POST') return undefined;
  const configured = request.routeOptions.config?.submissionKind;
  if (configured) return configured;
  if (request.routeOptions.url !== '/*') return undefined;
  return PAGE_FORM_KINDS[request.url.split('?')[0]!.replace(/\/$/, '')];
}

export default fp(
  async function metricsPlugin(app: FastifyInstance, options: Config['metrics']) {
    const { metrics } = app;
    app.addHook('onResponse', async (request, reply) => {
      const status = reply.statusCode;
      // Route patterns only: the pages' catch-all is one label, unmatched URLs another.
      const pattern = request.routeOptions.url;
      const route = pattern === undefined ? '(unmatched)' : pattern === '/*' ? '(page)' : pattern;
      metrics.http.record(request.method, route, statusClass(status), reply.elapsedTime / 1000);
      const kind = submissionKindOf(request);
      if (kind && status === 429) metrics.submissions.inc({ kind, outcome: 'rate_limited' });
      else if (kind && (status === 400 || status === 413 || status === 415))
        metrics.submissions.inc({ kind, outcome: 'invalid' });
    });

    app.decorate('metricsAddress', null);
    if (options.port === undefined) return;
    const server: Server = createServer((request, response) => {
      if (request.url !== '/metrics')
        return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return void response
          .writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' })
          .end('Method not allowed\n');
      }
      metrics.registry.metrics().then(
        (text) =>
          response
            .writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' })
            .end(request.method === 'HEAD' ? undefined : text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics collection failed');
          response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
        },
      );
    });
    server.headersTimeout = 5_000;
    server.requestTimeout = 10_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => resolve());
    });
    const address = server.address();
    if (address && typeof address === 'object') app.metricsAddress = { host: options.host, port: address.port };
    app.log.info({ metrics: app.metricsAddress }, 'metrics listening');
    app.addHook('onClose', async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: 'metrics' },
);
