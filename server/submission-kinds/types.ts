// What a submission kind declares (STYLE 19): everything the intake, the inbox, the exports and the
// emails need to know about it, in one module per kind (demo-request.ts, contact-message.ts,
// feedback.ts, newsletter.ts). One naming convention runs from the form to the row: a field's
// `name` is the schema's output key and the table's column, so the parsed value is stored as it is
// by one generic insert (repositories/submissions.ts).
//
// A new field on a kind: its line in the kind's schema (common/), its line in `fields` here, and
// one migration per engine adding the column. A value that is an object is stored as JSON text by
// the generic insert. The attribution every kind carries is not a field: attribution.ts.
import type { z } from 'zod';
import type { Attribution } from '../../common/attribution-fields.ts';
import type { InboxKind } from '../../common/inbox-vocabulary.ts';
import type { EmailContent } from '../../content/emails.schema.ts';
import type { NewOutboxMessage } from '../db/repositories/outbox.ts';
import type { DB } from '../db/schema.ts';
import type { SubmissionKind as MetricKind } from '../metrics.ts';
import type { ChosenBooking } from '../services/booking/booking-types.ts';
import type { MailSettings } from '../services/notifications.ts';

/** A value as a row holds it. */
export type StoredValue = string | number | null;
/** A row's field values by column. */
export type StoredValues = Record<string, StoredValue>;

/** The tables that hold submissions. */
export type SubmissionTable = 'demo_requests' | 'contact_messages' | 'feedback' | 'newsletter_subscribers';

/** Marketing consent as stored: the consent text's version and the time it was ticked. */
export type Consent = { version: string; at: string } | null;

/** A field as staff see it in the inbox and the export. */
export type KindField<Name extends string = string> = {
  /** The schema's output key, the table's column, and the field's `name` in the inbox API. */
  name: Name;
  /** What staff read beside the value, and its export column's header. */
  label: string;
  /** Whether the inbox's free-text search looks in it (default true). */
  searchable?: boolean;
  /** The stored value as staff read it (default: as stored). */
  show?: (value: StoredValue) => string;
  /** Export columns other than the one `label: show(value)` column (country name and calling code). */
  exportAs?: { headers: readonly string[]; cells: (value: StoredValue, row: StoredValues) => string[] };
};

/** What the inbox lists for a row: its title, second line and a preview of its text. */
export type Headline = { title: string; subtitle: string; preview: string };

/** A stored submission as its emails are composed from it: the schema's output, as stored. */
export type StoredSubmission<Values> = {
  id: number;
  values: Values;
  consent: Consent;
  createdAt: string;
  /** The checked image's type and size, for kinds that carry one. */
  image: { type: string; size: number } | null;
  /** The time it booked (a demo request with a chosen time, issue 29), or none. */
  booking?: ChosenBooking | null;
  /** Where the visitor came from (issue 30), when the form sent it: every kind stores it alike
   * (attribution.ts), so a description declares nothing for it. */
  attribution?: Attribution | undefined;
};

/** What composing an email needs besides the submission: the copy and the settings. */
export type MailContext = { copy: EmailContent; settings: MailSettings; messageId: () => string };

export type SubmissionKindDescription<S extends z.ZodType = z.ZodType> = {
  /** The kind as URLs, the inbox and the idempotency keys name it. */
  kind: InboxKind;
  /** The kind as the submission metrics label it. */
  metric: MetricKind;
  /** The one schema, shared with the browser's form (common/). */
  schema: S;
  /** Where its rows live. */
  table: SubmissionTable & keyof DB;
  /** The stored fields in the form's order: columns, labels, how staff read them. */
  fields: readonly KindField<Extract<keyof z.output<S>, string>>[];
  /** Rows carry a checked image (img, img_type, img_size, img_sha256). */
  image: boolean;
  /** Rows record marketing consent (marketing_consent_version, marketing_consent_at). */
  consent: boolean;
  /** A column whose value is stored once: a repeat stores nothing and is answered the same. */
  uniqueBy?: Extract<keyof z.output<S>, string>;
  /** What the visitor is told once it is stored (MESSAGES). */
  thanks: string;
  /** A submission may carry a chosen time (`slot_start`, `time_zone`): it is stored with its
   * booking, in one transaction, and answered with the time in the visitor's words (issue 29). */
  bookable?: {
    /** The visitor's country (ISO 3166-1 alpha-2) for the routing rules, or null. */
    country(values: z.output<S>): string | null;
  };
  /** The inbox's title, second line and preview of a row. */
  headline(row: { id: number; values: StoredValues }): Headline;
  /** The emails a stored submission sends (none for a honeypot one), into the outbox of the
   * transaction that stores it. */
  emails?(submission: StoredSubmission<z.output<S>>, mail: MailContext): NewOutboxMessage[];
};

/** Declares a kind with its fields and emails typed by its schema's output. */
export const describeKind = <S extends z.ZodType>(description: SubmissionKindDescription<S>) => description;
