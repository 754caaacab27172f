// An input with add-ons before or after it (a unit, a currency sign, an icon), drawn as one
// control. The whole group takes the focus style while its input has focus and drops it on blur
// (spec 4): CSS :focus-within does it, and data-focused mirrors it for scripts and tests.
import { type ReactNode, useState } from 'react';
import './input-group.css';

type InputGroupProps = {
  /** Shown before the input; decorative, so the label must say what it means. */
  start?: ReactNode;
  /** Shown after the input; decorative, so the label must say what it means. */
  end?: ReactNode;
  /** The input itself, with the class input-group-control. */
  children: ReactNode;
};

export function InputGroup({ start, end, children }: InputGroupProps) {
  const [focused, setFocused] = useState(false);
  return (
    <div
      className="input-group"
      data-focused={focused || undefined}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      {start ? (
        <span className="input-group-addon" aria-hidden="true">
          {start}
        </span>
      ) : null}
      {children}
      {end ? (
        <span className="input-group-addon" aria-hidden="true">
          {end}
        </span>
      ) : null}
    </div>
  );
}
