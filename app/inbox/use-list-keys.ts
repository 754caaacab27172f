// The inbox list's queue keys: j/k move between rows, x selects the focused row, Enter opens it
// (it is a link), / goes to the search box, ? lists the keys. Never while typing in a field.
import { type RefObject, useEffect } from 'react';
import { SEARCH_INPUT_ID } from './inbox-filters.tsx';
import { isTypingTarget } from './inbox-keys.tsx';

export function useListKeys(
  rowsRef: RefObject<HTMLOListElement | null>,
  toggle: (id: number) => void,
  openHelp: () => void,
) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target))
        return;
      if (document.querySelector('dialog[open]') && event.key !== '?') return;
      const links = [...(rowsRef.current?.querySelectorAll<HTMLAnchorElement>('a.inbox-item-link') ?? [])];
      const at = links.findIndex(
        (link) => link === document.activeElement || link.closest('li')?.contains(document.activeElement),
      );
      if (event.key === 'j' || event.key === 'k') {
        if (links.length === 0) return;
        event.preventDefault();
        const next = at === -1 ? 0 : Math.min(links.length - 1, Math.max(0, at + (event.key === 'j' ? 1 : -1)));
        links[next]?.focus();
        links[next]?.scrollIntoView({ block: 'nearest' });
      } else if (event.key === 'x' && at !== -1) {
        event.preventDefault();
        const id = Number(links[at]?.dataset.id);
        if (id) toggle(id);
      } else if (event.key === '/') {
        event.preventDefault();
        document.getElementById(SEARCH_INPUT_ID)?.focus();
      } else if (event.key === '?') {
        event.preventDefault();
        openHelp();
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
    // openHelp only opens the dialog (a state setter); the keys follow the rows and the toggle.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [toggle, rowsRef]);
}
