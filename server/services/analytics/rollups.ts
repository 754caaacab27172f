// Keeping the daily rollups and the raw events' retention (issue 30): today's and yesterday's
// rollups are rebuilt from the raw events every few minutes (yesterday's catches the events of
// the last minutes before midnight); a day the server missed is rolled up when found; raw events
// older than the retention are deleted only once their day is rolled up, and the rollups stay.
import { FEATURE_SLUGS } from '../../../content/feature-slugs.ts';
import type { AnalyticsRepository } from '../../db/repositories/analytics.ts';
import { dayOf } from './visitor.ts';

const DAY_MS = 86_400_000;
/** The funnel's "viewed a feature page" step. */
export const FEATURE_PATHS: readonly string[] = FEATURE_SLUGS.map((slug) => `/${slug}`);

export function createRollups(repo: AnalyticsRepository, now: () => number = Date.now) {
  return {
    /** Rebuilds one day's rollup (today by default). */
    rollup: (day = dayOf(now())) => repo.rollup(day, FEATURE_PATHS),

    /** Today, yesterday, and any older day that has raw events but no rollup. */
    async rollupRecent(includeMissing: boolean): Promise<string[]> {
      const today = dayOf(now());
      const days = new Set([dayOf(now() - DAY_MS), today]);
      if (includeMissing) for (const day of await repo.daysWithoutRollup()) days.add(day);
      for (const day of [...days].sort()) await repo.rollup(day, FEATURE_PATHS);
      return [...days].sort();
    },

    /** Deletes raw events older than `keepDays` (or with dryRun counts them); their days are
     * rolled up first if they never were. */
    async purgeRaw(keepDays: number, dryRun = false): Promise<{ cutoff: string; analytics_events: number }> {
      const cutoff = dayOf(now() - keepDays * DAY_MS);
      if (!dryRun) {
        for (const day of await repo.daysWithoutRollup()) if (day < cutoff) await repo.rollup(day, FEATURE_PATHS);
      }
      return { cutoff, analytics_events: await repo.deleteEventsBefore(cutoff, dryRun) };
    },
  };
}
export type Rollups = ReturnType<typeof createRollups>;
