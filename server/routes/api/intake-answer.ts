// What the form calls share: the optional Idempotency-Key header, and the intake's result as an
// answer in the spec's shape (the route's errorShape): SUCCESS with the message, 400 with the
// first message a visitor should fix, 409 for a key used with another body.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IDEMPOTENCY_MESSAGES, success } from '../../../common/api.ts';
import { IDEMPOTENCY_HEADER } from '../../../common/constants.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { firstMessage } from '../../../common/schemas.ts';
import { PublicError } from '../../errors.ts';
import type { IntakeResult } from '../../services/intake.ts';

/** The header, for the OpenAPI description. */
export const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER.toLowerCase()]: z
    .string()
    .optional()
    .describe('Optional: 8 to 128 letters, digits, - or _, made when the form is shown. The same key with the same body within 24 hours answers the first answer again and stores nothing; with another body, 409.'),
});

export function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : value;
}

export function answerOf(result: IntakeResult) {
  switch (result.kind) {
    case 'done':
      return success(result.message);
    case 'invalid':
      throw new PublicError(400, firstMessage(result.error));
    case 'bad-image':
      throw new PublicError(400, result.message);
    case 'bad-key':
      throw new PublicError(400, IDEMPOTENCY_MESSAGES.keyInvalid);
    case 'conflict':
      throw new PublicError(409, IDEMPOTENCY_MESSAGES.conflict);
  }
}
