// What the database's own state says about readiness (issue 33, decision 032), beside the ping
// and the migrations that /readyz already checks:
// - integrity: a damaged file is found, not served. SQLite's quick_check runs at start in a
//   worker thread (integrity-check-worker.ts), bounded so a large file still starts at once; a
//   corruption error met at run time (SQLITE_CORRUPT, SQLITE_NOTADB; PostgreSQL's XX001, XX002)
//   fails it too, until a restart on a restored file.
// - writable: a write refused for want of space or permission (SQLITE_FULL, SQLITE_READONLY,
//   SQLITE_IOERR; PostgreSQL's 53100, 25006) fails it, so a balancer stops sending posts to an
//   instance that cannot keep them; the next write that succeeds (or readiness's own probe
//   write) brings it back.
import type { FastifyBaseLogger } from 'fastify';

/** SQLite's primary result codes (the low byte of an extended code). */
const SQLITE = { READONLY: 8, IOERR: 10, CORRUPT: 11, FULL: 13, NOTADB: 26 } as const;
const CORRUPT_SQLSTATES = new Set(['XX001', 'XX002']);
const UNWRITABLE_SQLSTATES = new Set(['53100', '25006']);

export type DatabaseFault = 'corrupt' | 'unwritable' | null;

/** Which fault, if any, a database error reveals. */
export function faultOf(error: unknown): DatabaseFault {
  const candidate = error as { errcode?: unknown; code?: unknown } | null;
  if (typeof candidate?.errcode === 'number') {
    const primary = candidate.errcode & 0xff;
    if (primary === SQLITE.CORRUPT || primary === SQLITE.NOTADB) return 'corrupt';
    if (primary === SQLITE.FULL || primary === SQLITE.READONLY || primary === SQLITE.IOERR) return 'unwritable';
    return null;
  }
  if (typeof candidate?.code === 'string') {
    if (CORRUPT_SQLSTATES.has(candidate.code)) return 'corrupt';
    if (UNWRITABLE_SQLSTATES.has(candidate.code)) return 'unwritable';
  }
  return null;
}

export type DatabaseHealth = ReturnType<typeof createDatabaseHealth>;

export function createDatabaseHealth(log: FastifyBaseLogger) {
  let corruption: string | null = null;
  let unwritableSince: number | null = null;
  return {
    /** Called with every error the database raises; logs a fault once, when it starts. */
    observe(error: unknown) {
      const fault = faultOf(error);
      if (fault === 'corrupt') this.corrupt((error as Error).message);
      if (fault === 'unwritable' && unwritableSince === null) {
        unwritableSince = Date.now();
        log.error(
          { err: error },
          'database refuses writes (disk full or read-only): readiness is 503 until a write succeeds',
        );
      }
    },
    /** The integrity check failed, or a corruption error was met: not ready until restarted. */
    corrupt(detail: string) {
      if (corruption !== null) return;
      corruption = detail;
      log.error(
        { detail },
        'database file is damaged: readiness is 503; restore it from a backup (docs/operations-restore.md)',
      );
    },
    /** A write was committed: the database takes writes again. */
    wrote() {
      if (unwritableSince === null) return;
      unwritableSince = null;
      log.warn('database takes writes again: readiness follows');
    },
    get integrityOk() {
      return corruption === null;
    },
    get writable() {
      return unwritableSince === null;
    },
  };
}
