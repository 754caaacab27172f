// The inbox's SQL for a submission's attribution (migration 014, decision 051): the columns a row
// is read with, and the WHERE clauses of the `source` and `campaign` filters. Both compare
// lower() with lower(), the expression each table's index (lower(column), created_at) is on, so
// a filtered list walks that index newest first on both engines.
import { type RawBuilder, sql } from 'kysely';
import type { InboxFilter } from '../../../common/inbox.ts';
import { type Attribution, storedAttribution } from '../../submission-kinds/attribution.ts';

/** Read with every row of every kind. */
export const ATTRIBUTION_COLUMNS = ['attribution', 'source'] as const;

/** A row's attribution as stored, with the source it is filtered by; null when none came. */
export function rowAttribution(row: Record<string, unknown>): { source: string; values: Attribution } | null {
  const values = storedAttribution(row.attribution);
  return values ? { source: typeof row.source === 'string' ? row.source : '', values } : null;
}

/** The clauses of the source and campaign filters (none when neither is set). */
export function attributionClauses(filter: Pick<InboxFilter, 'source' | 'campaign'>): RawBuilder<unknown>[] {
  const clauses: RawBuilder<unknown>[] = [];
  if (filter.source) clauses.push(sql`lower(source) = ${filter.source.toLowerCase()}`);
  if (filter.campaign) clauses.push(sql`lower(campaign) = ${filter.campaign.toLowerCase()}`);
  return clauses;
}
