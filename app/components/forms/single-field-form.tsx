// A form of one field and a button, as the footer has two (feedback, newsletter): spec 4 and 8
// give them 'Success!', 'Error!', or the server's message for an ErrorInfo answer.
import type { ReactNode } from 'react';
import { MESSAGES } from '../../../common/messages.ts';
import type { FormFailure } from '../../lib/form-fields.ts';
import { useForm } from '../../lib/use-form.ts';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { FormShell } from './form-shell.tsx';

export type SingleFieldFormProps = {
  form: 'feedback' | 'newsletter';
  /** The name of the field, as the schema and the API call it. */
  field: 'feedback' | 'email';
  label: ReactNode;
  /** The page route that takes the native post, and the API route the enhanced form calls. */
  action: string;
  endpoint: string;
  button: string;
  /** The result modal's title. */
  title: string;
  placeholder?: string;
  autoComplete?: string;
  tone?: 'inverse';
  className: string;
  failure?: FormFailure | null | undefined;
};

export function SingleFieldForm({
  form: name,
  field,
  label,
  action,
  endpoint,
  button,
  title,
  placeholder,
  autoComplete,
  tone,
  className,
  failure,
}: SingleFieldFormProps) {
  const form = useForm({
    form: name,
    initial: { [field]: '' },
    failure,
    loading: 'Sending…',
    answers: { invalid: MESSAGES.error, failed: MESSAGES.error, success: MESSAGES.success, serverMessage: 'ErrorInfo' },
    send: (api, data, key) => api.apiPostJson(endpoint, data, { idempotencyKey: key }),
  });
  const rule = form.rules[field];
  return (
    <FormShell form={form} action={action} title={title} tone={tone} className={`inline-form ${className}`}>
      <Field name={field} label={label} rule={rule} error={form.error(field)}>
        {(props) => (
          <div className="inline-form-controls">
            <input
              className="field-control"
              type={rule?.type ?? 'text'}
              placeholder={placeholder}
              autoComplete={autoComplete}
              {...props}
              {...form.bind(field)}
            />
            <Button type="submit">{button}</Button>
          </div>
        )}
      </Field>
    </FormShell>
  );
}
