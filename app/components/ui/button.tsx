// Buttons and links that look like buttons. The variant is written into the DOM as
// data-variant and styled from button.css.
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse';
export type ButtonSize = 'md' | 'sm';

type Common = { variant?: ButtonVariant; size?: ButtonSize };

export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...props
}: Common & ComponentProps<'button'>) {
  return <button type={type} data-variant={variant} data-size={size} className={classes(className)} {...props} />;
}

/** A link styled as a button; external links open in a new tab when `newTab` is set. */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className,
  newTab,
  ...props
}: Common & ComponentProps<typeof Link> & { newTab?: boolean }) {
  const tab = newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return <Link data-variant={variant} data-size={size} className={classes(className)} {...tab} {...props} />;
}

const classes = (extra?: string) => (extra ? `button ${extra}` : 'button');
