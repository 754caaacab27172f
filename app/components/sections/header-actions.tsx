// The navbar's Sign In and Book a Demo actions. Without JavaScript they are links to the full
// pages /sign-in and /request-demo; the forms open them as modals once the page is interactive.
import { href } from 'react-router';
import { ButtonLink } from '../ui/button.tsx';

export function HeaderActions() {
  return (
    <div className="header-actions">
      <ButtonLink to={href('/sign-in')} variant="inverse" size="sm">
        Sign In
      </ButtonLink>
      <ButtonLink to={href('/request-demo')} variant="primary" size="sm">
        Book a Demo
      </ButtonLink>
    </div>
  );
}
