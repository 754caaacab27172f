// The five job statuses (spec 4) as the site draws them: the manual's colour coding marks an
// element with data-job-status and takes its colour from the one token set in
// app/styles/tokens.css (--status-*), through app/components/ui/job-status.css; the product
// screens (app/screens/) read the same tokens at build time.
import type { StatusColour } from '../../content/docs.schema.ts';

export const JOB_STATUSES = ['pending', 'dispatched', 'processing', 'completed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The colour each status has in the TMS, paired in the spec's order (DESIGN). */
export const JOB_STATUS_COLOURS: Readonly<Record<JobStatus, StatusColour>> = {
  pending: 'grey',
  dispatched: 'yellow',
  processing: 'light-blue',
  completed: 'green',
  cancelled: 'red',
};

/** The status a label names, whatever the TMS's capitals (PENDING, Dispatched). */
export function jobStatusOf(label: string): JobStatus | undefined {
  const key = label.trim().toLowerCase();
  return (JOB_STATUSES as readonly string[]).includes(key) ? (key as JobStatus) : undefined;
}
