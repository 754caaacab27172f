// A centred modal on the native <dialog> with showModal(): the browser makes the rest of the page
// inert and puts the modal on top. The spec's modals are non-dismissable (spec 2): Escape and a
// click outside do nothing, only the labelled close button (or the caller) closes them. Focus
// moves in on open (to [data-autofocus], else the first control), Tab cycles inside, and focus
// returns to the opener on close. Rendered into <body> so no ancestor (a folded mobile menu)
// can hide it; browser only, from the first render after hydration.
import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from '../../lib/use-hydrated.ts';
import './modal.css';

export type ModalProps = {
  open: boolean;
  title: string;
  /** Called when the close button is used; the caller sets `open` to false. */
  onClose: () => void;
  children: ReactNode;
  /** Where focus goes on close; by default the element focused before the modal opened. */
  returnFocus?: () => HTMLElement | null | undefined;
  /** Id of the element that names the modal, when not its title (a result's message). */
  labelledBy?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

function focusables(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.matches(':disabled') && element.checkVisibility(),
  );
}

export function Modal({ open, title, onClose, children, returnFocus, labelledBy, size = 'md', className }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const hydrated = useHydrated();
  // The latest props, read by the event handlers and on close.
  const latest = useRef({ open, onClose, returnFocus });
  latest.current = { open, onClose, returnFocus };

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
      const first = element.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(element)[0];
      first?.focus();
    } else if (!open && element.open) {
      element.close();
      const target = latest.current.returnFocus?.() ?? opener.current;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    }
  }, [open, hydrated]);

  // Unmounted while open (a navigation): hand focus back all the same.
  useEffect(() => {
    const element = dialog.current;
    return () => {
      const target = opener.current;
      if (element?.open && target instanceof HTMLElement && target.isConnected) target.focus();
    };
  }, [hydrated]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    const element = dialog.current;
    // Keys from a modal stacked on this one (rendered in its own portal) are its own business.
    if (!element || !element.contains(event.target as Node)) return;
    // Escape would close the dialog: a cancelled keydown never becomes a close request, which
    // also stops Chrome from closing on a second Escape after a cancelled `cancel` event.
    if (event.key === 'Escape') {
      event.preventDefault();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(element);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || !element.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  // A portal cannot be hydrated: the modal appears from the first render after hydration.
  if (!hydrated) return null;
  return createPortal(
    <dialog
      ref={dialog}
      className={className ? `modal ${className}` : 'modal'}
      data-size={size}
      aria-labelledby={labelledBy ?? titleId}
      closedby="none"
      onCancel={(event) => event.preventDefault()}
      // Closed by the browser after all (a browser that ignores the above): keep the state true.
      // React passes a stacked modal's close event up through this one, hence the target check.
      onClose={(event) => {
        if (event.target === event.currentTarget && latest.current.open) latest.current.onClose();
      }}
      onKeyDown={onKeyDown}
    >
      <div className="modal-header">
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        <button type="button" className="modal-close" onClick={onClose} aria-label={`Close ${title}`}>
          <X aria-hidden="true" />
        </button>
      </div>
      <div className="modal-body">{children}</div>
    </dialog>,
    document.body,
  );
}
