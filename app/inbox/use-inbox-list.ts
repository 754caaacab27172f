// The inbox list's data: the page of rows for the view in the URL, and beside it the summary
// (my unread counts on the kind tabs) and the staff who can own submissions, shared with the
// header through the inbox store. A 401 sends the visitor to sign in again.
import { useEffect, useState } from 'react';
import { fetchList, fetchStaff, fetchSummary, type ListPage } from './inbox-client.ts';
import { useSignInAgain } from './inbox-shell.tsx';
import { setInboxState } from './inbox-store.ts';
import { readInboxView } from './inbox-view.ts';

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'error'; message: string };

/** The list for `viewKey` (the view's query string); `reload` loads the same list afresh. */
export function useInboxList(viewKey: string) {
  const signInAgain = useSignInAgain();
  const [list, setList] = useState<Loaded<ListPage>>({ state: 'loading' });
  // Counts up on Try again and after a bulk change, to load the same list afresh.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    fetchSummary(abort.signal).then((result) => {
      if (abort.signal.aborted) return;
      if (result.ok) setInboxState({ summary: result.data });
      else if (result.reason === 'unauthorized') signInAgain();
    });
    return () => abort.abort();
  }, [signInAgain, attempt]);

  useEffect(() => {
    const abort = new AbortController();
    fetchStaff(abort.signal).then((result) => {
      if (!abort.signal.aborted && result.ok) setInboxState({ staff: result.data });
    });
    return () => abort.abort();
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    const current = readInboxView(new URLSearchParams(viewKey));
    setList({ state: 'loading' });
    fetchList(current.kind, current, abort.signal).then((result) => {
      if (abort.signal.aborted) return;
      if (result.ok) setList({ state: 'ready', data: result.data });
      else if (result.reason === 'unauthorized') signInAgain();
      else setList({ state: 'error', message: result.message });
    });
    return () => abort.abort();
  }, [viewKey, attempt, signInAgain]);

  return { list, reload: () => setAttempt((count) => count + 1) };
}
