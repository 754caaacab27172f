// The one-line feedback form on every page with a footer (spec 3, 5, 7, 8).
import { href } from 'react-router';
import type { FormFailure } from '../../lib/form-fields.ts';
import { SingleFieldForm } from './single-field-form.tsx';

export function FeedbackForm({ tone, failure }: { tone?: 'inverse'; failure?: FormFailure | null | undefined }) {
  return (
    <SingleFieldForm
      form="feedback"
      field="feedback"
      label="Feedback on this site"
      placeholder="What could we do better?"
      action={href('/forms/feedback')}
      endpoint="/api/Feedback/AddFeedback"
      button="Send"
      title="Feedback"
      tone={tone}
      failure={failure}
      className="feedback-form"
    />
  );
}
