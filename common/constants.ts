// Business constants from the spec (section 9) and the limits the API enforces.
// Imported by the browser and the server, so nothing here may touch Node or the router.

/** A result modal closes by itself after this long. */
export const MODAL_AUTO_CLOSE_MS = 2000;
/** The FAQ, features and docs pages show a loading overlay this long; 0 turns it off. */
export const LOADING_OVERLAY_MS = 600;
/** The navbar turns solid once the page is scrolled further than this. */
export const NAVBAR_SCROLL_THRESHOLD_PX = 150;
/** Maximum phone number length for a country that sets none (spec 9); the countries that set
 * one, and the check of a number against its country, are in phone.ts. */
export const DEFAULT_PHONE_MAX_LENGTH = 20;
/** The home page shows this many FAQ items. */
export const HOME_FAQ_COUNT = 5;
/** The statement on the home page: the product has this many main components. */
export const MAIN_COMPONENT_COUNT = 17;

/** Submission status of a form, as the spec numbers them. */
export const SubmissionStatus = { Loading: 1, Error: 2, Success: 3 } as const;
export type SubmissionStatus = (typeof SubmissionStatus)[keyof typeof SubmissionStatus];

/** Largest contact image accepted, in bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Image types the contact form accepts, checked against the file's bytes. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Longest value each text field accepts, in characters. */
export const MAX_LENGTH = {
  username: 64,
  password: 256,
  name: 100,
  jobTitle: 100,
  company: 150,
  email: 254,
  countryCode: 5,
  phoneNumber: 30,
  subject: 150,
  message: 5000,
  feedback: 1000,
  honeypot: 200,
} as const;

/** Version of the product-news consent text: stored with each submission whose visitor ticked it.
 * Bump it whenever the checkbox's wording (content/privacy.yaml) changes. */
export const MARKETING_CONSENT_VERSION = '2026-11';

/** Name of the hidden field that only bots fill in. */
export const HONEYPOT_FIELD = 'website';
/** Cookie holding the CSRF token, and the header that must echo it on non-GET requests. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
/** The staff sign-in's refresh session (HttpOnly, SameSite=Strict, Path=/; decision 049): new
 * tabs, email links and the server-rendered Content pages start signed in from it. */
export const SESSION_COOKIE = 'haulora_session';
/** Readable by script, holding no secret: set and cleared with SESSION_COOKIE, so only a browser
 * that may hold a sign-in asks the server to renew it. */
export const SESSION_MARKER_COOKIE = 'haulora_staff';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
/** Header an API call carries its idempotency key in, and the hidden field of a native post. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_FIELD = '_idempotency_key';
/** A key: 8 to 128 letters, digits, '-' or '_' (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
/** How long a key answers its first answer again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Where the server serves its live search index of the FAQ and glossary pages (issue 19); the
 * site search merges it with the build's index. */
export const LIVE_SEARCH_BUNDLE = '/pagefind-live/';
/** The list of page paths the live index holds (issue 31: /faq, /glossary and every edited page). */
export const LIVE_SEARCH_PATHS_FILE = 'live-paths.json';

/** Marks the stylesheet that completes a page's styles (the rest of the site sheet, decision 060)
 * while it loads print-only behind its inline critical CSS (server/services/critical-css.ts); the
 * page's scripts wait for it. */
export const FULL_SHEET_ATTRIBUTE = 'data-full-sheet';
