// The signed-in staff member's place in the navbar (issues 7, 19): one button with their name that
// opens a short list, Inbox, Content for admins, Sign Out. One button keeps the navbar on one row
// at 992 px however many staff areas there are. A disclosure like the navbar's dropdowns: Enter or
// a click toggles, Tab walks the entries, Escape or leaving it closes it.
import { ChevronDown, UserRound } from 'lucide-react';
import { type FocusEvent, type KeyboardEvent, type Ref, useState } from 'react';
import { href, Link } from 'react-router';
import { Button } from '../ui/button.tsx';
import './account-menu.css';

type AccountMenuProps = {
  username: string;
  /** The role from ValidateToken: what is offered. The server checks the role on every call. */
  role: string | null;
  onSignOut: () => void;
  buttonRef: Ref<HTMLButtonElement>;
};

export function AccountMenu({ username, role, onSignOut, buttonRef }: AccountMenuProps) {
  const [open, setOpen] = useState(false);

  function closeOnEscape(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || !open) return;
    // Taken here, so the folded phone menu around it stays open.
    event.preventDefault();
    setOpen(false);
    event.currentTarget.querySelector('button')?.focus();
  }

  function closeOnLeave(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  return (
    <div className="account-menu" onKeyDown={closeOnEscape} onBlur={closeOnLeave}>
      <Button
        ref={buttonRef}
        variant="inverse"
        size="sm"
        className="dropdown-toggle"
        aria-expanded={open}
        aria-controls="account-menu-list"
        title={username}
        onClick={() => setOpen(!open)}
      >
        <UserRound aria-hidden="true" />
        <span className="account-menu-name">
          <span className="visually-hidden">Signed in as </span>
          {username}
        </span>
        <ChevronDown aria-hidden="true" className="dropdown-chevron" />
      </Button>
      {/* A chosen entry closes the list; the page it opens or the sign-out takes over. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the links inside handle the keys; a click (or Enter) on one also closes the list */}
      <ul id="account-menu-list" className="dropdown-menu" hidden={!open} onClick={() => setOpen(false)}>
        <li>
          <Link to={href('/inbox')} className="dropdown-item">
            Inbox
          </Link>
        </li>
        {role === 'admin' ? (
          <li>
            <Link to={href('/content/faq')} className="dropdown-item">
              Content
            </Link>
          </li>
        ) : null}
        <li>
          <button type="button" className="dropdown-item" onClick={onSignOut}>
            Sign Out
          </button>
        </li>
      </ul>
    </div>
  );
}
