// POST /api/ContactUs, multipart: name, email, subject, inq_type, img, message, and optionally
// attribution (JSON text).
// The image is read into memory (at most 5 MB, one file); the intake (services/intake.ts) checks
// it by its bytes and declared dimensions, re-encodes it and stores it with the message in one
// row, so a refused request leaves nothing behind. Unknown fields and forged file names are
// refused here, while reading.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorInfoAnswerSchema, successAnswerSchema } from '../../../common/api.ts';
import { MAX_IMAGE_BYTES } from '../../../common/constants.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { CONTACT_TEXT_FIELDS, contactSchema, FORGED_FILE_NAME } from '../../../common/contact-schema.ts';
import { PublicError } from '../../errors.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { withAttribution } from '../../submission-kinds/attribution.ts';
import { answerOf, idempotencyHeaders, idempotencyKey } from './intake-answer.ts';

const LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 64 * 1024,
  parts: 12,
  headerPairs: 100,
};

/** The multipart body for the OpenAPI file: Fastify does not validate it, the handler does. */
export const contactFormDoc = z.toJSONSchema(withAttribution(contactSchema.omit({ img: true })), {
  io: 'input',
  unrepresentable: 'any',
});
contactFormDoc.properties = { ...contactFormDoc.properties, img: { type: 'string', format: 'binary' } };
contactFormDoc.required = [...(contactFormDoc.required ?? []), 'img'];

async function readForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) throw new PublicError(415, MESSAGES.unsupportedMediaType);
  const form: Record<string, unknown> = {};
  try {
    // preservePath: busboy would otherwise cut `../` off the name before we could see it.
    for await (const part of request.parts({ limits: LIMITS, preservePath: true })) {
      if (part.type === 'file') {
        // Read the part even when it is refused, so the parser never stalls on an unread stream.
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'img' || FORGED_FILE_NAME.test(part.filename))
          throw new PublicError(400, MESSAGES.badRequest);
        form.img = bytes;
      } else {
        // The attribution is JSON text here; the intake keeps what is valid of it (decision 051).
        if (!CONTACT_TEXT_FIELDS.has(part.fieldname) && part.fieldname !== 'attribution')
          throw new PublicError(400, MESSAGES.badRequest);
        form[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The parser's own errors (no boundary, a body cut before its final boundary, a malformed
    // part) carry no status: they are the client's malformed body, not a server fault.
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status < 500) throw error;
    throw new PublicError(400, MESSAGES.badRequest);
  }
  return form;
}

const contactRoutes: FastifyPluginAsyncZod<{ formsPerMinute: number }> = async (app, options) => {
  await app.register(multipart, { limits: LIMITS });

  app.post('/ContactUs', {
    config: { submissionKind: 'contact_message', errorShape: 'ErrorInfo', ...rateLimitFor(options.formsPerMinute) },
    schema: {
      summary: 'Send a contact message with an image',
      tags: ['Forms'],
      consumes: ['multipart/form-data'],
      headers: idempotencyHeaders,
      response: { 200: successAnswerSchema, '4xx': errorInfoAnswerSchema },
    },
    handler: async (request) =>
      answerOf(await app.services.intake.contact(await readForm(request), idempotencyKey(request))),
  });
};
export default contactRoutes;
