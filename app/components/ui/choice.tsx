// A checkbox or a radio button with its label beside it: the native inputs, in the site's colour.
import type { ComponentProps, ReactNode } from 'react';
import './choice.css';

type ChoiceProps = { label: ReactNode; hint?: ReactNode } & Omit<ComponentProps<'input'>, 'type'>;

function Choice({ type, label, hint, className, ...input }: ChoiceProps & { type: 'checkbox' | 'radio' }) {
  return (
    <label className={className ? `choice ${className}` : 'choice'}>
      <input type={type} className="choice-input" {...input} />
      <span className="choice-text">
        <span className="choice-label">{label}</span>
        {hint ? <span className="choice-hint">{hint}</span> : null}
      </span>
    </label>
  );
}

export const Checkbox = (props: ChoiceProps) => <Choice type="checkbox" {...props} />;
export const Radio = (props: ChoiceProps) => <Choice type="radio" {...props} />;
