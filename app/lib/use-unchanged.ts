// The value a component had, while a new one equals it. A page whose data the browser fetches
// again on hydration (/glossary: spec 7 has its rows come from the API) gets an equal copy of what
// the server rendered: keeping the first object lets memoised parts skip the re-render (the whole
// glossary table, ~30 ms of one task on a slow phone, issue 32).
import { useState } from 'react';

const sameJson = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

export function useUnchanged<T>(value: T, same: (a: T, b: T) => boolean = sameJson): T {
  const [kept, setKept] = useState(value);
  if (kept === value || same(kept, value)) return kept;
  // Information from the previous render, updated during this one (React's documented pattern).
  setKept(value);
  return value;
}
