// The dashboard's figures for a date range and the period of the same length before it, read
// from the daily rollups only (never the raw events), plus the funnel's end from the inbox (demo
// requests, those with a time booked, their statuses) and what converts (conversions.ts).
import { daysBetween, type Overview } from '../../../common/analytics.ts';
import type { AnalyticsRepository } from '../../db/repositories/analytics.ts';
import { conversionsOf } from './conversions.ts';

const TOP = 10;
const DAY_MS = 86_400_000;

/** The funnel's steps on the site (visitors of each day, from the rollups), in order. */
export const FUNNEL_STEPS = [
  { step: 'visit', label: 'Visited the site' },
  { step: 'feature', label: 'Viewed a feature page' },
  { step: 'demo_modal', label: 'Opened the demo form' },
  { step: 'demo_form', label: 'Requested a demo' },
] as const;

/** The inbox's side, from the database: demo requests received in the range (spam left out),
 * those with a time booked (issue 29's bookings, whether booked by the visitor or by staff;
 * not the beacon's demo_booked events, which a blocked script never sends), then by status. */
const INBOX_STEPS = [
  { step: 'inbox_received', label: 'Demo requests in the inbox' },
  { step: 'inbox_booked', label: 'Booked a time' },
  { step: 'inbox_in_progress', label: 'In progress' },
  { step: 'inbox_done', label: 'Done' },
] as const;

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The period of the same length just before [from, to]. */
export function previousPeriod(from: string, to: string) {
  const length = daysBetween(from, to) + 1;
  return { from: shiftDay(from, -length), to: shiftDay(from, -1) };
}

export function createOverview(repo: AnalyticsRepository) {
  return async function overview(from: string, to: string): Promise<Overview> {
    const before = previousPeriod(from, to);
    const [
      totals,
      previous,
      days,
      topPages,
      entryPages,
      sources,
      campaigns,
      devices,
      noResults,
      events,
      funnel,
      { conversions, inbox },
    ] = await Promise.all([
      repo.totals(from, to),
      repo.totals(before.from, before.to),
      repo.days(from, to),
      repo.top('page', from, to, TOP, 'events'),
      repo.top('entry', from, to, TOP),
      repo.top('source', from, to, TOP),
      repo.top('campaign', from, to, TOP),
      repo.top('device', from, to, TOP),
      repo.top('search_none', from, to, TOP, 'events'),
      repo.top('event', from, to, TOP, 'events'),
      // Every step the rollups hold (demo_booked among them), so none is cut off by its rank.
      repo.top('funnel', from, to, 10),
      // With the inbox's counts for the funnel, from the same query.
      conversionsOf(repo, { from, to }, before),
    ]);
    const reached = new Map(funnel.map((row) => [row.value, row.visitors]));
    const inboxCounts: Record<(typeof INBOX_STEPS)[number]['step'], number> = {
      inbox_received: inbox.demo_requests,
      inbox_booked: inbox.demos_booked,
      inbox_in_progress: inbox.in_progress,
      inbox_done: inbox.done,
    };
    return {
      from,
      to,
      ...totals,
      previous: { ...before, ...previous },
      days: fillDays(from, to, days),
      top_pages: topPages,
      entry_pages: entryPages,
      sources,
      campaigns,
      devices,
      searches_without_results: noResults,
      events,
      funnel: [
        ...FUNNEL_STEPS.map(({ step, label }) => ({ step, label, count: reached.get(step) ?? 0 })),
        ...INBOX_STEPS.map(({ step, label }) => ({ step, label, count: inboxCounts[step] })),
      ],
      conversions,
    };
  };
}
export type OverviewReader = ReturnType<typeof createOverview>;

/** Every day of the range, zero where nothing was counted (a chart needs the gaps). */
function fillDays(from: string, to: string, days: { day: string; visitors: number; pageviews: number }[]) {
  const known = new Map(days.map((row) => [row.day, row]));
  const all = [];
  for (let day = from; day <= to; day = shiftDay(day, 1))
    all.push(known.get(day) ?? { day, visitors: 0, pageviews: 0 });
  return all;
}
