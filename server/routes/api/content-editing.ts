// /api/content: staff editing of the FAQ and the glossary (issue 19, decision 021). Every call
// needs a live staff bearer token (401) of an admin (403, whatever the token claims: the role is
// read from the database), checked before anything else is read; no answer is ever cached;
// non-GET calls pass the CSRF check every /api call does. Errors answer {errorInfo}.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorInfoObjectSchema } from '../../../common/api.ts';
import {
  CONTENT_MESSAGES,
  faqCreateSchema,
  faqOrderSchema,
  faqOrderStateSchema,
  orderUndoSchema,
  faqUpdateSchema,
  glossaryCreateSchema,
  glossaryUpdateSchema,
  historyEntrySchema,
  importResultSchema,
  importSchema,
  renameCategorySchema,
  restoreSchema,
  staffFaqSchema,
  staffGlossarySchema,
  versionQuerySchema,
} from '../../../common/content.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { PublicError } from '../../errors.ts';
import { bearerHeaders, bearerToken } from './bearer.ts';
import { contentDraftRoutes, found, idOf } from './content-drafts.ts';
import { answered as answer } from './refusal-answer.ts';

const idParams = z.object({ id: z.string().describe('The item id') });
const errors = { '4xx': errorInfoObjectSchema };
const config = { errorShape: 'errorInfo' } as const;
const tags = ['Staff content'];
const deleted = z.object({ deleted: z.literal(true) });

const contentEditingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('staffUsername', '');
  const edit = app.services.contentEditing;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await app.services.auth.validate(bearerToken(request));
    if (!session) throw new PublicError(401, MESSAGES.tokenInvalid);
    if (session.role !== 'admin') throw new PublicError(403, CONTENT_MESSAGES.forbidden);
    request.staffUsername = session.username;
  });

  const schema = <T extends object>(summary: string, rest: T) => ({ summary, tags, headers: bearerHeaders, ...rest });

  // The FAQ.
  app.get('/faqs', {
    config,
    schema: schema('Every FAQ item in display order, hidden ones too', {
      response: { 200: z.array(staffFaqSchema), ...errors },
    }),
    handler: () => edit.listFaqs(),
  });
  app.post('/faqs', {
    config,
    schema: schema('Add an FAQ item (last in the order); with "status": "draft" the site does not show it yet', {
      body: faqCreateSchema,
      response: { 200: staffFaqSchema, ...errors },
    }),
    handler: (request) => {
      const { status, publish_at, ...fields } = request.body;
      return answer(edit.addFaq(fields, request.staffUsername, { status, publish_at }));
    },
  });
  app.get('/faqs/order', {
    config,
    schema: schema("The FAQ's order: its version, the ids in order, and every change with who moved what", {
      response: { 200: faqOrderStateSchema, ...errors },
    }),
    handler: () => edit.faqOrder(),
  });
  app.put('/faqs/order', {
    config,
    schema: schema(
      "Put the FAQ in a new order (every id, each once) as the order's next version; 409 when `version` is not the current one",
      { body: faqOrderSchema, response: { 200: z.array(staffFaqSchema), ...errors } },
    ),
    handler: (request) => answer(edit.reorderFaqs(request.body.ids, request.staffUsername, request.body.version)),
  });
  app.post('/faqs/order/undo', {
    config,
    schema: schema('Undo the newest change of order not undone yet (as a new version); 409 when `version` is stale', {
      body: orderUndoSchema,
      response: { 200: faqOrderStateSchema, ...errors },
    }),
    handler: async (request) => {
      await answer(edit.undoFaqOrder(request.body.version, request.staffUsername));
      return await edit.faqOrder();
    },
  });
  app.get('/faqs/:id', {
    config,
    schema: schema('One FAQ item', { params: idParams, response: { 200: staffFaqSchema, ...errors } }),
    handler: async (request) => found(await edit.faq(idOf(request.params.id))),
  });
  app.put('/faqs/:id', {
    config,
    schema: schema('Save an FAQ item; refused (409) when someone saved it since `version`', {
      params: idParams,
      body: faqUpdateSchema,
      response: { 200: staffFaqSchema, ...errors },
    }),
    handler: (request) => {
      const { version, status, publish_at, ...fields } = request.body;
      return answer(
        edit.updateFaq(idOf(request.params.id), version, fields, request.staffUsername, { status, publish_at }),
      );
    },
  });
  app.delete('/faqs/:id', {
    config,
    schema: schema('Move an FAQ item to the trash (restorable for 30 days, then purged; its history stays)', {
      params: idParams,
      querystring: versionQuerySchema,
      response: { 200: deleted, ...errors },
    }),
    handler: async (request) => {
      await answer(edit.deleteFaq(idOf(request.params.id), request.query.version, request.staffUsername));
      return { deleted: true as const };
    },
  });
  app.get('/faqs/:id/history', {
    config,
    schema: schema('Every change to an FAQ item, newest first', {
      params: idParams,
      response: { 200: z.array(historyEntrySchema), ...errors },
    }),
    handler: (request) => edit.history('faq', idOf(request.params.id)),
  });
  app.post('/faqs/:id/restore', {
    config,
    schema: schema('Put an FAQ item back to the text of a history entry', {
      params: idParams,
      body: restoreSchema,
      response: { 200: staffFaqSchema, ...errors },
    }),
    handler: (request) =>
      answer(
        edit.restoreFaq(idOf(request.params.id), request.body.version, request.body.historyId, request.staffUsername),
      ),
  });

  // The glossary.
  app.get('/glossary', {
    config,
    schema: schema('Every glossary entry, by category then term', {
      response: { 200: z.array(staffGlossarySchema), ...errors },
    }),
    handler: () => edit.listGlossary(),
  });
  app.post('/glossary', {
    config,
    schema: schema('Add a glossary entry (the term unique in its category)', {
      body: glossaryCreateSchema,
      response: { 200: staffGlossarySchema, ...errors },
    }),
    handler: (request) => {
      const { status, publish_at, ...fields } = request.body;
      return answer(edit.addEntry(fields, request.staffUsername, { status, publish_at }));
    },
  });
  app.get('/glossary/export.csv', {
    config,
    schema: schema('The glossary as CSV: Category, Term, Description (UTF-8 with BOM)', {
      produces: ['text/csv'],
      response: { 200: z.any().describe('The CSV file'), ...errors },
    }),
    handler: async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="glossary.csv"')
        .send(await edit.exportGlossary()),
  });
  app.post('/glossary/import', {
    config,
    bodyLimit: 2 * 1024 * 1024,
    schema: schema(
      'Preview (dryRun, the default) or import glossary CSV: every row added, changed, unchanged or refused; saves all or nothing',
      {
        body: importSchema,
        response: { 200: importResultSchema, ...errors },
      },
    ),
    handler: (request) => answer(edit.importGlossary(request.body.csv, request.body.dryRun, request.staffUsername)),
  });
  app.post('/glossary/categories/rename', {
    config,
    schema: schema('Rename a category on every entry in it', {
      body: renameCategorySchema,
      response: { 200: z.object({ renamed: z.number().int() }), ...errors },
    }),
    handler: (request) => answer(edit.renameCategory(request.body.from, request.body.to, request.staffUsername)),
  });
  app.get('/glossary/:id', {
    config,
    schema: schema('One glossary entry', { params: idParams, response: { 200: staffGlossarySchema, ...errors } }),
    handler: async (request) => found(await edit.entry(idOf(request.params.id))),
  });
  app.put('/glossary/:id', {
    config,
    schema: schema('Save a glossary entry; refused (409) when someone saved it since `version`', {
      params: idParams,
      body: glossaryUpdateSchema,
      response: { 200: staffGlossarySchema, ...errors },
    }),
    handler: (request) => {
      const { version, status, publish_at, ...fields } = request.body;
      return answer(
        edit.updateEntry(idOf(request.params.id), version, fields, request.staffUsername, { status, publish_at }),
      );
    },
  });
  app.delete('/glossary/:id', {
    config,
    schema: schema('Move a glossary entry to the trash (restorable for 30 days, then purged; its history stays)', {
      params: idParams,
      querystring: versionQuerySchema,
      response: { 200: deleted, ...errors },
    }),
    handler: async (request) => {
      await answer(edit.deleteEntry(idOf(request.params.id), request.query.version, request.staffUsername));
      return { deleted: true as const };
    },
  });
  app.get('/glossary/:id/history', {
    config,
    schema: schema('Every change to a glossary entry, newest first', {
      params: idParams,
      response: { 200: z.array(historyEntrySchema), ...errors },
    }),
    handler: (request) => edit.history('glossary', idOf(request.params.id)),
  });
  app.post('/glossary/:id/restore', {
    config,
    schema: schema('Put a glossary entry back to the text of a history entry', {
      params: idParams,
      body: restoreSchema,
      response: { 200: staffGlossarySchema, ...errors },
    }),
    handler: (request) =>
      answer(
        edit.restoreEntry(idOf(request.params.id), request.body.version, request.body.historyId, request.staffUsername),
      ),
  });

  // Drafts, publishing, the trash and preview links (decision 052), behind the same checks.
  await app.register(contentDraftRoutes);

  // Unknown content paths: still behind the token and the role, and answered in this shape.
  app.all('/*', { config, schema: { hide: true } }, async () => {
    throw new PublicError(404, MESSAGES.notFound);
  });
};
export default contentEditingRoutes;
