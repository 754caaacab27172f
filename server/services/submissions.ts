// What happens to each visitor submission once its input is valid: store it (flagged as spam when
// the honeypot was filled, so nothing is silently lost) and say what to tell the visitor.
// A demo request or contact message writes its email notifications to the outbox in the same
// transaction (decision 010); a honeypot submission writes none.
import { HONEYPOT_FIELD, MARKETING_CONSENT_VERSION } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { DemoRequestInput, FeedbackInput, NewsletterInput } from '../../common/schemas.ts';
import type { Database } from '../db/driver.ts';
import { createRepositories } from '../db/repositories/index.ts';
import type { SubmissionKind } from '../metrics.ts';
import type { CheckedImage } from './images.ts';
import type { Consent, NotificationService } from './notifications.ts';

export type ContactFields = { name: string; email: string; subject: string; inq_type: '1' | '2' | '3'; message: string; marketing_consent?: boolean; [HONEYPOT_FIELD]?: string | undefined };
/** The demo request as validated; marketing_consent may be left out by callers that never offer it. */
export type DemoRequestFields = Omit<DemoRequestInput, 'marketing_consent'> & { marketing_consent?: boolean };

/** Who is told about a stored demo request or contact message; without it (unit tests) a
 * submission is stored alone and notifies nobody. */
export type SubmissionDelivery = { notifications: NotificationService };

/** The consent text's version and the submission's time when the visitor ticked product news. */
const consentOf = (ticked: boolean | undefined, at: string): Consent => (ticked ? { version: MARKETING_CONSENT_VERSION, at } : null);

const isSpam = (input: { [HONEYPOT_FIELD]?: string | undefined }) => Boolean(input[HONEYPOT_FIELD]);

/** Told of every stored submission (the metrics count them). */
export type SubmissionObserver = { stored(kind: SubmissionKind, spam: boolean): void };

export function createSubmissionService(
  db: Database,
  now: () => Date = () => new Date(),
  delivery?: SubmissionDelivery,
  observer?: SubmissionObserver,
) {
  const stamp = () => now().toISOString();
  const stored = (kind: SubmissionKind, input: { [HONEYPOT_FIELD]?: string | undefined }) => observer?.stored(kind, isSpam(input));
  const repo = createRepositories(db.kysely).submissions;
  // The submission and its outbox rows are written in one transaction: both, or neither.
  const inTransaction = <T>(work: (repos: ReturnType<typeof createRepositories>) => Promise<T>) =>
    db.transaction((trx) => work(createRepositories(trx)));
  return {
    async addFeedback(input: FeedbackInput): Promise<string> {
      await repo.addFeedback({ feedback: input.feedback, isSpam: isSpam(input), createdAt: stamp() });
      stored('feedback', input);
      return MESSAGES.feedbackThanks;
    },
    async requestDemo(input: DemoRequestFields): Promise<string> {
      const createdAt = stamp();
      const consent = consentOf(input.marketing_consent, createdAt);
      const spam = isSpam(input);
      await inTransaction(async (repos) => {
        const id = await repos.submissions.addDemoRequest({
          name: input.name,
          jobTitle: input.job_title,
          company: input.company,
          country: input.country.replace(/^\+/, ''),
          number: input.number,
          email: input.email,
          text: input.text,
          isSpam: spam,
          createdAt,
          marketingConsentVersion: consent?.version ?? null,
          marketingConsentAt: consent?.at ?? null,
        });
        if (!spam) {
          await delivery?.notifications.demoRequested(repos.outbox, {
            id, name: input.name, jobTitle: input.job_title, company: input.company, number: input.number,
            email: input.email, text: input.text, consent, createdAt,
          });
        }
      });
      stored('demo_request', input);
      return MESSAGES.demoThanks;
    },
    async sendContactMessage(input: ContactFields, image: CheckedImage): Promise<string> {
      const createdAt = stamp();
      const consent = consentOf(input.marketing_consent, createdAt);
      const spam = isSpam(input);
      await inTransaction(async (repos) => {
        const id = await repos.submissions.addContactMessage({
          name: input.name,
          email: input.email,
          subject: input.subject,
          inqType: Number(input.inq_type),
          message: input.message,
          img: image.bytes,
          imgType: image.type,
          imgSha256: image.sha256,
          isSpam: spam,
          createdAt,
          marketingConsentVersion: consent?.version ?? null,
          marketingConsentAt: consent?.at ?? null,
        });
        if (!spam) {
          await delivery?.notifications.contactReceived(repos.outbox, {
            id, name: input.name, email: input.email, subject: input.subject, inqType: Number(input.inq_type),
            message: input.message, imageType: image.type, imageSize: image.bytes.byteLength, consent, createdAt,
          });
        }
      });
      stored('contact_message', input);
      return MESSAGES.contactThanks;
    },
    async subscribe(input: NewsletterInput): Promise<string> {
      await repo.addSubscriber(input.email, isSpam(input), stamp());
      stored('newsletter', input);
      return MESSAGES.newsletterThanks;
    },
  };
}
export type SubmissionService = ReturnType<typeof createSubmissionService>;
