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
