// /api/inbox: the staff inbox (issue 7). Every call needs a live staff bearer token (401
// otherwise, checked before anything else is read), and no answer is ever cached. Non-GET calls
// also pass the CSRF check every /api call does. Errors answer {errorInfo}.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorInfoObjectSchema } from '../../../common/api.ts';
import { ACCEPTED_IMAGE_TYPES } from '../../../common/constants.ts';
import {
  bulkAnswerSchema,
  bulkBodySchema,
  inboxDetailQuerySchema,
  inboxFilterSchema,
  ownerBodySchema,
  staffListSchema,
  inboxListQuerySchema,
  inboxSummarySchema,
  isInboxKind,
  itemDetailSchema,
  type InboxKind,
  listPageSchema,
  noteBodySchema,
  statusBodySchema,
} from '../../../common/inbox.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { PublicError } from '../../errors.ts';
import { bearerHeaders, bearerToken } from './bearer.ts';
import { answered } from './refusal-answer.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member behind an inbox request. */
    staffUsername: string;
  }
}

/** The image answer may only ever be shown as an image: no script, no plugin, no same origin. */
export const IMAGE_CSP = "default-src 'none'; sandbox";

const kindParams = z.object({ kind: z.string().describe('demo-requests, contact-messages, feedback or newsletter') });
const itemParams = kindParams.extend({ id: z.string().describe('The submission id') });
const errors = { '4xx': errorInfoObjectSchema };
const config = { errorShape: 'errorInfo' } as const;
const tags = ['Staff inbox'];

/** An unknown kind is a missing resource (404), like an unknown id. */
function kindOf(value: string): InboxKind {
  if (!isInboxKind(value)) throw new PublicError(404, MESSAGES.notFound);
  return value;
}

function idOf(value: string): number {
  if (!/^[1-9]\d{0,14}$/.test(value)) throw new PublicError(404, MESSAGES.notFound);
  return Number(value);
}

