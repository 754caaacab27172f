// The JSON API under /api: the spec's calls (section 7), the newsletter, and the OpenAPI file.
// Every other /api path answers a JSON 404, never the HTML page.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../../common/messages.ts';
import type { Config } from '../../config.ts';
import { PublicError } from '../../errors.ts';
import analyticsRoutes from './analytics.ts';
import authRoutes from './auth.ts';
import bookingRoutes from './booking.ts';
import contactRoutes from './contact.ts';
import contentRoutes from './content.ts';
import contentEditingRoutes from './content-editing.ts';
import contentImageRoutes from './content-images.ts';
import contentPagesRoutes from './content-pages.ts';
import demoRoutes from './demo.ts';
import eventsRoutes from './events.ts';
import feedbackRoutes from './feedback.ts';
import inboxRoutes from './inbox.ts';
import newsletterRoutes from './newsletter.ts';
import openApiRoutes from './openapi.ts';

export default async function apiRoutes(app: FastifyInstance, options: { config: Config }) {
  const { rateLimits, site } = options.config;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${site.brand} website API`,
        version: '1.0.0',
        description:
          'The calls behind the website forms. Non-GET calls need the X-XSRF-TOKEN header echoing the XSRF-TOKEN cookie.',
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(feedbackRoutes, { formsPerMinute: rateLimits.formsPerMinute });
  await app.register(demoRoutes, { formsPerMinute: rateLimits.formsPerMinute });
  await app.register(contactRoutes, { formsPerMinute: rateLimits.formsPerMinute });
  await app.register(newsletterRoutes, { formsPerMinute: rateLimits.formsPerMinute });
  await app.register(authRoutes, {
    signInPerMinute: rateLimits.signInPerMinute,
    secureCookies: options.config.siteUrl?.startsWith('https:') ?? false,
  });
  await app.register(contentRoutes);
  await app.register(inboxRoutes, { prefix: '/inbox' });
  await app.register(bookingRoutes);
  await app.register(contentEditingRoutes, { prefix: '/content' });
  await app.register(contentPagesRoutes, { prefix: '/content' });
  await app.register(contentImageRoutes, { prefix: '/content' });
  await app.register(eventsRoutes, {
    eventsPerMinute: options.config.analytics.eventsPerMinute,
    exemptAddresses: rateLimits.exemptAddresses,
  });
  await app.register(analyticsRoutes, { prefix: '/analytics' });
  await app.register(openApiRoutes);

  app.all('/*', { schema: { hide: true } }, async () => {
    throw new PublicError(404, MESSAGES.notFound);
  });
}
