// Taking in a submission of any kind, the whole rule for both doors, the JSON API and the form
// posted without JavaScript: validate with the kind's schema, check the image (a kind with one),
// store it with its emails (services/submissions.ts), and, given an idempotency key, store it once.
// The same key with the same body within IDEMPOTENCY_TTL_MS answers the first answer again and
// stores nothing; with another body it is a conflict (409). The key is claimed in the transaction
// that stores the submission, under the table's primary key, so concurrent requests on any number
// of instances sharing the database store one row.
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_MESSAGES } from '../../common/api.ts';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_MS } from '../../common/constants.ts';
import type { InboxKind } from '../../common/inbox-vocabulary.ts';
import type { IdempotencyRepository } from '../db/repositories/idempotency.ts';
import { ok, parseWith, refusal, type Result } from '../refusal.ts';
import { attributionOf } from '../submission-kinds/attribution.ts';
import { SUBMISSION_KINDS } from '../submission-kinds/index.ts';
import type { checkImage as CheckImage, CheckedImage } from './images.ts';
import { BOOKING_MESSAGES, formatSlot } from '../../common/booking.ts';
import type { BookingService } from './booking/service.ts';
import type { Claim, SubmissionService } from './submissions.ts';

/** Stored (or stored before under this key, `repeated`): the message to answer with. */
export type Taken = { message: string; repeated: boolean };

type Dependencies = {
  submissions: SubmissionService;
  /** Reads keys outside the storing transaction (claims go through the transaction's own). */
  keys: IdempotencyRepository;
  checkImage: typeof CheckImage;
  /** Books a chosen time with a bookable kind's submission (issue 29); without it, a chosen
   * time is refused as not offered. */
  booking?: Pick<BookingService, 'book'>;
  now?: () => Date;
};

/** The body as canonical text (the schema's output, in its field order), hashed. */
const sha256 = (value: unknown) =>
  createHash('sha256')
    .update(
      JSON.stringify(value, (_key, item: unknown) =>
        item instanceof Uint8Array ? createHash('sha256').update(item).digest('hex') : item,
      ),
    )
    .digest('hex');

const conflict = () => refusal('conflict', IDEMPOTENCY_MESSAGES.conflict);

export function createIntake({ submissions, keys, checkImage, booking, now = () => new Date() }: Dependencies) {
  const cutoff = () => new Date(now().getTime() - IDEMPOTENCY_TTL_MS).toISOString();

  /** What a key already answered for this kind: nothing yet, the same body's message, or a conflict. */
  async function earlier(kind: InboxKind, key: string | undefined, hash: string): Promise<Result<Taken> | null> {
    if (!key) return null;
    const found = await keys.find(kind, key, cutoff());
    if (!found) return null;
    return found.bodySha256 === hash ? ok({ message: found.message, repeated: true }) : conflict();
  }

  /** Takes in one submission of `kind`: the raw body (a contact message's image as its bytes), with
   * its optional `attribution`, which is kept where valid and never refuses it (decision 051). */
  async function take(kind: InboxKind, raw: unknown, key?: string): Promise<Result<Taken>> {
    const description = SUBMISSION_KINDS[kind];
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key))
      return refusal('invalid', IDEMPOTENCY_MESSAGES.keyInvalid);
    const parsed = parseWith(description.schema, raw);
    if (!parsed.ok) return parsed;
    const input = parsed.value as Record<string, unknown>;
    const hash = sha256(input);
    // A repeat is answered before an image is decoded again.
    const repeat = await earlier(kind, key, hash);
    if (repeat) return repeat;
    let image: CheckedImage | undefined;
    if (description.image) {
      const checked = await checkImage(input.img as Uint8Array);
      if (!checked.ok) return refusal('invalid', checked.message, { img: checked.message });
      image = checked.image;
    }
    const claim: Claim | undefined = key
      ? (repos, message) =>
          repos.idempotency.claim({ kind, key, bodySha256: hash, message, createdAt: now().toISOString() }, cutoff())
      : undefined;
    // Not part of the hash: a retry from another tab is the same submission.
    const attribution = attributionOf(raw);
    const chosen = description.bookable ? bookingOf(input) : null;
    if (chosen) {
      // The answer names the time, so a retry under the same key is answered with the same words.
      const message = BOOKING_MESSAGES.booked(formatSlot(chosen.start, chosen.timeZone), chosen.timeZone);
      if (!booking) return refusal('invalid', BOOKING_MESSAGES.notOffered);
      const stored = await submissions.storeBooked(
        description,
        input,
        (within) => booking.book({ ...chosen, country: description.bookable?.country(input) ?? null }, within),
        { claim, message, attribution },
      );
      if (stored?.ok) return ok({ message, repeated: false });
      // Taken by a request under the same key that got there first (a retry racing the first
      // try): its answer is ours; any other refusal is the answer.
      const first = key ? await earlier(kind, key, hash) : null;
      return first ?? stored ?? conflict();
    }
    const message = await submissions.store(description, input, { image, claim, attribution });
    if (message !== null) return ok({ message, repeated: false });
    // Another request took the key between our look and our claim: its answer is ours.
    return (await earlier(kind, key, hash)) ?? conflict();
  }

  /** The time a bookable submission chose, or null for none (the schema checked the two fields). */
  function bookingOf(input: Record<string, unknown>): { start: string; timeZone: string } | null {
    const start = input.slot_start;
    const timeZone = input.time_zone;
    return typeof start === 'string' && typeof timeZone === 'string' ? { start, timeZone } : null;
  }

  return {
    take,
    feedback: (raw: unknown, key?: string) => take('feedback', raw, key),
    demo: (raw: unknown, key?: string) => take('demo-requests', raw, key),
    newsletter: (raw: unknown, key?: string) => take('newsletter', raw, key),
    /** The contact message: its text fields and the image's bytes (undefined when none came). */
    contact: (raw: Record<string, unknown>, key?: string) => take('contact-messages', raw, key),
  };
}
export type Intake = ReturnType<typeof createIntake>;
