// /api/content: drafts, publishing, the trash and preview links of FAQ items and glossary entries
// (issue 31, decision 052), the same calls for each kind. Registered inside the content routes
// (content-editing.ts), so the same token, role and CSRF checks run first and errors answer {errorInfo}.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorInfoObjectSchema } from '../../../common/api.ts';
import {
  type ContentKind,
  staffFaqSchema,
  staffGlossarySchema,
  trashItemSchema,
  versionBodySchema,
} from '../../../common/content.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { PublicError } from '../../errors.ts';
import { bearerHeaders } from './bearer.ts';
import { answered as answer } from './refusal-answer.ts';

export function idOf(value: string): number {
  if (!/^[1-9]\d{0,14}$/.test(value)) throw new PublicError(404, MESSAGES.notFound);
  return Number(value);
}

export function found<T>(item: T | null): T {
  if (!item) throw new PublicError(404, MESSAGES.notFound);
  return item;
}

const idParams = z.object({ id: z.string().describe('The item id') });
const errors = { '4xx': errorInfoObjectSchema };
const config = { errorShape: 'errorInfo' } as const;
const tags = ['Staff content'];
const previewLinkSchema = z.object({
  /** Where the preview is: /preview/<token>, on this site. */
  path: z.string(),
  expiresAt: z.string(),
});

/** Each kind's path segment, its name in the summaries and its item's answer schema. */
const KINDS: {
  kind: ContentKind;
  path: string;
  name: string;
  item: typeof staffFaqSchema | typeof staffGlossarySchema;
}[] = [
  { kind: 'faq', path: 'faqs', name: 'an FAQ item', item: staffFaqSchema },
  { kind: 'glossary', path: 'glossary', name: 'a glossary entry', item: staffGlossarySchema },
];

export const contentDraftRoutes: FastifyPluginAsyncZod = async (app) => {
  const edit = app.services.contentEditing;
  const schema = <T extends object>(summary: string, rest: T) => ({ summary, tags, headers: bearerHeaders, ...rest });

  for (const { kind, path, name, item } of KINDS) {
    app.post(`/${path}/:id/publish`, {
      config,
      schema: schema(`Publish the draft of ${name} (its schedule goes); 409 when there is no draft`, {
        params: idParams,
        body: versionBodySchema,
        response: { 200: item, ...errors },
      }),
      handler: (request) =>
        answer(edit.publish(kind, idOf(request.params.id), request.body.version, request.staffUsername)),
    });
    app.post(`/${path}/:id/untrash`, {
      config,
      schema: schema(`Take ${name} back out of the trash, as it was`, {
        params: idParams,
        body: versionBodySchema,
        response: { 200: item, ...errors },
      }),
      handler: (request) =>
        answer(edit.untrash(kind, idOf(request.params.id), request.body.version, request.staffUsername)),
    });
    app.post(`/${path}/:id/preview-link`, {
      config,
      schema: schema(`A signed link, valid one hour, that shows the public page with the draft of ${name} applied`, {
        params: idParams,
        response: { 200: previewLinkSchema, ...errors },
      }),
      handler: (request) => answer(edit.previewLink(kind, idOf(request.params.id))),
    });
  }

  app.get('/trash', {
    config,
    schema: schema('Items in the trash, most recent first (purged 30 days after)', {
      response: { 200: z.array(trashItemSchema), ...errors },
    }),
    handler: () => edit.listTrash(),
  });
};
