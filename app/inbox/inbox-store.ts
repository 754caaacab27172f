// What the inbox's server-rendered header (tabs, filters) and its browser-built list share once
// loaded: the summary's counts and the staff members a submission can be given to. A tiny store
// rather than context: the header renders before hydration, outside the signed-in shell.
import { useSyncExternalStore } from 'react';
import type { InboxSummary, StaffList } from './inbox-client.ts';

type State = { summary: InboxSummary | null; staff: StaffList | null };

let state: State = { summary: null, staff: null };
const listeners = new Set<() => void>();

export function setInboxState(next: Partial<State>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

const serverState: State = { summary: null, staff: null };

export function useInboxState(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => serverState,
  );
}
