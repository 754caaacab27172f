// Takes in the beacon's events cheaply: each is checked and turned into a row at once (visitor
// id, device, source), queued in memory, and written in batches of up to a thousand rows per
// INSERT, a few times a second, so thousands of events a second cost a handful of writes (on
// SQLite each batch also rides the group commit of decision 025). The beacon's answer (202) never
// waits for the write: a visitor's page has nothing to wait for. What a crash loses is at most the
// last FLUSH_MS of events; what a full queue refuses is counted, never half stored.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsEvent } from '../../../common/analytics.ts';
import type { AnalyticsRepository, NewEvent } from '../../db/repositories/analytics.ts';
import { dayOf, deviceClass, landingOf, visitorId } from './visitor.ts';

/** How often queued events are written. */
const FLUSH_MS = 250;
/** Written at once past this many, without waiting for the timer. */
const FLUSH_AT = 2_000;
/** Past this many unwritten events (the database is slow or away) new ones are dropped. */
const MAX_QUEUED = 50_000;
const DAY_MS = 86_400_000;

export type IngestOptions = {
  repo: AnalyticsRepository;
  log: FastifyBaseLogger;
  /** The clock (tests move it across midnight). */
  now?: () => number;
};

/** Who sent an event, known only while it is taken in. `site` is the site's host: part of the
 * visitor id, and how the site's own pages are told from other referrers. */
export type Visit = { address: string; userAgent: string; site: string };

export function createIngest(options: IngestOptions) {
  const { repo, log } = options;
  const now = options.now ?? Date.now;
  let queue: NewEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  const counts = { accepted: 0, written: 0, dropped: 0 };
  // Only today's salt is held in memory; yesterday's is forgotten at midnight.
  let salt: { day: string; value: Promise<string> } | undefined;

  function saltOf(day: string): Promise<string> {
    if (salt?.day !== day) {
      const value = repo.saltFor(day, randomBytes(32).toString('base64url'), new Date(now()).toISOString());
      salt = { day, value };
      // A failed read is tried again by the next event, not remembered.
      value.catch(() => {
        if (salt?.value === value) salt = undefined;
      });
      // Salts older than 48 hours (every day before yesterday) are deleted as a new day begins.
      void deleteOldSalts();
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
    if (queue.length === 0) return writing;
    const batch = queue;
    queue = [];
    writing = writing.then(async () => {
      try {
        await repo.insertEvents(batch);
        counts.written += batch.length;
      } catch (error) {
        counts.dropped += batch.length;
        log.error({ err: error, events: batch.length }, 'analytics: events not stored');
      }
    });
    return writing;
  }

  return {
    counts,

    /** Queues one checked event; false when the queue is full (the event is dropped). */
    async take(event: AnalyticsEvent, visit: Visit): Promise<boolean> {
      if (queue.length >= MAX_QUEUED) {
        counts.dropped += 1;
        return false;
      }
      const time = now();
      const day = dayOf(time);
      const landing = landingOf(event.path, event.referrer, visit.site);
      let daySalt: string;
      try {
        daySalt = await saltOf(day);
      } catch (error) {
        // The database is away: the event is dropped, the beacon still answered (never a 5xx).
        counts.dropped += 1;
        log.warn({ err: error }, 'analytics: no salt, event dropped');
        return false;
      }
      const visitor = visitorId(daySalt, visit.site, visit.address, visit.userAgent);
      queue.push({
        day,
        at: new Date(time).toISOString(),
        type: event.type,
        path: landing.path,
        referrer_host: landing.referrerHost,
        source: landing.source,
        utm_medium: landing.utm_medium,
        utm_campaign: landing.utm_campaign,
        utm_term: landing.utm_term,
        utm_content: landing.utm_content,
        visitor,
        device: deviceClass(visit.userAgent),
        name: event.type === 'search' ? event.query.toLowerCase() : event.type === 'form_submitted' ? event.form : null,
        found: event.type === 'search' ? event.results : null,
      });
      counts.accepted += 1;
      if (queue.length >= FLUSH_AT) void flush();
      else timer ??= setTimeout(() => void flush(), FLUSH_MS);
      return true;
    },

    /** Writes what is queued; resolves once it is stored (or found unstorable). */
    flush,

    /** The salt's upkeep without an event (a quiet site still deletes yesterday's salt). */
    deleteOldSalts,
  };
}
export type Ingest = ReturnType<typeof createIngest>;
