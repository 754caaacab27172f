// GET /media/<sha-256>.<ext>: an image uploaded in the Content area (issue 31), for the customer
// stories and integrations. Public; the path names the bytes' hash, so the answer never changes
// and is cached for a year. Served as the stored (re-encoded) type with nosniff and a sandbox CSP,
// as the inbox serves the contact form's images.
import type { FastifyInstance } from 'fastify';

const NOT_FOUND = 'Not found\n';
const YEAR = 365 * 24 * 60 * 60;

export default async function contentMediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>('/media/:file', { schema: { hide: true } }, async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    const image = await app.services.contentImages.file(`/media/${request.params.file}`);
    if (!image)
      return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_FOUND);
    return reply
      .type(image.type)
      .header('cache-control', `public, max-age=${YEAR}, immutable`)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
  });
}
