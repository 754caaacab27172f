// A call to action that looks like a button: a plain anchor for a jump within the page (it
// works before hydration and lets the browser scroll), a router link for another page.
import type { ReactNode } from 'react';
import { ButtonLink, type ButtonVariant } from '../../ui/button.tsx';
import '../../ui/button.css';

export function SectionLink({
  to,
  variant = 'primary',
  children,
}: {
  to: string;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  if (to.startsWith('#')) {
    return (
      <a href={to} className="button" data-variant={variant} data-size="md">
        {children}
      </a>
    );
  }
  return (
    <ButtonLink to={to} variant={variant}>
      {children}
    </ButtonLink>
  );
}
