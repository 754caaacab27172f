// POST /api/Newsletter/Subscribe {email}: a repeat subscription is still a success, not a new row.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorInfoAnswerSchema, successAnswerSchema } from '../../../common/api.ts';
import { newsletterSchema } from '../../../common/schemas.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { withAttribution } from '../../submission-kinds/attribution.ts';
import { answerOf, idempotencyHeaders, idempotencyKey } from './intake-answer.ts';

const newsletterRoutes: FastifyPluginAsyncZod<{ formsPerMinute: number }> = async (app, options) => {
  app.post('/Newsletter/Subscribe', {
    config: { submissionKind: 'newsletter', errorShape: 'ErrorInfo', ...rateLimitFor(options.formsPerMinute) },
    schema: {
      summary: 'Subscribe to the newsletter',
      tags: ['Forms'],
      body: withAttribution(newsletterSchema),
      headers: idempotencyHeaders,
      response: { 200: successAnswerSchema, '4xx': errorInfoAnswerSchema },
    },
    handler: async (request) => answerOf(await app.services.intake.newsletter(request.body, idempotencyKey(request))),
  });
};
export default newsletterRoutes;
