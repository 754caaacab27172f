// GET /api/Faqs/GetAllFromFaqs and GET /api/Glossary/GetAllFromGlossary: the rows the pages show.
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import { errorInfoAnswerSchema, faqItemSchema, glossaryAnswerSchema } from '../../../common/api.ts';

// The bodies are JSON made once by the content service (see services/site-content.ts).
const JSON_TYPE = 'application/json; charset=utf-8';

// Plain Fastify typing: the handlers send ready-made JSON text, not the objects the schemas describe.
const contentRoutes: FastifyPluginAsync = async (app) => {
  app.get('/Faqs/GetAllFromFaqs', {
    schema: {
      summary: 'All FAQ items in display order',
      tags: ['Content'],
      response: { 200: z.array(faqItemSchema), '4xx': errorInfoAnswerSchema },
    },
    handler: async (_request, reply) => reply.type(JSON_TYPE).send(await app.services.content.faqsAnswer()),
  });

  app.get('/Glossary/GetAllFromGlossary', {
    schema: {
      summary: 'All glossary entries, by category then term',
      tags: ['Content'],
      response: { 200: glossaryAnswerSchema, '4xx': errorInfoAnswerSchema },
    },
    handler: async (_request, reply) => reply.type(JSON_TYPE).send(await app.services.content.glossaryAnswer()),
  });
};
export default contentRoutes;
