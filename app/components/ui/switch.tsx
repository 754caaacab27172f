// An on/off toggle: a real checkbox with the switch role, so it works without JavaScript, posts
// with its form and announces "on" or "off".
import type { ComponentProps, ReactNode } from 'react';
import './switch.css';

export function Switch({
  label,
  className,
  ...input
}: { label: ReactNode } & Omit<ComponentProps<'input'>, 'type' | 'role'>) {
  return (
    <label className={className ? `switch ${className}` : 'switch'}>
      <input type="checkbox" role="switch" className="switch-input" {...input} />
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
      <span className="switch-label">{label}</span>
    </label>
  );
}
