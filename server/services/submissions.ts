// What happens to each visitor submission once its input is valid: store it (flagged as spam when
// the honeypot was filled, so nothing is silently lost) and say what to tell the visitor.
import { HONEYPOT_FIELD } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { DemoRequestInput, FeedbackInput, NewsletterInput } from '../../common/schemas.ts';
import type { SubmissionsRepository } from '../db/repositories/submissions.ts';
import type { CheckedImage } from './images.ts';

export type ContactFields = { name: string; email: string; subject: string; inq_type: '1' | '2' | '3'; message: string; [HONEYPOT_FIELD]?: string | undefined };

const isSpam = (input: { [HONEYPOT_FIELD]?: string | undefined }) => Boolean(input[HONEYPOT_FIELD]);

export function createSubmissionService(repo: SubmissionsRepository, now: () => Date = () => new Date()) {
  const stamp = () => now().toISOString();
  return {
    addFeedback(input: FeedbackInput): string {
      repo.addFeedback({ feedback: input.feedback, isSpam: isSpam(input), createdAt: stamp() });
      return MESSAGES.feedbackThanks;
    },
    requestDemo(input: DemoRequestInput): string {
      repo.addDemoRequest({
        name: input.name,
        jobTitle: input.job_title,
        company: input.company,
        country: input.country.replace(/^\+/, ''),
        number: input.number,
        email: input.email,
        text: input.text,
        isSpam: isSpam(input),
        createdAt: stamp(),
      });
      return MESSAGES.demoThanks;
    },
    sendContactMessage(input: ContactFields, image: CheckedImage): string {
      repo.addContactMessage({
        name: input.name,
        email: input.email,
        subject: input.subject,
        inqType: Number(input.inq_type),
        message: input.message,
        img: image.bytes,
        imgType: image.type,
        imgSha256: image.sha256,
        isSpam: isSpam(input),
        createdAt: stamp(),
      });
      return MESSAGES.contactThanks;
    },
    subscribe(input: NewsletterInput): string {
      repo.addSubscriber(input.email, isSpam(input), stamp());
      return MESSAGES.newsletterThanks;
    },
  };
}
export type SubmissionService = ReturnType<typeof createSubmissionService>;
