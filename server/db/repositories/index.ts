// All repositories over one Kysely executor: the database, or a transaction (so a service can
// run several repositories' writes in one transaction).
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { createBookingRepository } from './booking.ts';
import { createContentRepository } from './content.ts';
import { createContentStatesRepository } from './content-states.ts';
import { createContentOrdersRepository } from './content-orders.ts';
import { createIdempotencyRepository } from './idempotency.ts';
import { createInboxRepository, type KnownEngine } from './inbox.ts';
import { createOutboxRepository } from './outbox.ts';
import { createRateLimitRepository } from './rate-limits.ts';
import { createSessionsRepository } from './sessions.ts';
import { createSubmissionsRepository } from './submissions.ts';
import { createUsersRepository } from './users.ts';

/** `engine`, when known, lets the inbox use that engine's own index and locks (repositories/inbox.ts). */
export function createRepositories(db: Kysely<DB>, engine?: KnownEngine) {
  return {
    submissions: createSubmissionsRepository(db),
    content: createContentRepository(db),
    contentStates: createContentStatesRepository(db),
    contentOrders: createContentOrdersRepository(db),
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db),
    outbox: createOutboxRepository(db),
    inbox: createInboxRepository(db, engine),
    rateLimits: createRateLimitRepository(db),
    idempotency: createIdempotencyRepository(db),
    booking: createBookingRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
