// /api/content/images (issue 31): upload a customer story's or an integration's image (a logo, a
// photo) and list the uploaded ones. As /api/content's other calls: a live staff bearer token
// (401) of an admin (403), CSRF-checked upload, never cached, errors as {errorInfo}. The upload is
// multipart: `file` (one image, at most 5 MB) and `alt` (required). It passes the contact form's
// checks: not an accepted image by its bytes 415, too large in bytes or pixels 413, no alt text
// or no file 400; nothing is stored unless every check passed.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorInfoObjectSchema } from '../../../common/api.ts';
import { MAX_IMAGE_BYTES } from '../../../common/constants.ts';
import { CONTENT_MESSAGES } from '../../../common/content.ts';
import { IMAGE_MESSAGES } from '../../../common/content-images.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { PublicError } from '../../errors.ts';
import { bearerHeaders, bearerToken } from './bearer.ts';

const LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 2, fieldSize: 4 * 1024, parts: 3, headerPairs: 100 };

const contentImage = z.object({
  id: z.string().describe('The SHA-256 of the stored bytes'),
  src: z.string().describe('Where it is served: /media/<id>.<ext>, cached for a year'),
  type: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
});
const uploadDoc = {
  type: 'object',
  required: ['file', 'alt'],
  properties: {
    file: { type: 'string', format: 'binary', description: 'A PNG, JPEG, WebP or GIF image, at most 5 MB' },
    alt: { type: 'string', maxLength: 400, description: 'What the image shows (required)' },
  },
};

/** The upload's file and alt text; any other part, or a second file, is refused while reading. */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer | null; alt: unknown }> {
  if (!request.isMultipart()) throw new PublicError(415, MESSAGES.unsupportedMediaType);
  let bytes: Buffer | null = null;
  let alt: unknown;
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'file') {
        // Read the part even when it is refused, so the parser never stalls on an unread stream.
        const read = await part.toBuffer();
        if (part.fieldname !== 'file' || bytes !== null) throw new PublicError(400, IMAGE_MESSAGES.oneFile);
        bytes = read;
      } else if (part.fieldname === 'alt') alt = part.value;
      else throw new PublicError(400, MESSAGES.badRequest);
    }
  } catch (error) {
    // The parser's own errors (too large: 413; a malformed body) carry a 4xx status or none.
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status < 500) throw error;
    throw new PublicError(400, MESSAGES.badRequest);
  }
  return { bytes, alt };
}

const contentImageRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasRequestDecorator('staffUsername')) app.decorateRequest('staffUsername', '');
  await app.register(multipart, { limits: LIMITS });
  const images = app.services.contentImages;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await app.services.auth.validate(bearerToken(request));
    if (!session) throw new PublicError(401, MESSAGES.tokenInvalid);
    if (session.role !== 'admin') throw new PublicError(403, CONTENT_MESSAGES.forbidden);
    request.staffUsername = session.username;
  });

  const tags = ['Staff content'];
  const errors = { '4xx': errorInfoObjectSchema };
  app.get('/images', {
    config: { errorShape: 'errorInfo' },
    schema: {
      summary: 'Every uploaded story and integration image, newest first',
      tags,
      headers: bearerHeaders,
      response: { 200: z.array(contentImage), ...errors },
    },
    handler: () => images.list(),
  });
  app.post('/images', {
    config: { errorShape: 'errorInfo' },
    schema: {
      summary: 'Upload an image for a customer story or an integration (multipart: file, alt)',
      description:
        'Checked as the contact form checks its image (by its bytes, at most 5 MB and 24 megapixels), re-encoded without metadata. 400 without alt text or file, 413 too large, 415 not a PNG, JPEG, WebP or GIF.',
      tags,
      headers: bearerHeaders,
      consumes: ['multipart/form-data'],
      response: { 200: contentImage, ...errors },
    },
    handler: async (request) => {
      const { bytes, alt } = await readUpload(request);
      const result = await images.upload(bytes, alt, request.staffUsername);
      if (!result.ok) throw new PublicError(result.status, result.message);
      return result.image;
    },
  });
};
export { uploadDoc as contentImageUploadDoc };
export default contentImageRoutes;
