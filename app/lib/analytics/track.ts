// What the pages call to count a page view or an event (issue 30). Nothing runs before the
// browser is idle: the sender (./beacon.ts, under 1 KB) is loaded then, in its own chunk, and
// the event goes out with navigator.sendBeacon. The location is read now, when it happened.
type Extra = { query?: string; results?: number; form?: string };

export function track(
  type: 'pageview' | 'search' | 'demo_modal_opened' | 'form_submitted' | 'demo_booked',
  extra?: Extra,
) {
  if (typeof window === 'undefined' || !navigator.sendBeacon) return;
  const { pathname, search } = location;
  const idle = window.requestIdleCallback ?? ((work: () => void) => setTimeout(work, 200));
  idle(() => void import('./beacon.ts').then((beacon) => beacon.send(type, pathname, search, extra)).catch(() => {}), {
    timeout: 5000,
  });
}
