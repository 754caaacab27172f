// The newsletter sign-up: an address stored once (a repeat is answered the same and stores
// nothing); it sends no email.
import { MESSAGES } from '../../common/messages.ts';
import { newsletterSchema } from '../../common/schemas.ts';
import { textOf } from './text.ts';
import { describeKind } from './types.ts';

export const newsletter = describeKind({
  kind: 'newsletter',
  metric: 'newsletter',
  schema: newsletterSchema,
  table: 'newsletter_subscribers',
  fields: [{ name: 'email', label: 'Email' }],
  image: false,
  consent: false,
  uniqueBy: 'email',
  thanks: MESSAGES.newsletterThanks,
  headline: ({ values }) => ({ title: textOf(values, 'email'), subtitle: 'Newsletter subscriber', preview: '' }),
});
