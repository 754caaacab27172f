// What happens to each visitor submission once its input is valid, the same for every kind: store
// it as its description says (flagged as spam when the honeypot was filled, so nothing is silently
// lost) with the emails the kind sends in the same transaction (decision 010; a honeypot
// submission sends none), and say what to tell the visitor.
import type { z } from 'zod';
import { HONEYPOT_FIELD, MARKETING_CONSENT_VERSION } from '../../common/constants.ts';
import type { Database } from '../db/driver.ts';
import { createRepositories, type Repositories } from '../db/repositories/index.ts';
import type { SubmissionKind } from '../metrics.ts';
import { type Attribution, attributionColumns } from '../submission-kinds/attribution.ts';
import type { Consent, SubmissionKindDescription } from '../submission-kinds/types.ts';
import { ok, refusal, type Result } from '../refusal.ts';
import type { BookingOutcome, ChosenBooking, WithBooking } from './booking/booking-types.ts';
import type { CheckedImage } from './images.ts';
import type { NotificationService } from './notifications.ts';

/** Who is told about a stored submission; without it (unit tests) a submission is stored alone
 * and notifies nobody. */
export type SubmissionDelivery = { notifications: Pick<NotificationService, 'submissionStored'> };

/** Run first inside the transaction that stores a submission, with its message (services/intake.ts
 * claims the idempotency key with it): false means it was sent before, and nothing is stored. */
export type Claim = (repos: Repositories, message: string) => Promise<boolean>;

/** Told of every stored submission (the metrics count them); a repeat stores nothing and is not told. */
export type SubmissionObserver = { stored(kind: SubmissionKind, spam: boolean): void };

/** Fields of the schema's output that are not columns: the honeypot, and the consent tick (stored
 * as the consent text's version and the time), the image (stored as its checked bytes), and a
 * demo's chosen time (stored as its booking). */
const NOT_COLUMNS = new Set([HONEYPOT_FIELD, 'marketing_consent', 'img', 'slot_start', 'time_zone']);

/** Books the chosen time with what goes with it in one transaction (the booking service's book()
 * with the visitor's start, zone and country already given). */
export type BookWith = (within: WithBooking) => Promise<BookingOutcome>;

/** Thrown inside a booking's transaction when the idempotency key was claimed before: undoes the
 * booking, and the caller answers the first answer. */
class ClaimedBefore extends Error {}

type StoreOptions = {
  image?: CheckedImage | undefined;
  claim?: Claim | undefined;
  message?: string;
  /** Where the visitor came from (issue 30), stored alike for every kind. */
  attribution?: Attribution | undefined;
};

export function createSubmissionService(
  db: Database,
  now: () => Date = () => new Date(),
  delivery?: SubmissionDelivery,
  observer?: SubmissionObserver,
) {
  /** Stores a valid submission of `kind` (the schema's output), with its checked image for a
   * kind that has one; its thank-you message, or null when `claim` found it sent before. */
  async function store<S extends z.ZodType>(
    kind: SubmissionKindDescription<S>,
    input: z.output<S>,
    options: StoreOptions = {},
  ): Promise<string | null> {
    const { work, spam } = prepare(kind, input, options);
    const run = async (repos: Repositories) => ((await work(repos)) === null ? null : (options.message ?? kind.thanks));
    // The submission, its claim and its outbox rows are written in one transaction: all, or none.
    const message =
      options.claim || kind.emails
        ? await db.transaction((trx) => run(createRepositories(trx)))
        : await run(createRepositories(db.kysely));
    if (message !== null) observer?.stored(kind.metric, spam);
    return message;
  }

  return {
    store,

    /** Stores a valid submission with the time it booked (issue 29), in the booking's one
     * transaction: the request (its owner the booking's), its claim, its emails and the booking,
     * all or none. The message to answer (`options.message`, naming the time), a refusal (the
     * time taken meanwhile or not offered: nothing stored), or null when `claim` found it sent
     * before (nothing booked). A honeypot submission is stored as spam and books nothing. */
    async storeBooked<S extends z.ZodType>(
      kind: SubmissionKindDescription<S>,
      input: z.output<S>,
      book: BookWith,
      options: StoreOptions & { message: string },
    ): Promise<Result<string> | null> {
      const { work, spam } = prepare(kind, input, options);
      if (spam) {
        const message = await store(kind, input, options);
        return message === null ? null : ok(message);
      }
      let outcome: BookingOutcome;
      try {
        outcome = await book(async (trx, booking) => {
          const stored = await work(createRepositories(trx), booking);
          if (stored === null) throw new ClaimedBefore();
          return { demoRequestId: stored.id };
        });
      } catch (error) {
        if (error instanceof ClaimedBefore) return null;
        throw error;
      }
      if (!outcome.ok)
        return refusal(outcome.reason === 'taken' ? 'conflict' : 'invalid', outcome.message, {
          slot_start: outcome.message,
        });
      observer?.stored(kind.metric, false);
      return ok(options.message);
    },
  };

  /** The row of a submission and the work that stores it with its claim and emails in the
   * repositories it is given (a transaction's): its id, or null when the claim was taken. */
  function prepare<S extends z.ZodType>(kind: SubmissionKindDescription<S>, input: z.output<S>, options: StoreOptions) {
    const fields = input as Record<string, unknown>;
    const createdAt = now().toISOString();
    const spam = Boolean(fields[HONEYPOT_FIELD]);
    const consent: Consent =
      kind.consent && fields.marketing_consent === true ? { version: MARKETING_CONSENT_VERSION, at: createdAt } : null;
    const { image, attribution } = options;
    const values: Record<string, unknown> = Object.fromEntries(
      Object.entries(fields).filter(([name]) => !NOT_COLUMNS.has(name)),
    );
    if (kind.consent)
      Object.assign(values, {
        marketing_consent_version: consent?.version ?? null,
        marketing_consent_at: consent?.at ?? null,
      });
    // Every kind's row has the attribution's columns (migration 014), null when none came.
    Object.assign(values, attributionColumns(attribution));
    if (kind.image && image)
      Object.assign(values, {
        img: image.bytes,
        img_type: image.type,
        img_size: image.bytes.byteLength,
        img_sha256: image.sha256,
      });
    const work = async (repos: Repositories, booking?: ChosenBooking): Promise<{ id: number | null } | null> => {
      if (options.claim && !(await options.claim(repos, options.message ?? kind.thanks))) return null;
      // A booked request belongs to the booking's owner from the start.
      const row = { values: booking ? { ...values, owner: booking.owner } : values, isSpam: spam, createdAt };
      const id = kind.uniqueBy
        ? await repos.submissions.insertOnce(kind.table, row, kind.uniqueBy)
        : await repos.submissions.insert(kind.table, row);
      if (id !== null && !spam && kind.emails && delivery) {
        const stored = {
          id,
          values: input,
          consent,
          createdAt,
          image: image ? { type: image.type, size: image.bytes.byteLength } : null,
          booking: booking ?? null,
          attribution,
        };
        await delivery.notifications.submissionStored(repos.outbox, kind, stored);
      }
      return { id };
    };
    return { work, spam };
  }
}
export type SubmissionService = ReturnType<typeof createSubmissionService>;
