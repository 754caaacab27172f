// GET /api/Faqs/GetAllFromFaqs and GET /api/Glossary/GetAllFromGlossary: the rows the pages show.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorInfoAnswerSchema, faqItemSchema, type GlossaryAnswer, glossaryAnswerSchema } from '../../../common/api.ts';

const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/Faqs/GetAllFromFaqs', {
    schema: {
      summary: 'All FAQ items in display order',
      tags: ['Content'],
      response: { 200: z.array(faqItemSchema), '4xx': errorInfoAnswerSchema },
    },
    handler: async () => app.services.content.listFaqs(),
  });

  app.get('/Glossary/GetAllFromGlossary', {
    schema: {
      summary: 'All glossary entries, by category then term',
      tags: ['Content'],
      response: { 200: glossaryAnswerSchema, '4xx': errorInfoAnswerSchema },
    },
    handler: async (): Promise<GlossaryAnswer> => ['SUCCESS', app.services.content.listGlossary()],
  });
};
export default contentRoutes;
