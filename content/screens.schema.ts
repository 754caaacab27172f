// Schema of content/screens.yaml: the sample business the product screens show (drivers,
// vehicles, jobs, invoices...) and each screen's text alternative and caption. The screens are
// drawn from it at build time (scripts/build-screens.ts, app/screens/); pages show the files.
import { z } from 'zod';
import { FEATURE_SLUGS } from './feature-slugs.ts';

const text = (max: number) => z.string().trim().min(1).max(max);
/** A short value as a screen shows it: '24 Nov 2026', '$2,940.00', 'XQ 84 RM'. */
const cell = text(40);

/** The spec's five job statuses, written as the TMS writes them (spec 4). */
export const JOB_STATUS_LABELS = ['PENDING', 'Dispatched', 'PROCESSING', 'COMPLETED', 'CANCELLED'] as const;
export const JOB_TYPES = ['Local', 'Linehaul', 'Empty Run', 'Tow Haul', 'Fleet Hire'] as const;

/** Every screen drawn: one per feature page, and the home page's own. */
export const SCREEN_IDS = [...FEATURE_SLUGS, 'dispatchBoard', 'driverRun', 'driverPod'] as const;
export type ScreenId = (typeof SCREEN_IDS)[number];

const row = <T extends z.ZodRawShape>(shape: T) => z.array(z.strictObject(shape)).min(3);

export const schema = z.strictObject({
  /** The day the screens show and the administrator signed in. */
  today: cell,
  user: cell,
  drivers: row({
    name: cell,
    licence: z.enum(['LR', 'MR', 'HR', 'HC', 'MC']),
    licenceNo: cell,
    expiry: cell,
    phone: cell,
    status: cell,
    base: cell,
  }),
  vehicles: row({ rego: cell, kind: cell, model: cell, odometer: cell, status: cell, nextService: cell, driver: cell }),
  jobs: row({
    ref: cell,
    customer: cell,
    from: cell,
    to: cell,
    type: z.enum(JOB_TYPES),
    driver: cell,
    rego: cell,
    status: z.enum(JOB_STATUS_LABELS),
    amount: cell,
    pickup: cell,
  }),
  invoices: row({ number: cell, customer: cell, issued: cell, due: cell, amount: cell, status: cell }),
  fuel: row({ date: cell, rego: cell, driver: cell, litres: cell, price: cell, total: cell, site: cell }),
  /** The dashboard's profit chart: thousands of dollars per month. */
  profit: row({ month: cell, revenue: z.number().positive(), costs: z.number().positive() }),
  activities: row({ time: cell, who: cell, what: text(80) }),
  reminders: row({ item: text(60), due: cell, status: cell }),
  contacts: row({ name: cell, kind: cell, contact: cell, phone: cell, jobs: cell }),
  breaches: row({ ref: cell, driver: cell, rule: text(60), date: cell, status: cell }),
  employees: row({ name: cell, position: cell, registered: cell, phone: cell, status: cell }),
  documents: row({ name: text(60), category: cell, updated: cell, expiry: cell }),
  tasks: row({ task: text(70), owner: cell, due: cell, status: cell }),
  compliance: row({ check: text(60), result: cell, by: cell }),
  qarErrors: row({ record: cell, problem: text(70), found: cell, status: cell }),
  messages: row({ channel: cell, to: cell, subject: text(60), sent: cell }),
  settings: z.array(cell).min(8),
  /** The figures across the top of a screen, by screen: a job counter names its status. */
  counters: z.partialRecord(
    z.enum(SCREEN_IDS),
    z
      .array(
        z.strictObject({
          label: cell,
          value: cell,
          note: cell.optional(),
          status: z.enum(JOB_STATUS_LABELS).optional(),
        }),
      )
      .length(4),
  ),
  /** Which screen each home hero slide and portfolio item shows (content/home.yaml names them). */
  home: z.strictObject({
    hero: z.record(z.enum(['route', 'driverApp', 'invoice']), z.enum(SCREEN_IDS)),
    portfolio: z.record(z.enum(['dispatchBoard', 'driverApp', 'staffPortal']), z.enum(SCREEN_IDS)),
  }),
  /** Each screen's words for the page: what it shows (alt) and a caption on feature pages. */
  screens: z.record(z.enum(SCREEN_IDS), z.strictObject({ alt: text(400), caption: text(200) })),
});
export type ScreensContent = z.infer<typeof schema>;
