// A labelled form control with its message (STYLE 4): the label, the id, aria-invalid,
// aria-describedby and the message element live here, so every form gets them right. The control
// itself is the caller's (input, select, textarea), given the props it must spread.
import { type ComponentProps, type ReactNode, useId } from 'react';
import type { FieldRule } from '../../lib/form-fields.ts';
import './field.css';

/** What the control must carry to be tied to its label and message. */
export type ControlProps = {
  id: string;
  name: string;
  required?: boolean;
  maxLength?: number;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

type FieldProps = {
  name: string;
  /** A fixed id, for a control that scripts or shortcuts find by it; otherwise one is made. */
  id?: string | undefined;
  label: ReactNode;
  /** The message to show, when the value is wrong. */
  error?: string | undefined;
  /** A line of help under the control. */
  hint?: ReactNode;
  /** Attributes derived from the schema (required, maxlength). */
  rule?: FieldRule | undefined;
  className?: string;
  children: (control: ControlProps) => ReactNode;
};

export function Field({ name, id: fixedId, label, error, hint, rule, className, children }: FieldProps) {
  const madeId = useId();
  const id = fixedId ?? madeId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const control: ControlProps = {
    id,
    name,
    ...(rule?.required ? { required: true } : {}),
    ...(rule?.maxLength ? { maxLength: rule.maxLength } : {}),
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
  return (
    <div className={className ? `field ${className}` : 'field'} data-invalid={error ? 'true' : undefined}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children(control)}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputFieldProps = Omit<FieldProps, 'children'> & Omit<ComponentProps<'input'>, 'name' | 'id'>;

/** A text-like input in a Field; its type is the schema's (email) unless given. */
export function InputField({ name, id, label, error, hint, rule, className, type, ...input }: InputFieldProps) {
  return (
    <Field name={name} id={id} label={label} error={error} hint={hint} rule={rule} className={className}>
      {(control) => <input className="field-control" type={type ?? rule?.type ?? 'text'} {...control} {...input} />}
    </Field>
  );
}

type TextareaFieldProps = Omit<FieldProps, 'children'> & Omit<ComponentProps<'textarea'>, 'name' | 'id'>;

export function TextareaField({ name, id, label, error, hint, rule, className, ...textarea }: TextareaFieldProps) {
  return (
    <Field name={name} id={id} label={label} error={error} hint={hint} rule={rule} className={className}>
      {(control) => <textarea className="field-control" rows={4} {...control} {...textarea} />}
    </Field>
  );
}

type SelectFieldProps = Omit<FieldProps, 'children'> &
  Omit<ComponentProps<'select'>, 'name' | 'id'> & {
    /** The choices, as [value, label] pairs. */
    options: readonly (readonly [string, string])[];
  };

export function SelectField({ name, id, label, error, hint, rule, className, options, ...select }: SelectFieldProps) {
  return (
    <Field name={name} id={id} label={label} error={error} hint={hint} rule={rule} className={className}>
      {(control) => (
        <select className="field-control" {...control} {...select}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
