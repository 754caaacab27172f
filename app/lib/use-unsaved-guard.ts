// A form with unsaved changes warns before they are lost (issue 31): on closing or reloading the
// tab (beforeunload) and on leaving it inside the site (React Router's useBlocker, with the
// browser's confirm). Changed means a control (a select's choice too) differs from what the page
// rendered; posting the form (to its own page) is never blocked.
import { type RefObject, useCallback, useEffect } from 'react';
import { useBlocker } from 'react-router';

/** A choice changed (the page editor's image picker). With no option marked selected in the page,
 * a single choice starts at the first one. */
function selectChanged(select: HTMLSelectElement): boolean {
  const options = Array.from(select.options);
  if (select.multiple) return options.some((option) => option.selected !== option.defaultSelected);
  const marked = options.findLastIndex((option) => option.defaultSelected);
  return select.selectedIndex !== (marked === -1 ? 0 : marked);
}

function isDirty(form: HTMLFormElement | null): boolean {
  if (!form) return false;
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLTextAreaElement && element.value !== element.defaultValue) return true;
    if (element instanceof HTMLSelectElement && selectChanged(element)) return true;
    if (element instanceof HTMLInputElement) {
      if (element.type === 'hidden' || element.type === 'password' || element.type === 'submit') continue;
      if (element.type === 'checkbox' || element.type === 'radio') {
        if (element.checked !== element.defaultChecked) return true;
      } else if (element.value !== element.defaultValue) return true;
    }
  }
  return false;
}

export function useUnsavedGuard(ref: RefObject<HTMLFormElement | null>, message: string) {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirty(ref.current)) return;
      event.preventDefault();
      // Older browsers show a prompt only when returnValue is set.
      event.returnValue = message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [ref, message]);

  const shouldBlock = useCallback(
    ({
      currentLocation,
      nextLocation,
    }: {
      currentLocation: { pathname: string };
      nextLocation: { pathname: string };
    }) => currentLocation.pathname !== nextLocation.pathname && isDirty(ref.current),
    [ref],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
}
