// GET /api/openapi.json: the OpenAPI 3.1 description generated from the route schemas.
import type { FastifyPluginAsync } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { contactFormDoc } from './contact.ts';
import { contentImageUploadDoc } from './content-images.ts';

const openApiRoutes: FastifyPluginAsync = async (app) => {
  let document: OpenAPIV3_1.Document | undefined;
  app.get('/openapi.json', { schema: { hide: true } }, async () => {
    document ??= withContactForm(app.swagger() as OpenAPIV3_1.Document);
    return document;
  });
};

/** Fastify does not validate the multipart contact body, so its schema is added here. */
function withContactForm(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const post = document.paths?.['/api/ContactUs']?.post;
  if (post) {
    post.requestBody = {
      required: true,
      // zod's JSON Schema is valid OpenAPI 3.1 but typed differently from openapi-types'.
      content: { 'multipart/form-data': { schema: contactFormDoc as never } },
    };
  }
  const upload = document.paths?.['/api/content/images']?.post;
  if (upload)
    upload.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: contentImageUploadDoc as never } },
    };
  return document;
}
export default openApiRoutes;
