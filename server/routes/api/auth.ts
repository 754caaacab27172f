// POST /api/SignIn, GET /api/SignOut and GET /api/ValidateToken: staff sign-in with bearer tokens.
// Answers about credentials are never cached.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorAnswerSchema,
  errorInfoObjectSchema,
  refreshBodySchema,
  success,
  successAnswerSchema,
  tokenInfoSchema,
  tokensSchema,
} from '../../../common/api.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { SIGN_IN_TOO_LONG, signInSchema } from '../../../common/schemas.ts';
import { PublicError } from '../../errors.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { clearedSessionCookie, readSessionCookie, secondsUntil, sessionCookie } from '../../session-cookie.ts';
import { bearerHeaders, bearerToken } from './bearer.ts';

/** The sign-in's session cookie (decision 049): the refresh token, so a new tab, an email link
 * and the Content pages start signed in. Renewed with every rotation, cleared when it ends. */
function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  endsAt: string,
  secure: boolean,
) {
  // Secure whenever the public address is https (SITE_URL), whatever TRUST_PROXY says.
  for (const cookie of sessionCookie(value, secondsUntil(endsAt), secure || request.protocol === 'https'))
    reply.header('set-cookie', cookie);
}

function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  for (const cookie of clearedSessionCookie(secure || request.protocol === 'https')) reply.header('set-cookie', cookie);
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
      setSessionCookie(request, reply, result.tokens.refresh_token, result.endsAt, options.secureCookies);
      return result.tokens;
    },
  });

  app.post('/auth/refresh', {
    config: { errorShape: 'errorInfo', validationMessage: MESSAGES.refreshTokenMissing },
    schema: {
      summary: 'Trade a refresh token for new tokens (each refresh token works once)',
      description:
        'Rotation: the answer carries a new refresh token and the one sent never works again. Sending a used one answers 401 and revokes the whole sign-in. The token is accepted in this JSON body, never in a URL; without a body, the haulora_session cookie set at sign-in is used instead (same rules, CSRF-checked like every post). Every answer with tokens renews that cookie; a refused cookie is cleared.',
      tags: ['Sign-in'],
      body: refreshBodySchema.nullish(),
      response: { 200: tokensSchema, '4xx': errorInfoObjectSchema },
    },
    handler: async (request, reply) => {
      // A token in a URL ends up in logs and histories: refused, even alongside a body.
      if (Object.keys((request.query as Record<string, unknown> | undefined) ?? {}).length > 0) {
        throw new PublicError(400, MESSAGES.refreshTokenInUrl);
      }
      // No body: the session cookie's refresh token (decision 049). Neither: today's 400.
      const fromCookie = request.body == null;
      const refreshToken = fromCookie ? readSessionCookie(request.headers.cookie) : request.body!.refresh_token;
      if (refreshToken === null) throw new PublicError(400, MESSAGES.refreshTokenMissing);
      const result = await app.services.auth.refresh(refreshToken);
      if (result.kind !== 'refreshed') {
        if (result.kind === 'reused') request.log.warn('refresh token used twice: its sign-in is revoked');
        if (fromCookie) clearSessionCookie(request, reply, options.secureCookies);
        throw new PublicError(401, MESSAGES.tokenInvalid);
      }
      setSessionCookie(request, reply, result.tokens.refresh_token, result.endsAt, options.secureCookies);
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
      clearSessionCookie(request, reply, options.secureCookies);
      return success(MESSAGES.signedOut);
    },
  });
};
export default authRoutes;
