// The footer's newsletter box (DESIGN: POST /api/Newsletter/Subscribe {email}, stored once, with
// the same statuses and result modal as the other forms).
import { href } from 'react-router';
import type { FormFailure } from '../../lib/form-fields.ts';
import { SingleFieldForm } from './single-field-form.tsx';

export function NewsletterForm({ tone, failure }: { tone?: 'inverse'; failure?: FormFailure | null | undefined }) {
  return (
    <SingleFieldForm
      form="newsletter"
      field="email"
      label="Email address"
      placeholder="you@company.com"
      autoComplete="email"
      action={href('/forms/newsletter')}
      endpoint="/api/Newsletter/Subscribe"
      button="Subscribe"
      title="Newsletter"
      tone={tone}
      failure={failure}
      className="newsletter-form"
    />
  );
}
