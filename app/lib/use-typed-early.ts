// The one mechanism that keeps what was typed before hydration (issue 31), for every form: during
// the hydrating render the form in the server's HTML is read for controls whose value differs
// from the one the server rendered (typed, ticked or chosen by the visitor), and once React has
// committed those values are put back into the controls, whether React reset them or replaced
// the elements. Forms whose values live in state (use-form.ts) then read them from the controls.
import { type RefObject, useLayoutEffect, useState } from 'react';
import { isPageHydrated } from './use-hydrated.ts';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Typed = Record<string, string | boolean>;

const isControl = (element: Element): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

/** What the visitor changed in a control, or undefined when it still shows the server's value. */
function changed(control: Control): string | boolean | undefined {
  if (control instanceof HTMLSelectElement) {
    const chosen = control.selectedOptions[0];
    return chosen && !chosen.defaultSelected ? control.value : undefined;
  }
  if (control.type === 'checkbox' || control.type === 'radio')
    return (control as HTMLInputElement).checked !== (control as HTMLInputElement).defaultChecked
      ? (control as HTMLInputElement).checked
      : undefined;
  if (control.type === 'hidden' || control.type === 'file' || control.type === 'password') return undefined;
  return control.value !== control.defaultValue ? control.value : undefined;
}

/** The changed controls of the form with this id in the server's HTML, by name. */
export function readTypedEarly(formId: string): Typed | null {
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return null;
  const typed: Typed = {};
  for (const element of Array.from(form.elements)) {
    if (!isControl(element) || !element.name) continue;
    const value = changed(element);
    if (value !== undefined) typed[element.name] = value;
  }
  return Object.keys(typed).length > 0 ? typed : null;
}

/** Keeps what was typed into the form before hydration. The form must carry `id={formId}` (the
 * same on the server and in the browser: useId). */
export function useTypedEarly(formId: string, ref: RefObject<HTMLFormElement | null>) {
  const [typed] = useState(() => (typeof document === 'undefined' || isPageHydrated() ? null : readTypedEarly(formId)));
  useLayoutEffect(() => {
    const form = ref.current;
    if (!typed || !form) return;
    for (const [name, value] of Object.entries(typed)) {
      const control = form.elements.namedItem(name);
      if (!control || !(control instanceof Element) || !isControl(control)) continue;
      if (typeof value === 'boolean') (control as HTMLInputElement).checked = value;
      else if (control.value !== value) control.value = value;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);
  return typed;
}
