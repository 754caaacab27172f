// Demo booking's calls (issue 29): GET /api/demo/slots, the free times a visitor may book (no
// names); /api/inbox/availability, where staff set their hours; /api/inbox/booking-settings.
// The staff calls need a live staff bearer token (401, checked before anything else is read);
// someone else's availability, the rotation and the settings need an admin (403). Errors answer
// in the route family's shape: ['ERROR', msg] as the demo form's call, {errorInfo} as the inbox's.
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswerSchema, errorInfoObjectSchema } from '../../../common/api.ts';
import {
  availabilityBodySchema,
  availabilitySchema,
  bookingSettingsBodySchema,
  bookingSettingsSchema,
  slotsAnswerSchema,
  slotsQuerySchema,
} from '../../../common/booking.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { PublicError } from '../../errors.ts';
import { AvailabilityError } from '../../services/booking/booking-types.ts';
import { bearerHeaders, bearerToken } from './bearer.ts';
import inboxDemoRoutes from './inbox-demos.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member's role, on the availability calls. */
    staffRole: string;
  }
}

const STATUS = { 'not-found': 404, forbidden: 403 } as const;

async function answer<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AvailabilityError) throw new PublicError(STATUS[error.reason], error.message);
    throw error;
  }
}

const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { errorShape: 'errorInfo' } as const;
  const tags = ['Staff availability'];
  const errors = { '4xx': errorInfoObjectSchema };
  if (!app.hasRequestDecorator('staffUsername')) app.decorateRequest('staffUsername', '');
  app.decorateRequest('staffRole', '');

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await app.services.auth.validate(bearerToken(request));
    if (!session) throw new PublicError(401, MESSAGES.tokenInvalid);
    request.staffUsername = session.username;
    request.staffRole = session.role;
  });

  app.get('/availability', {
    config,
    schema: {
      summary: 'My time zone, weekly hours, days off and meeting link',
      tags,
      headers: bearerHeaders,
      response: { 200: availabilitySchema, ...errors },
    },
    handler: async (request) => (await app.services.booking.availability(request.staffUsername))!,
  });

  app.put('/availability', {
    config,
    schema: {
      summary: 'Replace my availability',
      tags,
      headers: bearerHeaders,
      body: availabilityBodySchema,
      response: { 200: availabilitySchema, ...errors },
    },
    handler: (request) =>
      answer(
        app.services.booking.saveAvailability(request.staffUsername, request.body, {
          username: request.staffUsername,
          role: request.staffRole,
        }),
      ),
  });

  app.put('/availability/:username', {
    config,
    schema: {
      summary: "Replace a staff member's availability, or take them out of the rotation (admins)",
      tags,
      headers: bearerHeaders,
      params: z.object({ username: z.string().max(64) }),
      body: availabilityBodySchema,
      response: { 200: availabilitySchema, ...errors },
    },
    handler: (request) =>
      answer(
        app.services.booking.saveAvailability(request.params.username, request.body, {
          username: request.staffUsername,
          role: request.staffRole,
        }),
      ),
  });

  app.get('/booking-settings', {
    config,
    schema: {
      summary: 'Meeting length, buffer, minimum notice and how far ahead: in force and stored',
      tags,
      headers: bearerHeaders,
      response: { 200: bookingSettingsSchema, ...errors },
    },
    handler: () => app.services.booking.settingsAnswer(),
  });

  app.put('/booking-settings', {
    config,
    schema: {
      summary: 'Store the booking settings (admins); null for the configured value',
      tags,
      headers: bearerHeaders,
      body: bookingSettingsBodySchema,
      response: { 200: bookingSettingsSchema, ...errors },
    },
    handler: (request) =>
      answer(
        app.services.booking.saveSettings(request.body, { username: request.staffUsername, role: request.staffRole }),
      ),
  });
};

const JSON_TYPE = 'application/json; charset=utf-8';

// Plain Fastify typing for the slots call: it sends JSON text it wrote itself (a few hundred
// slots, asked often), not the object through the response schema's serializer; the schemas
// still validate the query and describe the answer.
const bookingRoutes: FastifyPluginAsync = async (app) => {
  app.get('/demo/slots', {
    config: { errorShape: 'ERROR' },
    schema: {
      summary: 'Free times for a demo, in the visitor’s zone: every start at which someone in the rotation is free',
      tags: ['Forms'],
      querystring: slotsQuerySchema,
      response: { 200: slotsAnswerSchema, '4xx': errorAnswerSchema },
    },
    handler: async (request, reply) => {
      const query = request.query as z.output<typeof slotsQuerySchema>;
      // Free times change with every booking: never kept by a cache.
      return reply
        .header('cache-control', 'no-store')
        .type(JSON_TYPE)
        .send(JSON.stringify(await app.services.booking.slots(query.tz, query.days)));
    },
  });
  await app.register(availabilityRoutes, { prefix: '/inbox' });
  await app.register(inboxDemoRoutes, { prefix: '/inbox' });
};
export default bookingRoutes;
