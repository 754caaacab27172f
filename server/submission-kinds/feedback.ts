// Feedback (spec 3): one line from a visitor, stored for staff; it sends no email.
import { MESSAGES } from '../../common/messages.ts';
import { feedbackSchema } from '../../common/schemas.ts';
import { previewOf } from './text.ts';
import { describeKind } from './types.ts';

export const feedback = describeKind({
  kind: 'feedback',
  metric: 'feedback',
  schema: feedbackSchema,
  table: 'feedback',
  fields: [{ name: 'feedback', label: 'Feedback' }],
  image: false,
  consent: false,
  thanks: MESSAGES.feedbackThanks,
  headline: ({ id, values }) => ({ title: `Feedback #${id}`, subtitle: '', preview: previewOf(values, 'feedback') }),
});
