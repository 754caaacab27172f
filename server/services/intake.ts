// One function per kind of submission, owning its whole rule for both doors, the JSON API and the
// form posted without JavaScript: validate with the common schema, check the image (contact),
// store it with its email notifications, and, given an idempotency key, store it once. The same
// key with the same body within IDEMPOTENCY_TTL_MS answers the first answer again and stores
// nothing; with another body it is a conflict (409). The key is claimed in the transaction that
// stores the submission, under the table's primary key, so concurrent requests on any number of
// instances sharing the database store one row.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_TTL_MS } from '../../common/constants.ts';
import { demoRequestSchema } from '../../common/demo-schema.ts';
import type { InboxKind } from '../../common/inbox-vocabulary.ts';
import { contactSchema, feedbackSchema, newsletterSchema } from '../../common/schemas.ts';
import type { IdempotencyRepository } from '../db/repositories/idempotency.ts';
import type { checkImage as CheckImage } from './images.ts';
import type { Claim, ContactFields, SubmissionService } from './submissions.ts';

export type IntakeResult =
  /** Stored (or stored before under this key, `repeated`): the message to answer with. */
  | { kind: 'done'; message: string; repeated: boolean }
  /** The schema refused the input: its issues, in form order. */
  | { kind: 'invalid'; error: z.ZodError }
  /** The image was refused by its bytes: the message, for the img field. */
  | { kind: 'bad-image'; message: string }
  /** The key was used with another body, or is not a key at all. */
  | { kind: 'conflict' }
  | { kind: 'bad-key' };

type Dependencies = {
  submissions: SubmissionService;
  /** Reads keys outside the storing transaction (claims go through the transaction's own). */
  keys: IdempotencyRepository;
  checkImage: typeof CheckImage;
  now?: () => Date;
};

/** The body as canonical text (the schema's output, in its field order), hashed. */
const sha256 = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(value, (_key, item: unknown) => (item instanceof Uint8Array ? createHash('sha256').update(item).digest('hex') : item)))
    .digest('hex');

export function createIntake({ submissions, keys, checkImage, now = () => new Date() }: Dependencies) {
  const cutoff = () => new Date(now().getTime() - IDEMPOTENCY_TTL_MS).toISOString();

  /** What a key already answered for this kind: nothing yet, the same body's message, or a conflict. */
  async function earlier(kind: InboxKind, key: string | undefined, hash: string): Promise<IntakeResult | null> {
    if (!key) return null;
    const found = await keys.find(kind, key, cutoff());
    if (!found) return null;
    return found.bodySha256 === hash ? { kind: 'done', message: found.message, repeated: true } : { kind: 'conflict' };
  }

  /** Stores once: `store` runs the claim first in its transaction. */
  async function storeOnce(kind: InboxKind, key: string | undefined, hash: string, store: (claim?: Claim) => Promise<string | null>): Promise<IntakeResult> {
    const claim: Claim | undefined = key
      ? (repos, message) => repos.idempotency.claim({ kind, key, bodySha256: hash, message, createdAt: now().toISOString() }, cutoff())
      : undefined;
    const message = await store(claim);
    if (message !== null) return { kind: 'done', message, repeated: false };
    // Another request took the key between our look and our claim: its answer is ours.
    return (await earlier(kind, key, hash)) ?? { kind: 'conflict' };
  }

  /** Validate, then look the key up, then store: the rule of the kinds without an image. */
  function simple<S extends z.ZodType>(kind: InboxKind, schema: S, store: (input: z.output<S>, claim?: Claim) => Promise<string | null>) {
    return async (raw: unknown, key?: string): Promise<IntakeResult> => {
      if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) return { kind: 'bad-key' };
      const parsed = schema.safeParse(raw);
      if (!parsed.success) return { kind: 'invalid', error: parsed.error };
      const hash = sha256(parsed.data);
      return (await earlier(kind, key, hash)) ?? storeOnce(kind, key, hash, (claim) => store(parsed.data, claim));
    };
  }

  return {
    feedback: simple('feedback', feedbackSchema, (input, claim) => submissions.addFeedback(input, claim)),
    demo: simple('demo-requests', demoRequestSchema, (input, claim) => submissions.requestDemo(input, claim)),
    newsletter: simple('newsletter', newsletterSchema, (input, claim) => submissions.subscribe(input, claim)),
    /** The contact message: its text fields and the image's bytes (undefined when none came). */
    async contact(raw: Record<string, unknown>, key?: string): Promise<IntakeResult> {
      if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) return { kind: 'bad-key' };
      const parsed = contactSchema.safeParse(raw);
      if (!parsed.success) return { kind: 'invalid', error: parsed.error };
      const hash = sha256(parsed.data);
      // A repeat is answered before the image is decoded again.
      const repeat = await earlier('contact-messages', key, hash);
      if (repeat) return repeat;
      const checked = await checkImage(parsed.data.img as Uint8Array);
      if (!checked.ok) return { kind: 'bad-image', message: checked.message };
      return storeOnce('contact-messages', key, hash, (claim) => submissions.sendContactMessage(parsed.data as ContactFields, checked.image, claim));
    },
  };
}
export type Intake = ReturnType<typeof createIntake>;
