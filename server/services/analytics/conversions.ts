// What converts (issue 30): for each source, campaign and landing page, the visitors it brought
// (the daily rollups) beside the demo requests sent with it (the submissions' own attribution),
// how many booked a time and how far they went in the inbox, for a range and the period before.
// The two sides are joined by value, never by visitor: the rollups keep no identifier.
import type { ConversionRow, Conversions } from '../../../common/analytics.ts';
import {
  type ConversionDimension,
  ROLLUP_DIMENSION,
  type RequestCounts,
} from '../../db/repositories/analytics-conversions.ts';
import type { AnalyticsRepository } from '../../db/repositories/analytics.ts';

/** Rows per table: the values with the most demo requests, then the most visitors. */
const ROWS = 10;

type Range = { from: string; to: string };
type Counts = Omit<ConversionRow, 'value' | 'previous'>;

const NO_REQUESTS = { demo_requests: 0, demos_booked: 0, in_progress: 0, done: 0 };

function counts(visitors: number, requests: Omit<RequestCounts, 'value'> = NO_REQUESTS): Counts {
  const { demo_requests, demos_booked, in_progress, done } = requests;
  const rate = visitors ? Math.round((demo_requests / visitors) * 10_000) / 10_000 : null;
  return { visitors, demo_requests, demos_booked, in_progress, done, rate };
}

const byValue = (rows: RequestCounts[]) => new Map(rows.map((row) => [row.value, row]));

/** One table: the period's demo requests by value (`requests`, the top ROWS) and those of the
 * period before (`requestsBefore`, every value), beside the rollups' visitors of the same values. */
async function conversionTable(
  repo: AnalyticsRepository,
  dimension: ConversionDimension,
  range: Range,
  before: Range,
  requests: RequestCounts[],
  requestsBefore: RequestCounts[],
): Promise<ConversionRow[]> {
  const visited = await repo.top(ROLLUP_DIMENSION[dimension], range.from, range.to, ROWS);
  // The values with the most demo requests, then those with the most visitors.
  const values = [...new Set([...requests.map((row) => row.value), ...visited.map((row) => row.value)])];
  const named = values.filter((value): value is string => value !== null);
  const visitedNow = new Map(visited.map((row) => [row.value, row.visitors]));
  const unknown = named.filter((value) => !visitedNow.has(value));
  const [moreVisitors, visitorsBefore] = await Promise.all([
    repo.visitorsOf(dimension, unknown, range.from, range.to),
    repo.visitorsOf(dimension, named, before.from, before.to),
  ]);
  const now = byValue(requests);
  const then = byValue(requestsBefore);
  const visitorsNow = (value: string | null) =>
    value === null ? 0 : (visitedNow.get(value) ?? moreVisitors.get(value) ?? 0);
  return values
    .map((value) => ({
      value,
      ...counts(visitorsNow(value), now.get(value)),
      previous: counts(value === null ? 0 : (visitorsBefore.get(value) ?? 0), then.get(value)),
    }))
    .sort(
      (a, b) =>
        b.demo_requests - a.demo_requests ||
        b.visitors - a.visitors ||
        String(a.value ?? '').localeCompare(String(b.value ?? '')),
    )
    .slice(0, ROWS);
}

/** The three tables of the overview, and the period's demo requests in all (the funnel's end in
 * the inbox): one grouped query of demo requests per period. */
export async function conversionsOf(
  repo: AnalyticsRepository,
  range: Range,
  before: Range,
): Promise<{ conversions: Conversions; inbox: Omit<RequestCounts, 'value'> }> {
  const [requests, requestsBefore] = await Promise.all([
    repo.demoRequestsByEach(range.from, range.to, ROWS),
    repo.demoRequestsByEach(before.from, before.to),
  ]);
  const table = (dimension: ConversionDimension) =>
    conversionTable(repo, dimension, range, before, requests[dimension], requestsBefore[dimension]);
  const [by_source, by_campaign, by_landing_page] = await Promise.all([
    table('source'),
    table('campaign'),
    table('landing_page'),
  ]);
  const { value: _, ...inbox } = requests.all[0] ?? { value: null, ...NO_REQUESTS };
  return { conversions: { by_source, by_campaign, by_landing_page }, inbox };
}
