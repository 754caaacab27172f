// Builds the services the API routes and the page actions call, over the database's
// repositories, and keeps every instance's copies of the content in step (decision 014).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { loadEmailContent } from '../content-files.ts';
import { type AuthService, createAuthService } from '../services/auth.ts';
import { BOOKING_CHANNEL, type BookingService, createBookingService } from '../services/booking/service.ts';
import { createBookingLinks } from '../services/booking/links.ts';
import { bookingPath, type BookingManager, createBookingManager } from '../services/booking/manage.ts';
import { createStaffDemos, type StaffDemos } from '../services/booking/staff-demos.ts';
import { CONTENT_CHANNEL, type ContentService, createContentService } from '../services/site-content.ts';
import { type ContentEditing, createContentEditing } from '../services/content-editing.ts';
import { type ContentImages, createContentImages } from '../services/content-images.ts';
import { createPageCopy, type PageCopy } from '../services/page-copy.ts';
import { createPageEditing, type PageEditing } from '../services/page-editing.ts';
import { seedSiteSettings } from '../services/page-registry.ts';
import { createInboxService, type InboxService } from '../services/inbox/index.ts';
import { createNotificationService, domainOf, newMessageId } from '../services/notifications.ts';
import { checkImage, warmImageDecoder } from '../services/images.ts';
import { createIntake, type Intake } from '../services/intake.ts';
import { createSignInAlerts } from '../services/sign-in-alerts.ts';
import { createSubmissionService, type SubmissionService } from '../services/submissions.ts';
import { createTokenService } from '../services/tokens.ts';
import { watchOutbox } from '../metrics.ts';
import { createLiveCards, type LiveCards } from '../services/social-card/live-cards.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      submissions: SubmissionService;
      intake: Intake;
      auth: AuthService;
      content: ContentService;
      contentEditing: ContentEditing;
      /** Every page's copy (issue 31): the edits laid over content/, and their editing. */
      pageCopy: PageCopy;
      pageEditing: PageEditing;
      /** Story and integration images uploaded in the Content area (issue 31). */
      contentImages: ContentImages;
      inbox: InboxService;
      booking: BookingService;
      bookingManager: BookingManager;
      staffDemos: StaffDemos;
      /** The social cards of pages edited since the build (issue 31). */
      liveCards: LiveCards;
    };
  }
}

export default fp(
  async function services(app: FastifyInstance, options: { config: Config }) {
    const { config } = options;
    const { database, repos } = app;
    const content = createContentService(repos.content, database);
    seedSiteSettings(config.site);
    // A change made on any instance (or a lost listening connection, which may have missed one)
    // empties this instance's copies.
    const stopListening = await database.listen(CONTENT_CHANNEL, {
      onMessage: () => content.forget(),
      onReconnect: () => content.forget(),
    });
    app.addHook('preClose', stopListening);

    // Demo booking's free times, likewise forgotten on a change made on any instance.
    const booking = createBookingService(database, config.booking);
    const stopListeningBooking = await database.listen(BOOKING_CHANNEL, {
      onMessage: () => booking.forget(),
      onReconnect: () => booking.forget(),
    });
    app.addHook('preClose', stopListeningBooking);

    // The image decoder's process boots while the server does (issue 33's image queue).
    app.addHook('onReady', async () => warmImageDecoder());

    watchOutbox(app.metrics, repos.outbox);
    const siteUrl = config.siteUrl ?? `http://localhost:${config.port}`;
    // The visitor's personal booking links, signed with a key of their own (links.ts).
    const bookingLinks = createBookingLinks(config.tokenSecret);
    const mail = {
      copy: loadEmailContent(),
      settings: {
        salesEmail: config.mail.salesEmail,
        demoConfirmation: config.mail.demoConfirmation,
        siteUrl,
        brand: config.site.brand,
        bookingLink: (uid: string, until: string) =>
          new URL(bookingPath(bookingLinks.sign(uid, new Date(until))), siteUrl).href,
      },
      messageId: () => newMessageId(domainOf(config.mail.from)),
    };
    const notifications = createNotificationService({ ...mail, caps: config.mailCaps });
    const signInAlerts = createSignInAlerts({
      repos,
      copy: mail.copy,
      settings: mail.settings,
      minutes: config.signInLock.minutes,
      messageId: mail.messageId,
    });
    // A demo request or contact message and its email notifications are stored together.
    const submissions = createSubmissionService(
      database,
      undefined,
      { notifications },
      {
        stored: (kind, spam) => app.metrics.submissions.inc({ kind, outcome: spam ? 'spam' : 'success' }),
      },
    );
    const bookingManager = createBookingManager({ booking, links: bookingLinks, ...mail });
    app.decorate('services', {
      submissions,
      // What the API routes and the page actions call to take in a submission (services/intake.ts).
      intake: createIntake({ submissions, keys: repos.idempotency, checkImage, booking }),
      content,
      contentEditing: createContentEditing({ database, content, previewSecret: config.tokenSecret }),
      pageCopy: createPageCopy(database, content),
      pageEditing: createPageEditing({ database, content, previewSecret: config.tokenSecret }),
      contentImages: createContentImages({ db: database.kysely, checkImage }),
      liveCards: createLiveCards({ secret: config.tokenSecret, brand: config.site.brand }),
      inbox: createInboxService(database, { notifications }),
      booking,
      bookingManager,
      // A staff member's own demos and calendar feed (issue 29).
      staffDemos: createStaffDemos({
        database,
        manager: bookingManager,
        key: config.tokenSecret,
        siteUrl,
        siteTimeZone: config.booking.siteTimeZone,
        brand: config.site.brand,
      }),
      auth: createAuthService({
        repos,
        tokens: createTokenService(config.tokenSecret, config.accessTokenTtlSeconds),
        lock: config.signInLock,
        // Best-effort failure counters (decision 030): a refused write is logged, not fatal.
        onCounterError: (error) => app.log.warn({ err: error }, 'sign-in failure counter not written'),
        freeSpace: async () => (await app.diskReserve?.release()) ?? false,
        // A burst of failures on one account (from any addresses): its owner is emailed.
        onBurst: (username, failures) => {
          app.log.warn({ username, failures }, 'sign-in failures burst on one account');
          signInAlerts
            .send(username, failures)
            .catch((error: unknown) => app.log.error({ err: error, username }, 'sign-in alert not written'));
        },
        refreshTokenTtlDays: config.refreshTokenTtlDays,
        idleTimeoutMinutes: config.sessionIdleMinutes,
        observer: { failed: () => app.metrics.signInFailures.inc(), lockedOut: () => app.metrics.signInLockouts.inc() },
      }),
    });
  },
  { name: 'services', dependencies: ['database'] },
);
