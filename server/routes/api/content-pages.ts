// /api/content/pages and /api/content/redirects (issue 31): every page's copy as a structured
// document, checked by its file's schema, with versions, history and restore; and the permanent
// redirects slug changes wrote. As /api/content's other calls (content-editing.ts): a live staff
// bearer token (401) of an admin (403, the role read from the database), no answer cached,
// CSRF-checked writes, errors as {errorInfo}. A bad document is a 400 naming the field's path.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorInfoObjectSchema } from '../../../common/api.ts';
import { CONTENT_MESSAGES, CONTENT_STATUSES } from '../../../common/content.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { PublicError } from '../../errors.ts';
import { bearerHeaders, bearerToken } from './bearer.ts';
import { answered as answer } from './refusal-answer.ts';

const errors = { '4xx': errorInfoObjectSchema };
const config = { errorShape: 'errorInfo' } as const;
const tags = ['Staff content'];
const idParams = z.object({ id: z.string().max(80).describe('The page id, e.g. home or feature-dashboard') });
const version = z.number().int().positive().describe('The version you opened');

const pageSummary = z.object({
  id: z.string(),
  title: z.string(),
  group: z.string(),
  schema: z.string().describe('The zod schema its file in content/ is checked with'),
  paths: z.array(z.string()),
  version: z.number(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable().describe('Null while the page is still its file in content/'),
  hasDraft: z.boolean().describe('A draft waits to be published'),
  publishAt: z.string().nullable().describe('When the scheduler publishes the draft'),
});
const pageDocument = pageSummary.extend({
  document: z.unknown().describe('What the site shows'),
  draft: z.unknown().describe('The saved draft, null when there is none'),
  draftAt: z.string().nullable(),
  draftBy: z.string().nullable(),
});
const pageVersion = z.object({
  version: z.number(),
  savedAt: z.string(),
  savedBy: z.string(),
  document: z.unknown(),
  action: z.enum(['save', 'draft', 'publish']),
});
/** As the FAQ's saves (decision 052): live by default, or the draft, with an optional schedule. */
const publishing = {
  status: z.enum(CONTENT_STATUSES, { error: CONTENT_MESSAGES.badStatus }).default('published'),
  publish_at: z.iso
    .datetime({ offset: true, error: CONTENT_MESSAGES.badPublishAt })
    .nullable()
    .optional()
    .describe('ISO instant with offset, in the future, drafts only; null takes the schedule away'),
};
const redirect = z.object({ from: z.string(), to: z.string(), createdAt: z.string(), createdBy: z.string() });

const contentPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasRequestDecorator('staffUsername')) app.decorateRequest('staffUsername', '');
  const pages = app.services.pageEditing;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await app.services.auth.validate(bearerToken(request));
    if (!session) throw new PublicError(401, MESSAGES.tokenInvalid);
    if (session.role !== 'admin') throw new PublicError(403, CONTENT_MESSAGES.forbidden);
    request.staffUsername = session.username;
  });

  const schema = <T extends object>(summary: string, rest: T) => ({ summary, tags, headers: bearerHeaders, ...rest });
  const found = <T>(value: T | null): T => {
    if (value === null) throw new PublicError(404, MESSAGES.notFound);
    return value;
  };

  app.get('/pages', {
    config,
    schema: schema('Every page whose copy is editable, with its schema and version', {
      response: { 200: z.array(pageSummary), ...errors },
    }),
    handler: () => pages.list(),
  });
  app.get('/pages/:id', {
    config,
    schema: schema("A page's whole structured document", {
      params: idParams,
      response: { 200: pageDocument, ...errors },
    }),
    handler: async (request) => found(await pages.read(request.params.id)),
  });
  app.put('/pages/:id', {
    config,
    // A whole page's document: the largest file (features.yaml) is ~40 KB of YAML.
    bodyLimit: 1024 * 1024,
    schema: schema("Save a page's whole document; 400 naming the field, 409 when someone saved it since `version`", {
      params: idParams,
      body: z.object({ version, document: z.unknown(), ...publishing }),
      response: { 200: pageDocument, ...errors },
    }),
    handler: (request) => {
      const { version: opened, document, status, publish_at } = request.body;
      return answer(pages.save(request.params.id, opened, document, request.staffUsername, { status, publish_at }));
    },
  });
  app.post('/pages/:id/publish', {
    config,
    schema: schema("Publish the page's saved draft; 409 when there is none or someone changed it since `version`", {
      params: idParams,
      body: z.strictObject({ version }),
      response: { 200: pageDocument, ...errors },
    }),
    handler: (request) => answer(pages.publish(request.params.id, request.body.version, request.staffUsername)),
  });
  app.post('/pages/:id/preview-link', {
    config,
    schema: schema('A signed link that shows the page with its draft, to anyone holding it, for an hour', {
      params: idParams,
      response: { 200: z.object({ path: z.string(), expiresAt: z.string() }), ...errors },
    }),
    handler: (request) => answer(pages.previewLink(request.params.id)),
  });
  // This editor's typing, autosaved (decision 059): not the draft, not checked by the schema yet.
  const autosaved = z.object({ version: z.number(), document: z.unknown(), savedAt: z.string() });
  app.put('/pages/:id/autosave', {
    config,
    bodyLimit: 1024 * 1024,
    schema: schema('Keep what you are typing in a page for you alone (autosave); a save of yours drops it', {
      params: idParams,
      body: z.object({
        version: z.number({ error: CONTENT_MESSAGES.versionRequired }).int().describe('The version you opened'),
        document: z.unknown().optional().describe('The typed document, as PUT /pages/:id takes it'),
      }),
      response: { 200: autosaved, ...errors },
    }),
    handler: (request) =>
      answer(pages.autosave(request.params.id, request.staffUsername, request.body.version, request.body.document)),
  });
  app.get('/pages/:id/autosave', {
    config,
    schema: schema('Your autosaved typing in a page; 404 when there is none', {
      params: idParams,
      response: { 200: autosaved, ...errors },
    }),
    handler: async (request) => found(await pages.findAutosave(request.params.id, request.staffUsername)),
  });
  app.delete('/pages/:id/autosave', {
    config,
    schema: schema('Drop your autosaved typing in a page', {
      params: idParams,
      response: { 200: z.object({ deleted: z.boolean() }), ...errors },
    }),
    handler: async (request) => {
      found(await pages.read(request.params.id));
      return { deleted: await pages.clearAutosave(request.params.id, request.staffUsername) };
    },
  });
  app.get('/pages/:id/history', {
    config,
    schema: schema('Every saved version of a page, newest first', {
      params: idParams,
      response: { 200: z.array(pageVersion), ...errors },
    }),
    handler: async (request) => found(await pages.versions(request.params.id)),
  });
  app.post('/pages/:id/restore', {
    config,
    schema: schema('Save an earlier version of a page as its next one', {
      params: idParams,
      body: z.object({ version, restore: z.number().int().positive().describe('The earlier version') }),
      response: { 200: pageDocument, ...errors },
    }),
    handler: (request) =>
      answer(pages.restore(request.params.id, request.body.version, request.body.restore, request.staffUsername)),
  });

  app.get('/redirects', {
    config,
    schema: schema('The permanent redirects slug changes wrote', { response: { 200: z.array(redirect), ...errors } }),
    handler: () => pages.redirects(),
  });
  app.delete('/redirects', {
    config,
    schema: schema('Remove a redirect: its old path answers 404 again', {
      querystring: z.object({ from: z.string().min(1).max(300).describe('The old path') }),
      response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
    }),
    handler: async (request) => {
      await answer(pages.removeRedirect(request.query.from));
      return { deleted: true as const };
    },
  });
};

export default contentPagesRoutes;
