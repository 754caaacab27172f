// SQL for the four kinds of submission a visitor can send. One insert each, explicit columns.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export type NewFeedback = { feedback: string; isSpam: boolean; createdAt: string };
export type NewDemoRequest = {
  name: string;
  jobTitle: string;
  company: string;
  country: string;
  number: string;
  email: string;
  text: string;
  isSpam: boolean;
  createdAt: string;
  /** MARKETING_CONSENT_VERSION and the time when the visitor ticked product news, else null. */
  marketingConsentVersion?: string | null;
  marketingConsentAt?: string | null;
};
export type NewContactMessage = {
  name: string;
  email: string;
  subject: string;
  inqType: number;
  message: string;
  img: Uint8Array;
  imgType: string;
  imgSha256: string;
  isSpam: boolean;
  createdAt: string;
  /** MARKETING_CONSENT_VERSION and the time when the visitor ticked product news, else null. */
  marketingConsentVersion?: string | null;
  marketingConsentAt?: string | null;
};

/** A honeypot submission starts in the inbox's spam folder; every other one is new. */
const initialStatus = (isSpam: boolean) => (isSpam ? 'spam' : 'new');

export function createSubmissionsRepository(db: Kysely<DB>) {
  return {
    async addFeedback(row: NewFeedback): Promise<number> {
      const { id } = await db
        .insertInto('feedback')
        .values({ feedback: row.feedback, is_spam: Number(row.isSpam), status: initialStatus(row.isSpam), created_at: row.createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async addDemoRequest(row: NewDemoRequest): Promise<number> {
      const { id } = await db
        .insertInto('demo_requests')
        .values({
          name: row.name,
          job_title: row.jobTitle,
          company: row.company,
          country: row.country,
          number: row.number,
          email: row.email,
          text: row.text,
          is_spam: Number(row.isSpam),
          status: initialStatus(row.isSpam),
          created_at: row.createdAt,
          marketing_consent_version: row.marketingConsentVersion ?? null,
          marketing_consent_at: row.marketingConsentAt ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async addContactMessage(row: NewContactMessage): Promise<number> {
      const { id } = await db
        .insertInto('contact_messages')
        .values({
          name: row.name,
          email: row.email,
          subject: row.subject,
          inq_type: row.inqType,
          message: row.message,
          img: row.img,
          img_type: row.imgType,
          img_size: row.img.byteLength,
          img_sha256: row.imgSha256,
          is_spam: Number(row.isSpam),
          status: initialStatus(row.isSpam),
          created_at: row.createdAt,
          marketing_consent_version: row.marketingConsentVersion ?? null,
          marketing_consent_at: row.marketingConsentAt ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    /** True when the address is new, false when it was already subscribed. A repeat
     * subscription keeps the first row: the answer is the same either way. */
    async addSubscriber(email: string, isSpam: boolean, createdAt: string): Promise<boolean> {
      const result = await db
        .insertInto('newsletter_subscribers')
        .values({ email, is_spam: Number(isSpam), status: initialStatus(isSpam), created_at: createdAt })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
  };
}
export type SubmissionsRepository = ReturnType<typeof createSubmissionsRepository>;
