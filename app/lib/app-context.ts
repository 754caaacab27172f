// What the server hands each page render: the response's CSP nonce, the public site settings,
// read access to the content rows, the request's log, and for the forms' page actions the CSRF
// token and the same services the API calls. Fastify fills it per request (server/plugins/react-router.ts) under
// this key, which entry.server exports so the server sees the same key the build uses.
import type { FastifyBaseLogger } from 'fastify';
import { createContext as createReactContext, useContext } from 'react';
import { createContext } from 'react-router';
import type { FaqItem, GlossaryEntry } from '../../common/api.ts';
import type { SiteSettings } from '../../content/schema.ts';
import type { ScreenManifest } from './screens-manifest.ts';
import type { SocialCards } from './social-cards.server.ts';
import type { AuthService } from '../../server/services/auth.ts';
import type { ContentEditing } from '../../server/services/content-editing.ts';
import type { PageEditing } from '../../server/services/page-editing.ts';
import type { ContentImages } from '../../server/services/content-images.ts';
import type { PageFile } from '../../server/services/page-registry.ts';
import type { Intake } from '../../server/services/intake.ts';
import type { BookingService } from '../../server/services/booking/service.ts';
import type { BookingManager } from '../../server/services/booking/manage.ts';
import type { StaffDemos } from '../../server/services/booking/staff-demos.ts';
import type { Theme } from './theme.ts';
import type { Overview } from '../../common/analytics.ts';

export type AppContext = {
  /** Nonce of this response's Content-Security-Policy. */
  cspNonce: string | undefined;
  /** The public part of the configuration: brand, contact details, links. */
  site: SiteSettings;
  /** The content rows pages render on the server. */
  content: { listFaqs(): Promise<FaqItem[]>; listGlossary(): Promise<GlossaryEntry[]> };
  /** Every page's copy (issue 31): a file of content/ with the Content area's edits over it
   * (app/lib/page-copy.server.ts types it per file). */
  pages: { file(file: PageFile): Promise<unknown>; pathDates(): Promise<Record<string, string>> };
  /** Set when this render is a page draft's preview link (decision 055): the banner's words. */
  preview?: { title: string; expiresAt: string };
  /** The site's public origin (SITE_URL, else the request's), for canonical links and the sitemap. */
  origin: string;
  /** This build's social cards by page path (app/lib/social-cards.server.ts); empty without them. */
  socialCards: SocialCards;
  /** The address of a card drawn on demand, for a page whose title or summary was edited since
   * the build (server/services/social-card/live-cards.ts). */
  liveCardUrl(text: { title: string; summary: string }): string;
  /** When each page's content last changed (ISO 8601), for the sitemap; empty without a build. */
  contentDates: Record<string, string>;
  /** This build's product screens (app/lib/screens.server.ts); none without a build. */
  screens: ScreenManifest;
  /** The colour theme from the visitor's cookie (app/lib/theme.ts), written into <html data-theme>. */
  theme: Theme;
  /** Whether cookies this answer sets are marked Secure (the site is served over HTTPS). */
  secureCookies: boolean;
  /** This visitor's CSRF token, rendered into native forms as `_csrf`, and the check of a submitted one. */
  csrf: { token: string; verify(submitted: unknown): boolean };
  /** The idempotency key this answer's native forms carry (a fresh one per page view). */
  formKey: string;
  /** The visitor's address as the API sees it: sign-in failures are counted per address. */
  clientAddress: string;
  /** This request's id (X-Request-Id, the log lines' reqId), shown on an error page. */
  requestId: string;
  /** This request's log: its lines carry the request id, like the API's. */
  log: FastifyBaseLogger;
  /** The services behind the API, so a form posted without JavaScript meets the same rules. */
  services: {
    intake: Intake;
    auth: Pick<AuthService, 'signIn' | 'signOut' | 'validate' | 'renew' | 'cookieSession' | 'endSession'>;
    /** Staff editing of the FAQ and glossary (the Content area's page actions). */
    contentEditing: ContentEditing;
    /** Every page's copy: the Content area's Pages and Redirects screens (issue 31). */
    pageEditing: PageEditing;
    /** Story and integration images (issue 31): the page editor's picker and upload. */
    contentImages: ContentImages;
    /** The analytics dashboard's figures (issue 30), from the daily rollups. */
    analytics: { overview(from: string, to: string): Promise<Overview> };
    /** The demo form's free times (issue 29), and the zone shown when the visitor's is unknown. */
    booking: {
      slots: BookingService['slots'];
      siteTimeZone: string;
      /** The visitor's own booking page (/demo/booking/<token>). */
      manage: Pick<BookingManager, 'view' | 'change'>;
    };
    /** A staff member's demos (issue 29): My demos, the calendar feed, moving or cancelling. */
    staffDemos: Pick<
      StaffDemos,
      'myDemos' | 'calendarFeed' | 'renewCalendarFeed' | 'changeRequestBooking' | 'requestMeeting'
    >;
  };
};

/** Router context key under which the server hands over the AppContext. */
export const appContext = createContext<AppContext>();

/** React context through which the document reads the nonce while rendering on the server. */
export const NonceContext = createReactContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}

/** React context through which an error page reads its request's id while rendering on the server. */
export const RequestIdContext = createReactContext<string | undefined>(undefined);

/** The meta element that carries the reference from the server's render to the hydrated page. */
export const REQUEST_REFERENCE_META = 'request-reference';

/** The id of the request whose answer this page is: from the server's render, and in the browser
 * from the meta element that render wrote, so hydration sees the same value. */
export function useRequestReference(): string | undefined {
  const fromServer = useContext(RequestIdContext);
  if (fromServer !== undefined || typeof document === 'undefined') return fromServer;
  return document.querySelector<HTMLMetaElement>(`meta[name="${REQUEST_REFERENCE_META}"]`)?.content;
}
