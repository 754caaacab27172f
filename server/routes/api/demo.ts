// POST /api/RequestDemo {name, job_title, company, country, number, email, text}
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswerSchema, successAnswerSchema } from '../../../common/api.ts';
import { demoRequestSchema } from '../../../common/demo-schema.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { withAttribution } from '../../submission-kinds/attribution.ts';
import { answerOf, idempotencyHeaders, idempotencyKey } from './intake-answer.ts';

const demoRoutes: FastifyPluginAsyncZod<{ formsPerMinute: number }> = async (app, options) => {
  app.post('/RequestDemo', {
    config: { submissionKind: 'demo_request', errorShape: 'ERROR', ...rateLimitFor(options.formsPerMinute) },
    schema: {
      summary: 'Request a live demo',
      tags: ['Forms'],
      body: withAttribution(demoRequestSchema),
      headers: idempotencyHeaders,
      response: { 200: successAnswerSchema, '4xx': errorAnswerSchema },
    },
    handler: async (request) => answerOf(await app.services.intake.demo(request.body, idempotencyKey(request))),
  });
};
export default demoRoutes;
