// POST /api/RequestDemo {name, job_title, company, country, number, email, text}
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswerSchema, success, successAnswerSchema } from '../../../common/api.ts';
import { demoRequestSchema } from '../../../common/schemas.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';

const demoRoutes: FastifyPluginAsyncZod<{ formsPerMinute: number }> = async (app, options) => {
  app.post('/RequestDemo', {
    config: { submissionKind: 'demo_request', errorShape: 'ERROR', ...rateLimitFor(options.formsPerMinute) },
    schema: {
      summary: 'Request a live demo',
      tags: ['Forms'],
      body: demoRequestSchema,
      response: { 200: successAnswerSchema, '4xx': errorAnswerSchema },
    },
    handler: async (request) => success(await app.services.submissions.requestDemo(request.body)),
  });
};
export default demoRoutes;
