// POST /api/SignIn, GET /api/SignOut and GET /api/ValidateToken: staff sign-in with bearer tokens.
// Answers about credentials are never cached.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type Tokens,
  errorAnswerSchema,
  errorInfoObjectSchema,
  refreshBodySchema,
  success,
  successAnswerSchema,
  tokenInfoSchema,
  tokensSchema,
} from '../../../common/api.ts';
import { CONTENT_COOKIE } from '../../../common/content.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { SIGN_IN_TOO_LONG, signInSchema } from '../../../common/schemas.ts';
import { PublicError } from '../../errors.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { bearerHeaders, bearerToken } from './bearer.ts';

/** The Content area's pages (rendered on the server, decision 021) read the same sign-in from a
 * cookie only they receive; it dies with the access token or at sign-out. */
function setContentCookie(request: FastifyRequest, reply: FastifyReply, tokens: Tokens, secureCookies: boolean) {
  reply.setCookie(CONTENT_COOKIE, tokens.access_token, {
    path: '/content',
    httpOnly: true,
    sameSite: 'strict',
    // Secure whenever the public address is https (SITE_URL), whatever TRUST_PROXY says.
    secure: secureCookies || request.protocol === 'https',
    maxAge: tokens.expires_in,
  });
}

/** The one validation message the spec words for sign-in ('All fields are required!'), except
 * for a value that is too long, which says so. */
function signInValidationMessage(first: string | undefined): string {
  return first !== undefined && SIGN_IN_TOO_LONG.has(first) ? first : MESSAGES.allFieldsRequired;
}

const authRoutes: FastifyPluginAsyncZod<{ signInPerMinute: number; secureCookies: boolean }> = async (app, options) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/SignIn', {
    config: {
      errorShape: 'ERROR',
      validationMessage: signInValidationMessage,
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
      setContentCookie(request, reply, result.tokens, options.secureCookies);
      return result.tokens;
    },
  });

  app.post('/auth/refresh', {
    config: { errorShape: 'errorInfo', validationMessage: MESSAGES.refreshTokenMissing },
    schema: {
      summary: 'Trade a refresh token for new tokens (each refresh token works once)',
      description:
        'Rotation: the answer carries a new refresh token and the one sent never works again. Sending a used one answers 401 and revokes the whole sign-in. The token is accepted only in this JSON body, never in a URL.',
      tags: ['Sign-in'],
      body: refreshBodySchema,
      response: { 200: tokensSchema, '4xx': errorInfoObjectSchema },
    },
    handler: async (request, reply) => {
      // A token in a URL ends up in logs and histories: refused, even alongside a body.
      if (Object.keys((request.query as Record<string, unknown> | undefined) ?? {}).length > 0) {
        throw new PublicError(400, MESSAGES.refreshTokenInUrl);
      }
      const result = await app.services.auth.refresh(request.body.refresh_token);
      if (result.kind === 'reused') {
        request.log.warn('refresh token used twice: its sign-in is revoked');
        throw new PublicError(401, MESSAGES.tokenInvalid);
      }
      if (result.kind === 'invalid') throw new PublicError(401, MESSAGES.tokenInvalid);
      setContentCookie(request, reply, result.tokens, options.secureCookies);
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
      reply.clearCookie(CONTENT_COOKIE, {
        path: '/content',
        httpOnly: true,
        sameSite: 'strict',
        secure: options.secureCookies || request.protocol === 'https',
      });
      return success(MESSAGES.signedOut);
    },
  });
};
export default authRoutes;
