// The server's configuration: environment variables with safe defaults, validated at start.
// A bad value stops the server with one line naming the variable (see server.ts).
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { SiteSettings } from '../content/schema.ts';
import { siteFileSchema } from '../content/schema.ts';
import { loadSiteContent } from './content-files.ts';
import { bookingEnvSchema, bookingSettingsOf } from './services/booking/config.ts';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().min(1);
const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  /** 'production' requires TOKEN_SECRET; anything else generates one in DATA_DIR. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Port to listen on; 0 picks a free one. */
  PORT: port.default(3000),
  /** Address to listen on. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Folder for the SQLite file and anything else the server writes. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL instead of the embedded SQLite file: postgres://user:password@host:5432/database.
   * Every instance of the site pointed at the same database serves it as one. */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// address' })
    .optional(),
  /** Secret that signs access tokens, at least 32 characters. */
  TOKEN_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /** Trust X-Forwarded-* headers: set only behind a proxy or load balancer you run. */
  TRUST_PROXY: flag.default(false),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Page and API reads allowed per address per minute. */
  RATE_LIMIT_PAGES_PER_MINUTE: positiveInt.default(600),
  /** Form submissions (feedback, demo, contact, newsletter) per address per minute. */
  RATE_LIMIT_FORMS_PER_MINUTE: positiveInt.default(10),
  /** Sign-in attempts per address per minute. */
  RATE_LIMIT_SIGNIN_PER_MINUTE: positiveInt.default(10),
  /** Comma-separated client addresses the rate limits never count (e.g. 127.0.0.1 for a load
   * benchmark); empty by default. Sign-in lockouts still apply. */
  RATE_LIMIT_EXEMPT_ADDRESSES: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    ),
  /** Failed sign-ins for one username from one address before that pair is locked (decision 030). */
  SIGNIN_LOCK_AFTER_ACCOUNT_FAILURES: positiveInt.default(5),
  /** Failed sign-ins from one address before it is locked. */
  SIGNIN_LOCK_AFTER_ADDRESS_FAILURES: positiveInt.default(20),
  /** How long a lock lasts, in minutes. */
  SIGNIN_LOCK_MINUTES: positiveInt.default(15),
  /** Failed sign-ins on one account (from any addresses) within a lock period that email its
   * owner (decision 030). */
  SIGNIN_ALERT_AFTER_FAILURES: positiveInt.default(10),
  /** Emails one address a visitor typed may receive per day (decision 031). */
  MAIL_VISITOR_PER_ADDRESS_PER_DAY: positiveInt.default(3),
  /** Emails to addresses visitors typed, for the whole site, per hour (decision 031). */
  MAIL_VISITOR_PER_HOUR: positiveInt.default(60),
  /** Longest time a client may take to send a request's headers, in milliseconds. */
  HEADERS_TIMEOUT_MS: positiveInt.default(10_000),
  /** Longest time a client may take to send a whole request, body included (a 5 MB image on a
   * slow mobile link needs most of a minute), in milliseconds. */
  REQUEST_TIMEOUT_MS: positiveInt.default(60_000),
  /** A connection that sends or receives nothing for this long is closed, in milliseconds. */
  CONNECTION_TIMEOUT_MS: positiveInt.default(30_000),
  /** Access token lifetime in seconds. */
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(15 * 60),
  /** A sign-in unused (not refreshed) for this many minutes ends: the idle limit. */
  SESSION_IDLE_MINUTES: positiveInt.default(8 * 60),
  /** Refresh token lifetime in days: the absolute limit of a sign-in, however often refreshed. */
  REFRESH_TOKEN_TTL_DAYS: positiveInt.default(7),
  /** Submissions older than this many months are deleted by `npm run data:purge`. */
  RETENTION_MONTHS: positiveInt.max(1200).default(24),
  /** The site's public address, for canonical links; defaults to the listening address. */
  SITE_URL: z.url().optional(),
  /** Keep rendered public pages in memory (server/plugins/page-cache.ts); on by default outside
   * development, where Vite rebuilds the app on every change. */
  PAGE_CACHE: flag.optional(),
  /** Inline each cached page's critical CSS and load the stylesheet without blocking the first
   * paint (server/services/critical-css.ts); on by default with the page cache, off in tests. */
  CRITICAL_CSS: flag.optional(),
  /** Keep the site search's index of the FAQ and glossary pages current at run time (issue 19); default on except in tests. */
  SEARCH_LIVE_INDEX: flag.optional(),
  // Overrides of content/site.yaml.
  SITE_BRAND: z.string().min(1).optional(),
  SITE_CONTACT_EMAIL: z.email().optional(),
  SITE_CONTACT_PHONE: z.string().min(1).optional(),
  SITE_CONTACT_ADDRESS: z.string().min(1).optional(),
  SITE_DEVELOPER_DOCS_URL: z.url().optional(),
  SITE_API_REFERENCE_URL: z.url().optional(),
  SITE_ACCREDITATION_URL: z.url().optional(),
  SITE_TUTORIALS_CHANNEL_URL: z.url().optional(),
  // Email notifications (decision 010).
  /** SMTP server, e.g. smtp://user:pass@host:587 or smtps://…:465; absent = write .eml files to DATA_DIR/outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// address' }).optional(),
  /** The From of every notification: an address, or 'Name <address>'. */
  MAIL_FROM: z
    .string()
    .regex(/^[^\u0000-\u001f\u007f<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/, {
      error: "must be an address or 'Name <address>'",
    })
    .default('Haulora website <website@haulora.example>'),
  /** Where demo requests and contact messages are sent; defaults to the site's contact email. */
  SALES_EMAIL: z.email().optional(),
  /** Send demo requesters a confirmation of what they sent. */
  DEMO_CONFIRMATION_EMAIL: flag.default(true),
  /** How often the outbox worker looks for due messages, in milliseconds. */
  OUTBOX_POLL_MS: positiveInt.default(2000),
  /** First retry delay after a failed send, in milliseconds; it doubles per attempt up to an hour. */
  OUTBOX_RETRY_BASE_MS: positiveInt.default(30_000),
  /** On SIGTERM, how long readiness reports 503 while requests are still served, before the
   * server closes: at least the load balancer's health-check interval times its fall count.
   * Defaults to 3000 with DATABASE_URL (several instances), else 0. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Port for Prometheus metrics (GET /metrics); unset: no metrics endpoint. Never the public port. */
  METRICS_PORT: port.optional(),
  /** Address the metrics port listens on; keep it private. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Delete submissions older than RETENTION_MONTHS once a day in the server (as npm run data:purge does). */
  RETENTION_PURGE: flag.default(true),
  /** How often each instance publishes the Content drafts whose publish_at has come, in seconds (decision 052). */
  CONTENT_SCHEDULE_SECONDS: positiveInt.max(60).default(15),
  /** How long a worker may take to send one message before a worker on any instance takes it over. */
  OUTBOX_LEASE_MS: positiveInt.default(120_000),
  // Demo booking (issue 29): BOOKING_* variables, see services/booking/config.ts.
  ...bookingEnvSchema.shape,
  // Visitor analytics (issue 30, decision 047).
  /** Raw analytics events are kept this many days, then deleted with the retention purge; the daily rollups stay. */
  ANALYTICS_RAW_RETENTION_DAYS: positiveInt.max(3650).default(90),
  /** Analytics events (POST /api/events) accepted per address per minute on one instance; more answer 429. */
  ANALYTICS_EVENTS_PER_MINUTE: positiveInt.default(120),
  /** How often today's analytics rollup is rebuilt, in minutes. */
  ANALYTICS_ROLLUP_MINUTES: positiveInt.max(1440).default(5),
  /** How often queued analytics events are written, in ms: a crash loses at most this much (decision 057). */
  ANALYTICS_FLUSH_MS: positiveInt.max(60_000).default(250),
  /** Port of the beacon listener, a worker thread that takes POST /api/events off the pages' event
   * loop (decision 058); the proxy sends the beacon there. Unset: the beacon is served on PORT. */
  ANALYTICS_PORT: port.optional(),
  /** Address the beacon listener listens on; HOST when unset. */
  ANALYTICS_HOST: z.string().min(1).optional(),
});

