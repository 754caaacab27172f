// The bearer access token of a staff request: read from the Authorization header, refused with
// 401 when it is missing or not shaped like a token. Shared by the sign-in calls and the inbox.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '../../../common/messages.ts';
import { PublicError } from '../../errors.ts';

/** The header, for the OpenAPI description. */
export const bearerHeaders = z.object({
  authorization: z.string().optional().describe('Bearer <access_token>'),
});

export function bearerToken(request: FastifyRequest): string {
  // The scheme is case-insensitive (RFC 9110, 11.1): 'bearer' and 'BEARER' are Bearer.
  const match = /^Bearer +([\w.-]{1,4096})$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new PublicError(401, MESSAGES.tokenInvalid);
  return match[1];
}
