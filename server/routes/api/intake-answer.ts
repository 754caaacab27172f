// What the form calls share: the optional Idempotency-Key header, and the intake's answer in the
// spec's shape (the route's errorShape): SUCCESS with the message, or the refusal through the one
// /api mapping (400 with the first message a visitor should fix, 409 for a key used with another
// body).
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { success } from '../../../common/api.ts';
import { IDEMPOTENCY_HEADER } from '../../../common/constants.ts';
import type { Result } from '../../refusal.ts';
import type { Taken } from '../../services/intake.ts';
import { valueOf } from './refusal-answer.ts';

/** The header, for the OpenAPI description. */
export const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER.toLowerCase()]: z
    .string()
    .optional()
    .describe(
      'Optional: 8 to 128 letters, digits, - or _, made when the form is shown. The same key with the same body within 24 hours answers the first answer again and stores nothing; with another body, 409.',
    ),
});

export function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : value;
}

export const answerOf = (result: Result<Taken>) => success(valueOf(result).message);
