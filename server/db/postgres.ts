// PostgreSQL for several instances (decision 013): a pg pool handed to Kysely's PostgresDialect,
// short connection timeouts so a request never waits past its deadline for a database that has
// gone away, and a dedicated connection that LISTENs for other instances' notifications and
// reconnects by itself.
import pg from 'pg';

// COUNT(*) and BIGINT columns arrive as text by default; every such value here fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

/** How long a request may wait for a connection before it fails (503) instead of hanging. */
const CONNECT_TIMEOUT_MS = 3_000;
/** A statement running longer than this is cancelled by the server. */
const STATEMENT_TIMEOUT_MS = 15_000;
/** Delay between attempts to re-open the LISTEN connection after it was lost. */
const RELISTEN_MS = 1_000;

export function createPool(url: string, options: { max?: number } = {}) {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    application_name: 'haulora-website',
  });
  // A client whose server went away emits 'error': on the pool while idle, on the client itself
  // while checked out between queries. Without a listener either would crash the process; the
  // query in flight (if any) fails on its own, and the next one opens a fresh connection.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

/** Opens one connection to check that the address, the credentials and the database work; throws
 * a one-line error naming the problem. */
export async function checkConnection(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new Error(describeConnectionError(error));
  } finally {
    await client.end().catch(() => {});
  }
}

export function describeConnectionError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  switch (code) {
    case 'ECONNREFUSED':
      return 'cannot connect: nothing is listening at that host and port';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'cannot connect: the host name does not resolve';
    case '28P01':
    case '28000':
      return 'cannot sign in: wrong user name or password';
    case '3D000':
      return 'the database does not exist';
    default:
      return `cannot connect: ${(message ?? String(error)).split('\n')[0]}`;
  }
}

/** True for errors that mean the database cannot be reached right now (not a bad query). */
export function isConnectionError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code && /^(08|57P0[1-3]|53300)/.test(code)) return true; // connection exceptions, shutdown, too many connections
  if (code && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(code))
    return true;
  return /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error/i.test(
    message ?? '',
  );
}

/** LISTENs on `channel` on a connection of its own, calling `onMessage` for each notification
 * and `onReconnect` after a lost connection is back (notifications sent meanwhile were missed). */
export function listen(
  url: string,
  channel: string,
  handlers: { onMessage(payload: string): void; onReconnect(): void },
) {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lost = false;

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    next.on('error', () => {});
    next.on('end', () => {
      if (stopped || client !== next) return;
      lost = true;
      timer = setTimeout(connect, RELISTEN_MS);
    });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      client = next;
      if (lost) handlers.onReconnect();
      lost = false;
    } catch {
      lost = true;
      await next.end().catch(() => {});
      timer = setTimeout(connect, RELISTEN_MS);
    }
  };

  return {
    start: connect,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