export class ConfigError extends Error {}

/** The configuration the server runs with: the variables, checked together and shaped for use.
 * Its type is inferred from here, so a new setting is written once. */
const configSchema = envSchema
  .superRefine((vars, context) => {
    if (vars.HEADERS_TIMEOUT_MS > vars.REQUEST_TIMEOUT_MS) {
      context.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_MS'],
        message: 'must not be longer than REQUEST_TIMEOUT_MS',
      });
    }
    if (vars.NODE_ENV === 'production' && !vars.TOKEN_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['TOKEN_SECRET'],
        message: 'required when NODE_ENV=production (at least 32 characters)',
      });
    }
    // The beacon listener needs a port of its own (decision 058); 0 picks a free one.
    if (vars.ANALYTICS_PORT && [vars.PORT, vars.METRICS_PORT].includes(vars.ANALYTICS_PORT)) {
      context.addIssue({ code: 'custom', path: ['ANALYTICS_PORT'], message: 'must differ from PORT and METRICS_PORT' });
    }
    // Instances behind one load balancer must sign and check tokens with the same secret.
    if (vars.DATABASE_URL && !vars.TOKEN_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['TOKEN_SECRET'],
        message: 'required with DATABASE_URL, the same on every instance (at least 32 characters)',
      });
    }
  })
  .transform((vars) => {
    const dataDir = resolve(vars.DATA_DIR);
    const site = siteSettings(vars);
    return {
      env: vars.NODE_ENV,
      port: vars.PORT,
      host: vars.HOST,
      dataDir,
      /** Where the data lives: PostgreSQL when `url` is set, else the SQLite file. The URL may hold a password: never log it. */
      database: { url: vars.DATABASE_URL, file: join(dataDir, 'haulora.sqlite') },
      tokenSecret: vars.TOKEN_SECRET ?? developmentTokenSecret(dataDir),
      trustProxy: vars.TRUST_PROXY,
      logLevel: vars.LOG_LEVEL,
      rateLimits: {
        pagesPerMinute: vars.RATE_LIMIT_PAGES_PER_MINUTE,
        formsPerMinute: vars.RATE_LIMIT_FORMS_PER_MINUTE,
        signInPerMinute: vars.RATE_LIMIT_SIGNIN_PER_MINUTE,
        exemptAddresses: vars.RATE_LIMIT_EXEMPT_ADDRESSES,
      },
      signInLock: {
        accountFailures: vars.SIGNIN_LOCK_AFTER_ACCOUNT_FAILURES,
        addressFailures: vars.SIGNIN_LOCK_AFTER_ADDRESS_FAILURES,
        minutes: vars.SIGNIN_LOCK_MINUTES,
        alertAfter: vars.SIGNIN_ALERT_AFTER_FAILURES,
      },
      /** Caps on email to addresses visitors typed (server/services/mail-caps.ts). */
      mailCaps: { perAddressPerDay: vars.MAIL_VISITOR_PER_ADDRESS_PER_DAY, perHour: vars.MAIL_VISITOR_PER_HOUR },
      accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: vars.REFRESH_TOKEN_TTL_DAYS,
      /** A sign-in not refreshed for this many minutes ends (the idle limit). */
      sessionIdleMinutes: vars.SESSION_IDLE_MINUTES,
      /** How long submissions are kept, in months (scripts/data.ts purge). */
      retentionMonths: vars.RETENTION_MONTHS,
      /** Run the retention purge once a day in the server. */
      retentionPurge: vars.RETENTION_PURGE,
      /** How often scheduled Content drafts are looked for, in seconds. */
      contentScheduleSeconds: vars.CONTENT_SCHEDULE_SECONDS,
      analytics: {
        rawRetentionDays: vars.ANALYTICS_RAW_RETENTION_DAYS,
        eventsPerMinute: vars.ANALYTICS_EVENTS_PER_MINUTE,
        rollupMinutes: vars.ANALYTICS_ROLLUP_MINUTES,
        flushMs: vars.ANALYTICS_FLUSH_MS,
        /** The beacon listener's address (decision 058); null = the beacon is served on PORT. */
        listener:
          vars.ANALYTICS_PORT === undefined
            ? null
            : { port: vars.ANALYTICS_PORT, host: vars.ANALYTICS_HOST ?? vars.HOST },
      },
      /** The private Prometheus endpoint; port undefined = off. */
      metrics: { port: vars.METRICS_PORT, host: vars.METRICS_HOST },
      /** Slow or stalled clients are cut off after these (milliseconds). */
      timeouts: {
        headersMs: vars.HEADERS_TIMEOUT_MS,
        requestMs: vars.REQUEST_TIMEOUT_MS,
        connectionMs: vars.CONNECTION_TIMEOUT_MS,
      },
      siteUrl: vars.SITE_URL,
      /** Serve the public pages from rendered copies (server/plugins/page-cache.ts). */
      pageCache: vars.PAGE_CACHE ?? vars.NODE_ENV !== 'development',
      /** The cached pages' critical CSS inline (server/services/critical-css.ts). */
      criticalCss: vars.CRITICAL_CSS ?? vars.NODE_ENV !== 'test',
      liveSearchIndex: vars.SEARCH_LIVE_INDEX ?? vars.NODE_ENV !== 'test',
      shutdownDrainMs: vars.SHUTDOWN_DRAIN_MS ?? (vars.DATABASE_URL ? 3_000 : 0),
      /** Everything here may be shown to a visitor: it is the allowlist the pages get. */
      site,
      /** Email notifications. smtpUrl may hold a password: never log it. */
      mail: {
        smtpUrl: vars.SMTP_URL,
        from: vars.MAIL_FROM,
        salesEmail: vars.SALES_EMAIL ?? site.contact.email,
        demoConfirmation: vars.DEMO_CONFIRMATION_EMAIL,
        pollMs: vars.OUTBOX_POLL_MS,
        retryBaseMs: vars.OUTBOX_RETRY_BASE_MS,
        leaseMs: vars.OUTBOX_LEASE_MS,
      },
      /** Demo booking: the configured settings (staff may change them in the database) and routing rules. */
      booking: bookingSettingsOf(vars),
    };
  });

