// POST /api/SignIn, GET /api/SignOut and GET /api/ValidateToken: staff sign-in with bearer tokens.
// Answers about credentials are never cached.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorAnswerSchema,
  errorInfoObjectSchema,
  success,
  successAnswerSchema,
  tokenInfoSchema,
  tokensSchema,
} from '../../../common/api.ts';
import { CONTENT_COOKIE } from '../../../common/content.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { signInSchema } from '../../../common/schemas.ts';
import { PublicError } from '../../errors.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { bearerHeaders, bearerToken } from './bearer.ts';

const authRoutes: FastifyPluginAsyncZod<{ signInPerMinute: number }> = async (app, options) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/SignIn', {
    config: {
      errorShape: 'ERROR',
      validationMessage: MESSAGES.allFieldsRequired,
      ...rateLimitFor(options.signInPerMinute),
    },
    schema: {
      summary: 'Sign in as a Haulora staff member',
      tags: ['Sign-in'],
      body: signInSchema,
      response: { 200: tokensSchema, '4xx': errorAnswerSchema },
    },
    handler: async (request, reply) => {
      const result = await app.services.auth.signIn(request.body, request.ip);
      if (result.kind === 'locked') throw new PublicError(429, MESSAGES.lockedOut);
      if (result.kind === 'wrong-credentials') throw new PublicError(401, MESSAGES.wrongCredentials);
      request.log.info({ username: request.body.username }, 'signed in');
      // The Content area's pages (rendered on the server, decision 021) read the same sign-in
      // from a cookie only they receive; it dies with the access token or at sign-out.
      reply.setCookie(CONTENT_COOKIE, result.tokens.access_token, {
        path: '/content',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: result.tokens.expires_in,
      });
      return result.tokens;
    },
  });

  app.get('/ValidateToken', {
    config: { errorShape: 'errorInfo' },
    schema: {
      summary: 'Check that an access token is live',
      tags: ['Sign-in'],
      headers: bearerHeaders,
      response: { 200: tokenInfoSchema, '4xx': errorInfoObjectSchema },
    },
    handler: async (request) => {
      const session = await app.services.auth.validate(bearerToken(request));
      if (!session) throw new PublicError(401, MESSAGES.tokenInvalid);
      return { username: session.username, expires_at: session.expiresAt.toISOString(), role: session.role };
    },
  });

  app.get('/SignOut', {
    config: { errorShape: 'errorInfo' },
    schema: {
      summary: 'Revoke the access and refresh tokens of this sign-in',
      tags: ['Sign-in'],
      headers: bearerHeaders,
      response: { 200: successAnswerSchema, '4xx': errorInfoObjectSchema },
    },
    handler: async (request, reply) => {
      const signedOut = await app.services.auth.signOut(bearerToken(request));
      if (!signedOut) throw new PublicError(401, MESSAGES.tokenInvalid);
      reply.clearCookie(CONTENT_COOKIE, { path: '/content' });
      return success(MESSAGES.signedOut);
    },
  });
};
export default authRoutes;
