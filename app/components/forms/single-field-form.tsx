// A form of one field and a button, as the footer has two (feedback, newsletter). Without
// JavaScript it posts to its page route; once hydrated it validates with the schema and calls its
// API route (both loaded on first focus: this form is on every page). Statuses and messages as spec 4 and 8 give them for
// feedback: 'Success!', 'Error!', or the server's message for an ErrorInfo answer.
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { SubmissionStatus } from '../../../common/constants.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { type FormFailure, type FormName, loadApiClient, loadValidation, preloadSubmission, useFieldRules } from '../../lib/form-fields.ts';
import { firstInvalidControl } from '../../lib/form-focus.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { ResultModal } from '../ui/result-modal.tsx';
import { FormMeta, honeypotValue } from './form-meta.tsx';

export type SingleFieldFormProps = {
  form: Extract<FormName, 'feedback' | 'newsletter'>;
  /** The name of the field, as the schema and the API call it. */
  field: 'feedback' | 'email';
  label: ReactNode;
  /** The page route that takes the native post. */
  action: string;
  /** The API route the enhanced form calls. */
  endpoint: string;
  button: string;
  /** The result modal's title. */
  title: string;
  placeholder?: string;
  autoComplete?: string;
  tone?: 'inverse';
  className?: string;
  /** A refusal the server rendered after a post without JavaScript. */
  failure?: FormFailure | null | undefined;
};

export function SingleFieldForm(props: SingleFieldFormProps) {
  const { form, field, label, action, endpoint, button, title, placeholder, autoComplete, tone, className, failure } = props;
  const rule = useFieldRules(form)[field];
  const hydrated = useHydrated();
  const submission = useSubmission(failure);
  const formRef = useRef<HTMLFormElement>(null);
  const [value, setValue] = useState(failure?.values[field] ?? '');
  const [error, setError] = useState<string | undefined>(failure?.errors[field]);
  const [attempted, setAttempted] = useState(false);

  async function check(current: string, website = '') {
    const { validate, feedbackSchema, newsletterSchema } = await loadValidation();
    const schema = form === 'feedback' ? feedbackSchema : newsletterSchema;
    return validate(schema, { [field]: current, website });
  }

  async function change(next: string) {
    setValue(next);
    if (!attempted) return;
    const checked = await check(next);
    setError(checked.ok ? undefined : checked.errors[field]);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submission.busy) return;
    setAttempted(true);
    const checked = await check(value, honeypotValue(event.currentTarget));
    if (!checked.ok) {
      setError(checked.errors[field]);
      submission.finish({ status: SubmissionStatus.Error, message: MESSAGES.error });
      return;
    }
    setError(undefined);
    submission.start('Sending…');
    const { apiPostJson } = await loadApiClient();
    const result = await apiPostJson(endpoint, checked.data);
    if (result.kind === 'success') {
      submission.finish({ status: SubmissionStatus.Success, message: MESSAGES.success });
      setValue('');
      setAttempted(false);
    } else if (result.kind === 'ErrorInfo') {
      submission.finish({ status: SubmissionStatus.Error, message: result.message });
    } else {
      submission.finish({ status: SubmissionStatus.Error, message: MESSAGES.error });
    }
  }

  const classes = ['form', 'inline-form', className].filter(Boolean).join(' ');
  return (
    <>
      <form
        ref={formRef}
        className={classes}
        data-tone={tone}
        method="post"
        action={action}
        noValidate={hydrated}
        onSubmit={submit}
        onFocus={preloadSubmission}
      >
        <FormMeta />
        <Field name={field} label={label} rule={rule} error={error}>
          {(control) => (
            <div className="inline-form-controls">
              <input
                className="field-control"
                type={rule?.type ?? 'text'}
                placeholder={placeholder}
                autoComplete={autoComplete}
                {...control}
                value={value}
                onChange={(event) => void change(event.target.value)}
              />
              <Button type="submit">{button}</Button>
            </div>
          )}
        </Field>
        {submission.status ? (
          <Alert status={submission.status} announce={submission.status === SubmissionStatus.Loading}>
            {submission.message}
          </Alert>
        ) : null}
      </form>
      <ResultModal result={submission.result} title={title} onClose={submission.closeResult} returnFocus={() => firstInvalidControl(formRef.current)} />
    </>
  );
}
