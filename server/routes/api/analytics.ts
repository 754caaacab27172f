// GET /api/analytics/overview?from=YYYY-MM-DD&to=YYYY-MM-DD: the dashboard's figures for staff
// (admin and sales) with a bearer token, from the daily rollups. Visitors over several days are
// a sum of daily uniques. Never cached.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overviewQuerySchema, overviewSchema } from '../../../common/analytics.ts';
import { errorInfoObjectSchema } from '../../../common/api.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { PublicError } from '../../errors.ts';
import { bearerHeaders, bearerToken } from './bearer.ts';

const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await app.services.auth.validate(bearerToken(request));
    if (!session) throw new PublicError(401, MESSAGES.tokenInvalid);
  });

  app.get('/overview', {
    config: { errorShape: 'errorInfo' },
    schema: {
      summary: 'Visitors, page views, top pages, sources, campaigns and the funnel of a date range',
      description:
        'From the daily rollups. `visitors` over several days is the sum of each day’s unique visitors. `previous` is the period of the same length just before.',
      tags: ['Analytics'],
      headers: bearerHeaders,
      querystring: overviewQuerySchema,
      response: { 200: overviewSchema, '4xx': errorInfoObjectSchema },
    },
    handler: async (request) => app.analytics.overview(request.query.from, request.query.to),
  });
};
export default analyticsRoutes;
