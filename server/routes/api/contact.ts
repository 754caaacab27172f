// POST /api/ContactUs, multipart: name, email, subject, inq_type, img, message.
// The image is read into memory (at most 5 MB, one file), checked by its bytes, and stored with
// the message in one row, so a refused request leaves nothing behind.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorInfoAnswerSchema, success, successAnswerSchema } from '../../../common/api.ts';
import { MAX_IMAGE_BYTES } from '../../../common/constants.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { contactSchema, firstMessage } from '../../../common/schemas.ts';
import { PublicError } from '../../errors.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { checkImage } from '../../services/images.ts';

const LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 64 * 1024,
  parts: 12,
  headerPairs: 100,
};

/** The multipart body for the OpenAPI file: Fastify does not validate it, the handler does. */
export const contactFormDoc = z.toJSONSchema(contactSchema.omit({ img: true }), { io: 'input', unrepresentable: 'any' });
contactFormDoc.properties = { ...contactFormDoc.properties, img: { type: 'string', format: 'binary' } };
contactFormDoc.required = [...(contactFormDoc.required ?? []), 'img'];

async function readForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) throw new PublicError(415, MESSAGES.unsupportedMediaType);
  const form: Record<string, unknown> = {};
  for await (const part of request.parts({ limits: LIMITS })) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'img') throw new PublicError(400, MESSAGES.badRequest);
      form.img = bytes;
    } else {
      form[part.fieldname] = part.value;
    }
  }
  return form;
}

const contactRoutes: FastifyPluginAsyncZod<{ formsPerMinute: number }> = async (app, options) => {
  await app.register(multipart, { limits: LIMITS });

  app.post('/ContactUs', {
    config: { errorShape: 'ErrorInfo', ...rateLimitFor(options.formsPerMinute) },
    schema: {
      summary: 'Send a contact message with an image',
      tags: ['Forms'],
      consumes: ['multipart/form-data'],
      response: { 200: successAnswerSchema, '4xx': errorInfoAnswerSchema },
    },
    handler: async (request) => {
      const parsed = contactSchema.safeParse(await readForm(request));
      if (!parsed.success) throw new PublicError(400, firstMessage(parsed.error));
      const checked = await checkImage(parsed.data.img as Uint8Array);
      if (!checked.ok) throw new PublicError(400, checked.message);
      return success(app.services.submissions.sendContactMessage(parsed.data, checked.image));
    },
  });
};
export default contactRoutes;
