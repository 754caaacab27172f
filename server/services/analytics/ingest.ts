// Takes in the beacon's events cheaply: each is checked and turned into a row at once (visitor
// id, device, source), queued in memory as values in one flat array (no object per event), and
// written in batches a few times a second, so thousands of events a second cost a handful of
// writes. The batches go to an EventSink (event-sink.ts): on SQLite a worker thread with its own
// connection commits them, off the event loop (decision 057). The beacon's answer (202) never
// waits for the write: a visitor's page has nothing to wait for. What a crash loses is at most the
// last flush interval of events (and a batch being written); what a full queue refuses is counted,
// never half stored.
import { randomBytes } from 'node:crypto';
import type { AnalyticsEvent } from '../../../common/analytics.ts';
import type { AnalyticsRepository } from '../../db/repositories/analytics.ts';
import { repositorySink, type EventSink } from './event-sink.ts';
import { dayOf, deviceClass, landingOf, visitorId } from './visitor.ts';

/** How often queued events are written, unless told (ANALYTICS_FLUSH_MS). */
const FLUSH_MS = 250;
/** Written at once past this many, without waiting for the timer. */
const FLUSH_AT = 2_000;
/** Past this many unwritten events (the database is slow or away) new ones are dropped. */
const MAX_QUEUED = 50_000;
const DAY_MS = 86_400_000;

type LogLine = (fields: Record<string, unknown>, message: string) => void;
export type IngestLog = { error: LogLine; warn: LogLine };

export type IngestOptions = {
  repo: AnalyticsRepository;
  /** Where its failures are told (the app's logger, or the beacon listener's). */
  log: IngestLog;
  /** Where batches are written; the repository's own connection when not given. */
  sink?: EventSink;
  /** How often queued events are written: what a crash may lose. */
  flushMs?: number;
  /** The clock (tests move it across midnight). */
  now?: () => number;
};

/** Who sent an event, known only while it is taken in. `site` is the site's host: part of the
 * visitor id, and how the site's own pages are told from other referrers. */
export type Visit = { address: string; userAgent: string; site: string };

export function createIngest(options: IngestOptions) {
  const { repo, log } = options;
  const now = options.now ?? Date.now;
  const sink = options.sink ?? repositorySink(repo);
  const flushMs = options.flushMs ?? FLUSH_MS;
  // The queued events' values, 14 per event in EVENT_COLUMNS order (analytics-insert.ts).
  let queue: unknown[] = [];
  let queued = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  const counts = { accepted: 0, written: 0, dropped: 0 };
  // Only today's salt is held in memory; yesterday's is forgotten at midnight.
  // `known` holds the value once read, so most events need no await for it.
  let salt: { day: string; value: Promise<string>; known?: string } | undefined;
  // The deletion of old salts a new day started: flush and close wait for it too, so it never
  // outlives the database nor lands after a reader who flushed.
  let upkeep: Promise<void> = Promise.resolve();

  function saltOf(day: string): Promise<string> {
    if (salt?.day !== day) {
      const value = repo.saltFor(day, randomBytes(32).toString('base64url'), new Date(now()).toISOString());
      const entry: NonNullable<typeof salt> = { day, value };
      salt = entry;
      // A failed read is tried again by the next event, not remembered.
      value.then(
        (known) => void (entry.known = known),
        () => {
          if (salt === entry) salt = undefined;
        },
      );
      // Salts older than 48 hours (every day before yesterday) are deleted as a new day begins.
      upkeep = deleteOldSalts();
    }
    return salt.value;
  }

  async function deleteOldSalts() {
    try {
      await repo.deleteSaltsBefore(dayOf(now() - DAY_MS));
    } catch (error) {
      log.error({ err: error }, 'analytics: old salts not deleted');
    }
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (queued === 0) return Promise.all([writing, upkeep]).then(() => {});
    const batch = queue;
    const rows = queued;
    queue = [];
    queued = 0;
    // Sent at once (the writer thread queues them in order); `writing` settles after the last.
    const stored = sink.write(batch, rows).then(
      () => void (counts.written += rows),
      (error: unknown) => {
        counts.dropped += rows;
        log.error({ err: error, events: rows }, 'analytics: events not stored');
      },
    );
    writing = Promise.all([writing, stored]).then(() => {});
    return Promise.all([writing, upkeep]).then(() => {});
  }

  return {
    counts,

    /** Queues one checked event; false when the queue is full (the event is dropped). */
    async take(event: AnalyticsEvent, visit: Visit): Promise<boolean> {
      if (queued >= MAX_QUEUED) {
        counts.dropped += 1;
        return false;
      }
      // One ISO string per event gives both its time and its day (as dayOf would).
      const at = new Date(now()).toISOString();
      const day = at.slice(0, 10);
      const landing = landingOf(event.path, event.referrer, visit.site);
      let daySalt: string;
      try {
        daySalt = salt?.day === day && salt.known !== undefined ? salt.known : await saltOf(day);
      } catch (error) {
        // The database is away: the event is dropped, the beacon still answered (never a 5xx).
        counts.dropped += 1;
        log.warn({ err: error }, 'analytics: no salt, event dropped');
        return false;
      }
      const visitor = visitorId(daySalt, visit.site, visit.address, visit.userAgent);
      // In EVENT_COLUMNS order (analytics-insert.ts).
      queue.push(
        day,
        at,
        event.type,
        landing.path,
        landing.referrerHost,
        landing.source,
        landing.utm_medium,
        landing.utm_campaign,
        landing.utm_term,
        landing.utm_content,
        visitor,
        deviceClass(visit.userAgent),
        event.type === 'search' ? event.query.toLowerCase() : event.type === 'form_submitted' ? event.form : null,
        event.type === 'search' ? event.results : null,
      );
      queued += 1;
      counts.accepted += 1;
      if (queued >= FLUSH_AT) void flush();
      else timer ??= setTimeout(() => void flush(), flushMs);
      return true;
    },

    /** Writes what is queued; resolves once it is stored (or found unstorable) and the old salts
     * a new day began deleting are gone. */
    flush,

    /** Writes what is queued, then stops the writer (the server is closing). */
    async close() {
      await flush();
      await sink.close();
    },

    /** The salt's upkeep without an event (a quiet site still deletes yesterday's salt). */
    deleteOldSalts,
  };
}
export type Ingest = ReturnType<typeof createIngest>;
