// What happens to each visitor submission once its input is valid: store it (flagged as spam when
// the honeypot was filled, so nothing is silently lost) and say what to tell the visitor.
// A demo request or contact message writes its email notifications to the outbox in the same
// transaction (decision 010); a honeypot submission writes none.
import { HONEYPOT_FIELD, MARKETING_CONSENT_VERSION } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { DemoRequestInput } from '../../common/demo-schema.ts';
import type { FeedbackInput, NewsletterInput } from '../../common/schemas.ts';
import type { Database } from '../db/driver.ts';
import { createRepositories, type Repositories } from '../db/repositories/index.ts';
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

/** Run first inside the transaction that stores a submission, with its message (services/intake.ts
 * claims the idempotency key with it): false means it was sent before, and nothing is stored. */
export type Claim = (repos: Repositories, message: string) => Promise<boolean>;

/** Told of every stored submission (the metrics count them); a repeat stores nothing and is not told. */
export type SubmissionObserver = { stored(kind: SubmissionKind, spam: boolean): void };

export function createSubmissionService(
  db: Database,
  now: () => Date = () => new Date(),
  delivery?: SubmissionDelivery,
  observer?: SubmissionObserver,
) {
  const stamp = () => now().toISOString();
  /** Passes a stored submission's message on, telling the observer; a repeat's null as it is. */
  const told = async (kind: SubmissionKind, input: { [HONEYPOT_FIELD]?: string | undefined }, stored: Promise<string | null>) => {
    const message = await stored;
    if (message !== null) observer?.stored(kind, isSpam(input));
    return message;
  };
  // The submission and its outbox rows are written in one transaction: both, or neither.
  const inTransaction = <T>(work: (repos: Repositories) => Promise<T>) => db.transaction((trx) => work(createRepositories(trx)));
  /** A submission stored alone, or, given a claim, in one transaction with it. */
  const single = (message: string, store: (repos: Repositories) => Promise<unknown>, claim?: Claim) =>
    claim
      ? inTransaction(async (repos) => ((await claim(repos, message)) ? (await store(repos), message) : null))
      : store(createRepositories(db.kysely)).then(() => message);
  return {
    addFeedback(input: FeedbackInput, claim?: Claim): Promise<string | null> {
      return told('feedback', input, single(MESSAGES.feedbackThanks, (repos) => repos.submissions.addFeedback({ feedback: input.feedback, isSpam: isSpam(input), createdAt: stamp() }), claim));
    },
    async requestDemo(input: DemoRequestFields, claim?: Claim): Promise<string | null> {
      const createdAt = stamp();
      const consent = consentOf(input.marketing_consent, createdAt);
      const spam = isSpam(input);
      return told('demo_request', input, inTransaction(async (repos) => {
        if (claim && !(await claim(repos, MESSAGES.demoThanks))) return null;
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
        return MESSAGES.demoThanks;
      }));
    },
    async sendContactMessage(input: ContactFields, image: CheckedImage, claim?: Claim): Promise<string | null> {
      const createdAt = stamp();
      const consent = consentOf(input.marketing_consent, createdAt);
      const spam = isSpam(input);
      return told('contact_message', input, inTransaction(async (repos) => {
        if (claim && !(await claim(repos, MESSAGES.contactThanks))) return null;
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
        return MESSAGES.contactThanks;
      }));
    },
    subscribe(input: NewsletterInput, claim?: Claim): Promise<string | null> {
      return told('newsletter', input, single(MESSAGES.newsletterThanks, (repos) => repos.submissions.addSubscriber(input.email, isSpam(input), stamp()), claim));
    },
  };
}
export type SubmissionService = ReturnType<typeof createSubmissionService>;
