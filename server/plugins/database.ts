// Opens the database, applies migrations, seeds the FAQ and glossary, and builds the services
// the API uses. The connection is closed last when the server shuts down.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { loadEmailContent } from '../content.ts';
import { type Database, openDatabase, transaction } from '../db/driver.ts';
import { migrate } from '../db/migrate.ts';
import { createRepositories, type Repositories } from '../db/repositories/index.ts';
import { seedContent } from '../db/seed.ts';
import { type AuthService, createAuthService } from '../services/auth.ts';
import { type ContentService, createContentService } from '../services/content.ts';
import { createInboxService, type InboxService } from '../services/inbox.ts';
import { createNotificationService, domainOf, newMessageId } from '../services/notifications.ts';
import { createSubmissionService, type SubmissionService } from '../services/submissions.ts';
import { createTokenService } from '../services/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    repos: Repositories;
    services: { submissions: SubmissionService; auth: AuthService; content: ContentService; inbox: InboxService };
  }
}

export default fp(
  async function database(app: FastifyInstance, options: { config: Config }) {
    const { config } = options;
    const db = openDatabase(config.databaseFile);
    const applied = migrate(db);
    const repos = createRepositories(db);
    const seeded = seedContent(db, repos.content);
    app.log.info({ file: config.databaseFile, migrations: applied, seeded }, 'database ready');

    app.decorate('db', db);
    app.decorate('repos', repos);
    app.decorate('services', {
      // A demo request or contact message and its email notifications are stored together.
      submissions: createSubmissionService(repos.submissions, undefined, {
        transaction: (work) => transaction(db, work),
        notifications: createNotificationService({
          outbox: repos.outbox,
          copy: loadEmailContent(),
          settings: {
            salesEmail: config.mail.salesEmail,
            demoConfirmation: config.mail.demoConfirmation,
            siteUrl: config.siteUrl ?? `http://localhost:${config.port}`,
            brand: config.site.brand,
          },
          messageId: () => newMessageId(domainOf(config.mail.from)),
        }),
      }),
      content: createContentService(repos.content),
      inbox: createInboxService(repos.inbox, undefined, repos.users),
      auth: createAuthService({
        repos,
        tokens: createTokenService(config.tokenSecret, config.accessTokenTtlSeconds),
        lock: config.signInLock,
        refreshTokenTtlDays: config.refreshTokenTtlDays,
        idleTimeoutMinutes: config.sessionIdleMinutes,
      }),
    });
    app.addHook('onClose', async () => {
      db.close();
    });
  },
  { name: 'database' },
);
