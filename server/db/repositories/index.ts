// All repositories over one connection.
import type { Database } from '../driver.ts';
import { createContentRepository } from './content.ts';
import { createInboxRepository } from './inbox.ts';
import { createOutboxRepository } from './outbox.ts';
import { createSessionsRepository } from './sessions.ts';
import { createSubmissionsRepository } from './submissions.ts';
import { createUsersRepository } from './users.ts';

export function createRepositories(db: Database) {
  return {
    submissions: createSubmissionsRepository(db),
    content: createContentRepository(db),
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db),
    outbox: createOutboxRepository(db),
    inbox: createInboxRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
