// Writing the beacon's events in batches (issue 30, decision 047), for both engines, without
// Kysely building a query per batch: a batch of 1,237 events built as one INSERT was an AST of
// ~17,000 nodes compiled to a new SQL text, which SQLite then prepared afresh (and, being a new
// text each time, pushed the pages' prepared statements out of the cache). Here a batch is written
// in chunks of a few fixed sizes, each size's SQL text made once, so every statement is prepared
// once and reused, and a batch costs only its parameters.
import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { AnalyticsEventTable, DB } from '../schema.ts';

export type NewEvent = Insertable<AnalyticsEventTable>;

const COLUMNS = [
  'day',
  'at',
  'type',
  'path',
  'referrer_host',
  'source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'visitor',
  'device',
  'name',
  'found',
] as const satisfies readonly (keyof NewEvent)[];

/** Rows per INSERT, largest first: 500 × 14 parameters stays far below both engines' bound. */
const CHUNK_SIZES = [500, 100, 20, 5, 1] as const;

export function createEventWriter(db: Kysely<DB>, engine: 'sqlite' | 'postgres') {
  const texts = new Map<number, string>();
  function textFor(rows: number): string {
    let text = texts.get(rows);
    if (!text) {
      let n = 0;
      const placeholder = engine === 'postgres' ? () => `$${++n}` : () => '?';
      const tuples = Array.from({ length: rows }, () => `(${COLUMNS.map(placeholder).join(', ')})`);
      text = `INSERT INTO analytics_events (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`;
      texts.set(rows, text);
    }
    return text;
  }

  /** Stores events, all of them or (on an error) none of a chunk. */
  return async function insertEvents(events: NewEvent[]): Promise<void> {
    let start = 0;
    while (start < events.length) {
      const size = CHUNK_SIZES.find((candidate) => candidate <= events.length - start)!;
      const parameters: unknown[] = [];
      for (let index = start; index < start + size; index++) {
        const event = events[index]!;
        for (const column of COLUMNS) parameters.push(event[column] ?? null);
      }
      await db.executeQuery(CompiledQuery.raw(textFor(size), parameters));
      start += size;
    }
  };
}
