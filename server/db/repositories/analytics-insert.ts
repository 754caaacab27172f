// Writing the beacon's events in batches (issue 30, decisions 047 and 057), for both engines,
// without Kysely building a query per batch: a batch of 1,237 events built as one INSERT was an
// AST of ~17,000 nodes compiled to a new SQL text, which SQLite then prepared afresh (and, being a
// new text each time, pushed the pages' prepared statements out of the cache). Here a batch is
// written in chunks of a few fixed sizes, each size's SQL text made once, so every statement is
// prepared once and reused, and a batch costs only its parameters. A batch travels as one flat
// array of values, COLUMNS.length per row (no object per event; cheap to post to the SQLite
// writer thread, services/analytics/event-writer-worker.ts, which uses the same texts).
import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { AnalyticsEventTable, DB } from '../schema.ts';

export type NewEvent = Insertable<AnalyticsEventTable>;

export const EVENT_COLUMNS = [
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

/** Values per row in a flat batch. */
export const EVENT_WIDTH = EVENT_COLUMNS.length;

/** Rows per INSERT, largest first: 500 × 14 parameters stays far below both engines' bound. */
export const CHUNK_SIZES = [500, 100, 20, 5, 1] as const;

/** The INSERT of `rows` events, with the engine's placeholders. */
export function eventInsertText(rows: number, engine: 'sqlite' | 'postgres'): string {
  let n = 0;
  const placeholder = engine === 'postgres' ? () => `$${++n}` : () => '?';
  const tuples = Array.from({ length: rows }, () => `(${EVENT_COLUMNS.map(placeholder).join(', ')})`);
  return `INSERT INTO analytics_events (${EVENT_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`;
}

/** A batch of `rows` cut into chunks of CHUNK_SIZES sizes: [rows in the chunk, first row]. */
export function chunksOf(rows: number): [size: number, start: number][] {
  const chunks: [number, number][] = [];
  for (let start = 0; start < rows;) {
    const size = CHUNK_SIZES.find((candidate) => candidate <= rows - start)!;
    chunks.push([size, start]);
    start += size;
  }
  return chunks;
}

/** One event's values in column order, appended to a flat batch. */
export function pushEvent(values: unknown[], event: NewEvent): void {
  for (const column of EVENT_COLUMNS) values.push(event[column] ?? null);
}

export function createEventWriter(db: Kysely<DB>, engine: 'sqlite' | 'postgres') {
  const texts = new Map<number, string>();
  function textFor(rows: number): string {
    let text = texts.get(rows);
    if (!text) texts.set(rows, (text = eventInsertText(rows, engine)));
    return text;
  }

  /** Stores a flat batch of `rows` events, all of them or (on an error) none of a chunk. */
  async function insertFlat(values: readonly unknown[], rows: number): Promise<void> {
    for (const [size, start] of chunksOf(rows)) {
      const parameters = values.slice(start * EVENT_WIDTH, (start + size) * EVENT_WIDTH);
      await db.executeQuery(CompiledQuery.raw(textFor(size), parameters));
    }
  }

  return {
    insertFlat,
    /** Stores events, all of them or (on an error) none of a chunk. */
    async insertEvents(events: NewEvent[]): Promise<void> {
      const values: unknown[] = [];
      for (const event of events) pushEvent(values, event);
      await insertFlat(values, events.length);
    },
  };
}