export type Config = z.output<typeof configSchema>;

/** Reads and validates the configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}

function siteSettings(vars: z.infer<typeof envSchema>): SiteSettings {
  const file = loadSiteContent();
  const merged = {
    ...file,
    brand: vars.SITE_BRAND ?? file.brand,
    contact: {
      ...file.contact,
      email: vars.SITE_CONTACT_EMAIL ?? file.contact.email,
      phone: vars.SITE_CONTACT_PHONE ?? file.contact.phone,
      address: vars.SITE_CONTACT_ADDRESS ?? file.contact.address,
    },
    links: {
      developerDocs: vars.SITE_DEVELOPER_DOCS_URL ?? file.links.developerDocs,
      apiReference: vars.SITE_API_REFERENCE_URL ?? file.links.apiReference,
      accreditation: vars.SITE_ACCREDITATION_URL ?? file.links.accreditation,
      tutorialsChannel: vars.SITE_TUTORIALS_CHANNEL_URL ?? file.links.tutorialsChannel,
    },
  };
  return siteFileSchema.parse(merged);
}

/** Outside production a secret is made once and kept in DATA_DIR, so tokens survive restarts. */
function developmentTokenSecret(dataDir: string): string {
  const file = join(dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

/** An empty variable (FOO=) means "use the default", as in most tools. */
function emptyToUndefined(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
}
