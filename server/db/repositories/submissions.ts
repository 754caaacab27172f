// SQL for the four kinds of submission a visitor can send. One insert each, explicit columns.
import type { Database } from '../driver.ts';

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

export function createSubmissionsRepository(db: Database) {
  const insertFeedback = db.prepare(
    'INSERT INTO feedback (feedback, is_spam, status, created_at) VALUES (?, ?, ?, ?)',
  );
  const insertDemoRequest = db.prepare(`
    INSERT INTO demo_requests
      (name, job_title, company, country, number, email, text, is_spam, status, created_at,
       marketing_consent_version, marketing_consent_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertContactMessage = db.prepare(`
    INSERT INTO contact_messages
      (name, email, subject, inq_type, message, img, img_type, img_size, img_sha256, is_spam, status, created_at,
       marketing_consent_version, marketing_consent_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // A repeat subscription keeps the first row: the answer is the same either way.
  const insertSubscriber = db.prepare(`
    INSERT INTO newsletter_subscribers (email, is_spam, status, created_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (email) DO NOTHING`);

  return {
    addFeedback(row: NewFeedback): number {
      return Number(insertFeedback.run(row.feedback, Number(row.isSpam), initialStatus(row.isSpam), row.createdAt).lastInsertRowid);
    },
    addDemoRequest(row: NewDemoRequest): number {
      return Number(
        insertDemoRequest.run(
          row.name, row.jobTitle, row.company, row.country, row.number, row.email, row.text,
          Number(row.isSpam), initialStatus(row.isSpam), row.createdAt,
          row.marketingConsentVersion ?? null, row.marketingConsentAt ?? null,
        ).lastInsertRowid,
      );
    },
    addContactMessage(row: NewContactMessage): number {
      return Number(
        insertContactMessage.run(
          row.name, row.email, row.subject, row.inqType, row.message,
          row.img, row.imgType, row.img.byteLength, row.imgSha256, Number(row.isSpam), initialStatus(row.isSpam), row.createdAt,
          row.marketingConsentVersion ?? null, row.marketingConsentAt ?? null,
        ).lastInsertRowid,
      );
    },
    /** True when the address is new, false when it was already subscribed. */
    addSubscriber(email: string, isSpam: boolean, createdAt: string): boolean {
      return insertSubscriber.run(email, Number(isSpam), initialStatus(isSpam), createdAt).changes === 1;
    },
  };
}
export type SubmissionsRepository = ReturnType<typeof createSubmissionsRepository>;
