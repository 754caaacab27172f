// Work that can wait for the browser to be idle (or `timeout` ms at most), in a task of its own:
// not in the task that hydrates the page or runs its effects (issue 32). Returns a cancel.
export function whenIdle(work: () => void, timeout: number): () => void {
  if (window.requestIdleCallback) {
    const handle = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, Math.min(200, timeout));
  return () => window.clearTimeout(handle);
}

/** `whenIdle`, but not before the window's load event: for what must not share the network or the
 * main thread with the first paint (the home carousel's other screens). Returns a cancel. */
export function whenLoadedAndIdle(work: () => void, timeout: number): () => void {
  let cancel = () => window.removeEventListener('load', start);
  function start() {
    cancel = whenIdle(work, timeout);
  }
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => cancel();
}
