// Every submission kind's description, by the kind's name: what the intake, the inbox, the exports,
// the retention purge and the emails read.
import type { InboxKind } from '../../common/inbox-vocabulary.ts';
import { contactMessage } from './contact-message.ts';
import { demoRequest } from './demo-request.ts';
import { feedback } from './feedback.ts';
import { newsletter } from './newsletter.ts';
import type { SubmissionKindDescription } from './types.ts';

export const SUBMISSION_KINDS: Record<InboxKind, SubmissionKindDescription> = {
  'demo-requests': demoRequest,
  'contact-messages': contactMessage,
  feedback: feedback,
  newsletter: newsletter,
};

export { contactMessage, demoRequest, feedback, newsletter };
export type * from './types.ts';
