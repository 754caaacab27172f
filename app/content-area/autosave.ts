// Autosave of a Content item's form (issue 31, decision 052): while the editor types, the form
// is posted with intent "autosave" at most every few seconds (and once after the last key), kept
// on the server for this editor and item, and given back when they open the item again. It is
// not the draft (another editor never sees it); Save draft, which also works without JavaScript,
// writes the draft. The route's shouldRevalidate keeps the page from reloading its data after.
import { useEffect, useRef } from 'react';
import { useFetcher, useNavigation } from 'react-router';

/** How long after a change the typing is posted; later changes ride along. */
export const AUTOSAVE_MS = 3000;

export function useAutosave() {
  const fetcher = useFetcher<{ autosaved?: string }>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const form = useRef<HTMLFormElement | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A save, a publish or leaving the page goes first: a post due after it would bring back
  // typing the editor has just saved, restored over or chosen to leave.
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!navigating) return;
    clearTimeout(timer.current);
    timer.current = undefined;
  }, [navigating]);
  return {
    /** The form changed: post it within AUTOSAVE_MS, unless a post is already due. */
    typed(changed: HTMLFormElement) {
      form.current = changed;
      if (timer.current !== undefined) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        if (!form.current) return;
        const data = new FormData(form.current);
        // Typing only: a file chosen in an image field is uploaded by its own button.
        for (const [name, value] of [...data.entries()]) if (typeof value !== 'string') data.delete(name);
        data.set('intent', 'autosave');
        void fetcher.submit(data, { method: 'post' });
      }, AUTOSAVE_MS);
    },
    /** When the last autosave was kept, if one was. */
    savedAt: typeof fetcher.data?.autosaved === 'string' ? fetcher.data.autosaved : null,
  };
}
