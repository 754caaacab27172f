// A staff member's booked demos (issue 29), under /api/inbox: move or cancel a demo request's
// booking (the visitor link's very change, recorded as theirs), My demos, and the private
// calendar feed's URL and its renewal. A live staff bearer token is needed (401, checked before
// anything else is read); non-GET calls pass the CSRF check every /api call does. Errors answer
// {errorInfo}, as the inbox's do; the answer of a change is the demo request as the inbox shows it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorInfoObjectSchema } from '../../../common/api.ts';
import { itemDetailSchema } from '../../../common/inbox.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { calendarFeedSchema, moveBodySchema, myDemosSchema } from '../../../common/staff-demos.ts';
import { PublicError } from '../../errors.ts';
import type { Result } from '../../refusal.ts';
import { bearerHeaders, bearerToken } from './bearer.ts';
import { answered } from './refusal-answer.ts';

const config = { errorShape: 'errorInfo' } as const;
const tags = ['Staff demos'];
const errors = { '4xx': errorInfoObjectSchema };
const params = z.object({ id: z.string().describe('The demo request id') });

function idOf(value: string): number {
  if (!/^[1-9]\d{0,14}$/.test(value)) throw new PublicError(404, MESSAGES.notFound);
  return Number(value);
}

const inboxDemoRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasRequestDecorator('staffUsername')) app.decorateRequest('staffUsername', '');

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await app.services.auth.validate(bearerToken(request));
    if (!session) throw new PublicError(401, MESSAGES.tokenInvalid);
    request.staffUsername = session.username;
  });

  /** The change, then the request as the inbox shows it (its booking's history included). */
  const changed = async (id: number, work: Promise<Result<true>>) => {
    await answered(work);
    return answered(app.services.inbox.detail('demo-requests', id));
  };

  app.post('/demo-requests/:id/booking/move', {
    config,
    schema: {
      summary: 'Move a demo request’s booked meeting to another free time (same UID, SEQUENCE + 1, both told)',
      tags,
      headers: bearerHeaders,
      params,
      body: moveBodySchema,
      response: { 200: itemDetailSchema, ...errors },
    },
    handler: (request) => {
      const id = idOf(request.params.id);
      return changed(
        id,
        app.services.staffDemos.changeRequestBooking(
          id,
          { kind: 'move', start: request.body.start },
          request.staffUsername,
        ),
      );
    },
  });

  app.post('/demo-requests/:id/booking/cancel', {
    config,
    schema: {
      summary: 'Cancel a demo request’s booked meeting (METHOD:CANCEL to both, reminders dropped)',
      tags,
      headers: bearerHeaders,
      params,
      response: { 200: itemDetailSchema, ...errors },
    },
    handler: (request) => {
      const id = idOf(request.params.id);
      return changed(id, app.services.staffDemos.changeRequestBooking(id, { kind: 'cancel' }, request.staffUsername));
    },
  });

  app.get('/my-demos', {
    config,
    schema: {
      summary: 'My booked demos: today, the rest of this week and next week, in my zone',
      tags,
      headers: bearerHeaders,
      response: { 200: myDemosSchema, ...errors },
    },
    handler: (request) => answered(app.services.staffDemos.myDemos(request.staffUsername)),
  });

  app.get('/calendar-feed', {
    config,
    schema: {
      summary: 'The URL of my private calendar feed of upcoming demos (made on first ask)',
      tags,
      headers: bearerHeaders,
      response: { 200: calendarFeedSchema, ...errors },
    },
    handler: (request) => answered(app.services.staffDemos.calendarFeed(request.staffUsername)),
  });

  app.post('/calendar-feed/renew', {
    config,
    schema: {
      summary: 'A new URL for my calendar feed: the old one answers 404 from now on',
      tags,
      headers: bearerHeaders,
      response: { 200: calendarFeedSchema, ...errors },
    },
    handler: (request) => answered(app.services.staffDemos.renewCalendarFeed(request.staffUsername)),
  });
};
export default inboxDemoRoutes;
