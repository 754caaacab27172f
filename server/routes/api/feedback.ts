// POST /api/Feedback/AddFeedback {feedback}
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorInfoAnswerSchema, successAnswerSchema } from '../../../common/api.ts';
import { feedbackSchema } from '../../../common/schemas.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { withAttribution } from '../../submission-kinds/attribution.ts';
import { answerOf, idempotencyHeaders, idempotencyKey } from './intake-answer.ts';

const feedbackRoutes: FastifyPluginAsyncZod<{ formsPerMinute: number }> = async (app, options) => {
  app.post('/Feedback/AddFeedback', {
    config: { submissionKind: 'feedback', errorShape: 'ErrorInfo', ...rateLimitFor(options.formsPerMinute) },
    schema: {
      summary: 'Send a one-line feedback',
      tags: ['Forms'],
      body: withAttribution(feedbackSchema),
      headers: idempotencyHeaders,
      response: { 200: successAnswerSchema, '4xx': errorInfoAnswerSchema },
    },
    handler: async (request) => answerOf(await app.services.intake.feedback(request.body, idempotencyKey(request))),
  });
};
export default feedbackRoutes;
