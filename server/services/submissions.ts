// What happens to each visitor submission once its input is valid: store it (flagged as spam when
// the honeypot was filled, so nothing is silently lost) and say what to tell the visitor.
// A demo request or contact message writes its email notifications to the outbox in the same
// transaction (decision 010); a honeypot submission writes none.
import { HONEYPOT_FIELD, MARKETING_CONSENT_VERSION } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { DemoRequestInput } from '../../common/demo-schema.ts';
import type { FeedbackInput, NewsletterInput } from '../../common/schemas.ts';
import type { SubmissionsRepository } from '../db/repositories/submissions.ts';
import type { CheckedImage } from './images.ts';
import type { Consent, NotificationService } from './notifications.ts';

export type ContactFields = { name: string; email: string; subject: string; inq_type: '1' | '2' | '3'; message: string; marketing_consent?: boolean; [HONEYPOT_FIELD]?: string | undefined };
/** The demo request as validated; marketing_consent may be left out by callers that never offer it. */
export type DemoRequestFields = Omit<DemoRequestInput, 'marketing_consent'> & { marketing_consent?: boolean };

/** How a submission and its notifications are stored together; without it (unit tests) a
 * submission is stored alone and notifies nobody. */
export type SubmissionDelivery = {
  transaction<T>(work: () => T): T;
  notifications: NotificationService;
};

/** The consent text's version and the submission's time when the visitor ticked product news. */
const consentOf = (ticked: boolean | undefined, at: string): Consent => (ticked ? { version: MARKETING_CONSENT_VERSION, at } : null);

const isSpam = (input: { [HONEYPOT_FIELD]?: string | undefined }) => Boolean(input[HONEYPOT_FIELD]);

/** Run first inside the transaction that stores a submission (services/intake.ts claims its
 * idempotency key with it): false means it was sent before, and nothing is stored. */
export type Claim = (message: string) => boolean;

export function createSubmissionService(
  repo: SubmissionsRepository,
  now: () => Date = () => new Date(),
  delivery?: SubmissionDelivery,
) {
  const stamp = () => now().toISOString();
  const inTransaction = <T>(work: () => T): T => (delivery ? delivery.transaction(work) : work());
  return {
    addFeedback(input: FeedbackInput, claim?: Claim): string | null {
      const message = MESSAGES.feedbackThanks;
      return inTransaction(() => {
        if (claim && !claim(message)) return null;
        repo.addFeedback({ feedback: input.feedback, isSpam: isSpam(input), createdAt: stamp() });
        return message;
      });
    },
    requestDemo(input: DemoRequestFields, claim?: Claim): string | null {
      const createdAt = stamp();
      const consent = consentOf(input.marketing_consent, createdAt);
      const spam = isSpam(input);
      return inTransaction(() => {
        if (claim && !claim(MESSAGES.demoThanks)) return null;
        const id = repo.addDemoRequest({
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
          delivery?.notifications.demoRequested({
            id, name: input.name, jobTitle: input.job_title, company: input.company, number: input.number,
            email: input.email, text: input.text, consent, createdAt,
          });
        }
        return MESSAGES.demoThanks;
      });
    },
    sendContactMessage(input: ContactFields, image: CheckedImage, claim?: Claim): string | null {
      const createdAt = stamp();
      const consent = consentOf(input.marketing_consent, createdAt);
      const spam = isSpam(input);
      return inTransaction(() => {
        if (claim && !claim(MESSAGES.contactThanks)) return null;
        const id = repo.addContactMessage({
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
          delivery?.notifications.contactReceived({
            id, name: input.name, email: input.email, subject: input.subject, inqType: Number(input.inq_type),
            message: input.message, imageType: image.type, imageSize: image.bytes.byteLength, consent, createdAt,
          });
        }
        return MESSAGES.contactThanks;
      });
    },
    subscribe(input: NewsletterInput, claim?: Claim): string | null {
      const message = MESSAGES.newsletterThanks;
      return inTransaction(() => {
        if (claim && !claim(message)) return null;
        repo.addSubscriber(input.email, isSpam(input), stamp());
        return message;
      });
    },
  };
}
export type SubmissionService = ReturnType<typeof createSubmissionService>;