const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('staffUsername', '');

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await app.services.auth.validate(bearerToken(request));
    if (!session) throw new PublicError(401, MESSAGES.tokenInvalid);
    request.staffUsername = session.username;
  });

  app.get('/summary', {
    config,
    schema: {
      summary: 'Submissions per kind and status',
      tags,
      headers: bearerHeaders,
      response: { 200: inboxSummarySchema, ...errors },
    },
    handler: async (request) => app.services.inbox.summary(request.staffUsername),
  });

  app.get('/staff', {
    config,
    schema: {
      summary: 'Who can own submissions, and who is asking',
      tags,
      headers: bearerHeaders,
      response: { 200: staffListSchema, ...errors },
    },
    handler: async (request) => ({ me: request.staffUsername, staff: await app.services.inbox.staff() }),
  });

  app.get('/:kind', {
    config,
    schema: {
      summary: 'One page of a kind of submission, newest first',
      tags,
      headers: bearerHeaders,
      params: kindParams,
      querystring: inboxListQuerySchema,
      response: { 200: listPageSchema, ...errors },
    },
    handler: (request) =>
      answered(app.services.inbox.list(kindOf(request.params.kind), request.query, request.staffUsername)),
  });

  app.post('/:kind/bulk', {
    config,
    schema: {
      summary: 'One status and/or owner for up to 500 submissions: all of it or nothing',
      tags,
      headers: bearerHeaders,
      params: kindParams,
      body: bulkBodySchema,
      response: { 200: bulkAnswerSchema, ...errors },
    },
    handler: async (request) => {
      const changed = await answered(
        app.services.inbox.bulk(kindOf(request.params.kind), request.body, request.staffUsername),
      );
      return { changed: changed.length, ids: changed };
    },
  });

  app.get('/:kind/export.xlsx', {
    config,
    schema: {
      summary: 'Every submission the filters (or ids) match, as an Excel workbook with every cell as text',
      tags,
      headers: bearerHeaders,
      params: kindParams,
      querystring: inboxFilterSchema,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: z.any().describe('The workbook'), ...errors },
    },
    handler: async (request, reply) => {
      const kind = kindOf(request.params.kind);
      const { fileName, bytes } = await answered(
        app.services.inbox.exportXlsx(kind, request.query, request.staffUsername),
      );
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(bytes);
    },
  });

  app.get('/:kind/export.csv', {
    config,
    schema: {
      summary: 'Every submission the filters match, as CSV (UTF-8 with BOM)',
      tags,
      headers: bearerHeaders,
      params: kindParams,
      querystring: inboxFilterSchema,
      produces: ['text/csv'],
      response: { 200: z.any().describe('The CSV file'), ...errors },
    },
    handler: async (request, reply) => {
      const kind = kindOf(request.params.kind);
      const { fileName, stream } = await answered(
        app.services.inbox.exportCsv(kind, request.query, request.staffUsername),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  });

  app.get('/:kind/:id', {
    config,
    schema: {
      summary: 'One submission with every field, and its status changes and notes',
      tags,
      headers: bearerHeaders,
      params: itemParams,
      querystring: inboxDetailQuerySchema,
      response: { 200: itemDetailSchema, ...errors },
    },
    handler: async (request) => {
      const [kind, id] = [kindOf(request.params.kind), idOf(request.params.id)];
      return answered(app.services.inbox.open(kind, id, request.query, request.staffUsername));
    },
  });

  app.get('/:kind/:id/image', {
    config,
    schema: {
      summary: 'The image sent with a contact message',
      tags,
      headers: bearerHeaders,
      params: itemParams,
      produces: [...ACCEPTED_IMAGE_TYPES],
      response: { 200: z.any().describe('The image bytes'), ...errors },
    },
    handler: async (request, reply) => {
      return sendImage(
        reply,
        await answered(app.services.inbox.image(kindOf(request.params.kind), idOf(request.params.id))),
      );
    },
  });

  app.put('/:kind/:id/status', {
    config,
    schema: {
      summary: 'Move a submission to another status',
      tags,
      headers: bearerHeaders,
      params: itemParams,
      body: statusBodySchema,
      response: { 200: itemDetailSchema, ...errors },
    },
    handler: async (request) => {
      const { kind, id } = request.params;
      return answered(
        app.services.inbox.changeStatus(kindOf(kind), idOf(id), request.body.status, request.staffUsername),
      );
    },
  });

  app.post('/:kind/:id/notes', {
    config,
    schema: {
      summary: 'Add an internal note to a submission',
      tags,
      headers: bearerHeaders,
      params: itemParams,
      body: noteBodySchema,
      response: { 200: itemDetailSchema, ...errors },
    },
    handler: async (request) => {
      const { kind, id } = request.params;
      return answered(app.services.inbox.addNote(kindOf(kind), idOf(id), request.body.note, request.staffUsername));
    },
  });

  app.put('/:kind/:id/owner', {
    config,
    schema: {
      summary: 'Give a submission to a staff member, or to nobody (null)',
      tags,
      headers: bearerHeaders,
      params: itemParams,
      body: ownerBodySchema,
      response: { 200: itemDetailSchema, ...errors },
    },
    handler: async (request) => {
      const { kind, id } = request.params;
      return answered(
        app.services.inbox.changeOwner(kindOf(kind), idOf(id), request.body.owner, request.staffUsername),
      );
    },
  });

  app.post('/:kind/:id/unread', {
    config,
    schema: {
      summary: 'Mark a submission unread for the signed-in staff member',
      tags,
      headers: bearerHeaders,
      params: itemParams,
      response: { 200: z.object({ unread: z.literal(true) }), ...errors },
    },
    handler: async (request) => {
      return {
        unread: await answered(
          app.services.inbox.markUnread(kindOf(request.params.kind), idOf(request.params.id), request.staffUsername),
        ),
      };
    },
  });

  // Unknown inbox paths: still behind the token, and answered in the inbox's shape.
  app.all('/*', { config, schema: { hide: true } }, async () => {
    throw new PublicError(404, MESSAGES.notFound);
  });
};

/** Only the four raster types are ever sent as what they are; anything else (which the contact
 * check never stores) would go out as an opaque download, never as HTML or SVG. */
function sendImage(reply: FastifyReply, image: { bytes: Uint8Array; type: string; fileName: string }) {
  const raster = (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(image.type);
  return reply
    .header('content-type', raster ? image.type : 'application/octet-stream')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `${raster ? 'inline' : 'attachment'}; filename="${image.fileName}"`)
    .header('content-security-policy', IMAGE_CSP)
    .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
}
export default inboxRoutes;
