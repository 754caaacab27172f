// The beacon listener's HTTP server (decision 061): a node:http server that answers
// POST /api/events as the app's Fastify route does, with the least work per request. A beacon in
// its usual shape is read and answered on the raw socket (beacon-fast-path.ts: a third of the
// listener's CPU per beacon saved) with the bytes node:http would write; everything else is
// node's. The rules are the shared handler's (beacon.ts); this module is only the transport,
// written to answer exactly as the route answers: Fastify's content-type rule (415) and 2 KB body
// limit (413, the connection then closed after a lingering read), the beacon's short security
// headers, no-store, the request id (requestIdOf), the trust-proxy rule for the client's address
// and host (as Fastify's `trustProxy: true`: the leftmost X-Forwarded-For entry, the last
// X-Forwarded-Host), the same timeouts and client-error answers. Anything else is a 404
// `{errorInfo}` with the API's full security headers. Headers are written from fixed lists (one
// slot, the request id, filled in per answer), and each answer is counted once in the listener's
// tally for /metrics.
import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import { ANALYTICS_LIMITS, EVENTS_PATH } from '../../../common/analytics.ts';
import { MESSAGES } from '../../../common/messages.ts';
import type { createHttpTally } from '../../metrics.ts';
import { answerClientError } from '../../plugins/errors.ts';
import {
  apiSecurityHeaders,
  BASELINE_SECURITY_HEADERS,
  BEACON_SECURITY_HEADERS,
} from '../../plugins/security-headers.ts';
import { lingerThenClose, requestIdFrom, requestIdOf } from '../../request-basics.ts';
import { type BeaconAnswer, type BeaconHandler, isBeaconContentType } from './beacon.ts';
import { answerBeaconsFirst, type BeaconRequest } from './beacon-fast-path.ts';
import type { ListenerLog } from './listener-log.ts';

export type BeaconServerOptions = {
  handle: BeaconHandler;
  trustProxy: boolean;
  timeouts: { headersMs: number; requestMs: number; connectionMs: number };
  tally: ReturnType<typeof createHttpTally>;
  log: ListenerLog;
};

const JSON_TYPE = 'application/json; charset=utf-8';
/** node:http's keepAliveTimeout here, and the fast path's idle limit after an answer. */
const KEEP_ALIVE_MS = 10_000;
const ROUTE = EVENTS_PATH;
const UNMATCHED = '(unmatched)';

/** A fixed header list, in the order Fastify wrote them (the security headers, the request id,
 * the rest): the request id's value is filled in per answer. writeHead copies the list at once,
 * so one array serves every answer. */
type HeaderList = {
  flat: string[];
  idAt: number;
  /** The same list as the fast path writes it: the lines before the request id's value, and after it. */
  text: [string, string];
};
function headerList(security: Record<string, string> | [string, string][], ...rest: [string, string][]): HeaderList {
  const first = Array.isArray(security) ? security : Object.entries(security);
  const lines = (pairs: [string, string][]) => pairs.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return {
    flat: [...first.flat(), 'x-request-id', '', ...rest.flat()],
    idAt: first.length * 2 + 1,
    text: [`${lines(first)}x-request-id: `, `\r\n${lines(rest)}`],
  };
}
const NO_STORE: [string, string] = ['cache-control', 'no-store'];
const AS_JSON: [string, string] = ['content-type', JSON_TYPE];
const ACCEPTED_HEADERS = headerList(BEACON_SECURITY_HEADERS, NO_STORE, ['content-length', '0']);
const REFUSED_HEADERS = headerList(BEACON_SECURITY_HEADERS, NO_STORE, AS_JSON);
// Past a body it did not read to the end (413, a broken stream) the connection is closed, as Fastify does.
const REFUSED_CLOSING_HEADERS = headerList(BEACON_SECURITY_HEADERS, ['connection', 'close'], NO_STORE, AS_JSON);
const OTHER_HEADERS = headerList(apiSecurityHeaders(), NO_STORE, AS_JSON);
const UNREADABLE_URL_HEADERS = headerList(BASELINE_SECURITY_HEADERS, NO_STORE, AS_JSON);

/** Set while the listener closes: each answer then closes its connection (draining). One server
 * per thread (the listener's), so one flag. */
let draining = false;

function send(response: ServerResponse, status: number, headers: HeaderList, id: string, body?: string) {
  if (draining) response.shouldKeepAlive = false;
  headers.flat[headers.idAt] = id;
  if (body === undefined) {
    response.writeHead(status, headers.flat);
    response.end();
    return;
  }
  response.writeHead(status, headers.flat.concat('content-length', String(Buffer.byteLength(body))));
  response.end(body);
}

/** The Date header's value, as node:http writes it: made once a second. */
let dateSecond = 0;
let dateText = '';
function httpDate(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(second * 1000).toUTCString();
  }
  return dateText;
}

/** An answer as the fast path writes it: the bytes node:http writes for the same writeHead and
 * end, up to the connection headers the fast path adds (the status line, the list, Content-Length
 * for a body, Date). */
function rawAnswer(status: number, headers: HeaderList, id: string, body = ''): { head: string; body: string } {
  const length = body ? `content-length: ${Buffer.byteLength(body)}\r\n` : '';
  return {
    head: `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers.text[0]}${id}${headers.text[1]}${length}Date: ${httpDate()}\r\n`,
    body,
  };
}

/** The request's path: the URL without its query, in origin form (an absolute-form URL, which
 * only a proxy sends, is reduced to its path as Fastify's router does). */
function pathOf(url: string): string {
  let start = 0;
  if (url.charCodeAt(0) !== 47 /* / */) {
    const scheme = url.indexOf('://');
    start = scheme === -1 ? 0 : url.indexOf('/', scheme + 3);
    if (start === -1) return '/';
  }
  const query = url.indexOf('?', start);
  return query === -1 ? (start === 0 ? url : url.slice(start)) : url.slice(start, query);
}

/** The client's address under Fastify's `trustProxy: true` (proxy-addr trusting every hop): the
 * leftmost X-Forwarded-For entry, spaces around it dropped; else the socket's peer. */
export function clientAddressOf(request: IncomingMessage, trustProxy: boolean): string {
  // Node joins a repeated X-Forwarded-For (or X-Forwarded-Host) into one string.
  return clientAddressFrom(request.headers['x-forwarded-for'], request.socket.remoteAddress ?? '', trustProxy);
}
function clientAddressFrom(forwardedFor: string | string[] | undefined, peer: string, trustProxy: boolean): string {
  const forwarded = trustProxy ? forwardedFor : undefined;
  if (typeof forwarded !== 'string' || !forwarded) return peer;
  for (const entry of forwarded.split(',')) {
    const address = entry.trim();
    if (address) return address;
  }
  return peer;
}

/** The Host the client named, as Fastify's request.host: the last X-Forwarded-Host entry when the
 * proxy is trusted, else the Host header. */
export function hostOf(request: IncomingMessage, trustProxy: boolean): string {
  return hostFrom(request.headers['x-forwarded-host'], request.headers.host, trustProxy);
}
function hostFrom(forwardedHost: string | string[] | undefined, host: string | undefined, trustProxy: boolean): string {
  const forwarded = trustProxy ? forwardedHost : undefined;
  if (typeof forwarded === 'string' && forwarded) {
    const last = forwarded.lastIndexOf(',');
    return last === -1 ? forwarded.trim() : forwarded.slice(last + 1).trim();
  }
  return host ?? '';
}

export function createBeaconServer(options: BeaconServerOptions) {
  const { handle, trustProxy, tally, log } = options;
  draining = false;

  function count(request: IncomingMessage | { method: string }, route: string, status: number, started: number) {
    tally.record(request.method ?? 'GET', route, `${Math.floor(status / 100)}xx`, (performance.now() - started) / 1000);
  }

  /** Counted; what the client did not send is read and dropped before the socket closes. */
  function done(request: IncomingMessage, route: string, status: number, started: number) {
    count(request, route, status, started);
    if (!request.complete) lingerThenClose(request);
  }

  function refuse(
    request: IncomingMessage,
    response: ServerResponse,
    id: string,
    status: number,
    message: string,
    started: number,
  ) {
    log.info({ status, reqId: id }, 'request refused');
    const headers = status === 413 || status === 400 ? REFUSED_CLOSING_HEADERS : REFUSED_HEADERS;
    send(response, status, headers, id, JSON.stringify({ errorInfo: message }));
    done(request, ROUTE, status, started);
  }

  function answer(
    request: IncomingMessage,
    response: ServerResponse,
    id: string,
    result: BeaconAnswer,
    started: number,
  ) {
    if (result.status === 202) {
      send(response, 202, ACCEPTED_HEADERS, id);
      count(request, ROUTE, 202, started);
    } else {
      log.info({ status: result.status, reqId: id }, 'request refused');
      send(response, result.status, REFUSED_HEADERS, id, JSON.stringify({ errorInfo: result.errorInfo }));
      count(request, ROUTE, result.status, started);
    }
  }

  /** The body as text, read to the end within the 2 KB limit: null past it (413). */
  function readBody(request: IncomingMessage): Promise<string | null> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let received = 0;
      const onData = (chunk: Buffer) => {
        received += chunk.length;
        if (received > ANALYTICS_LIMITS.body) {
          request.off('data', onData).off('end', onEnd).off('error', reject).pause();
          resolve(null);
        } else chunks.push(chunk);
      };
      const onEnd = () =>
        resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, received).toString('utf8'));
      request.on('data', onData).on('end', onEnd).on('error', reject);
    });
  }

  async function takeBeacon(request: IncomingMessage, response: ServerResponse, id: string, started: number) {
    const headers = request.headers;
    const type = headers['content-type'];
    let body: string | undefined;
    // Fastify's order: the content type (415), the declared length (413), the body (413), then the rules.
    if (type === undefined) {
      const length = headers['content-length'];
      const bodyless = headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
      if (!bodyless) return refuse(request, response, id, 415, MESSAGES.unsupportedMediaType, started);
    } else {
      if (!isBeaconContentType(type)) return refuse(request, response, id, 415, MESSAGES.unsupportedMediaType, started);
      if (Number(headers['content-length']) > ANALYTICS_LIMITS.body)
        return refuse(request, response, id, 413, MESSAGES.payloadTooLarge, started);
      let read: string | null;
      try {
        read = await readBody(request);
      } catch {
        return refuse(request, response, id, 400, MESSAGES.badRequest, started);
      }
      if (read === null) return refuse(request, response, id, 413, MESSAGES.payloadTooLarge, started);
      body = read;
    }
    const result = await handle({
      origin: headers.origin,
      host: hostOf(request, trustProxy),
      address: clientAddressOf(request, trustProxy),
      userAgent: headers['user-agent'],
      body,
    });
    answer(request, response, id, result, started);
  }

  function onRequest(request: IncomingMessage, response: ServerResponse) {
    const started = performance.now();
    const id = requestIdOf(request, trustProxy);
    const path = pathOf(request.url ?? '/');
    if (request.method === 'POST' && path === ROUTE) {
      takeBeacon(request, response, id, started).catch((error: unknown) => {
        // Not reached by any input (the handler refuses, drops or queues); a fault is still a
        // logged 500 in the route's shape, never a hung request.
        log.error({ err: error, reqId: id }, 'request failed');
        if (!response.headersSent)
          send(response, 500, REFUSED_HEADERS, id, JSON.stringify({ errorInfo: MESSAGES.serverError }));
        count(request, ROUTE, 500, started);
      });
      return;
    }
    // A path the router cannot decode is refused before routing, as Fastify's frameworkErrors do.
    if (path.includes('%') && !decodes(path)) {
      log.info({ status: 400, reqId: id }, 'request refused');
      send(response, 400, UNREADABLE_URL_HEADERS, id, JSON.stringify(['ErrorInfo', MESSAGES.badRequest]));
      done(request, UNMATCHED, 400, started);
      return;
    }
    send(response, 404, OTHER_HEADERS, id, JSON.stringify({ errorInfo: MESSAGES.notFound }));
    done(request, UNMATCHED, 404, started);
  }

  const server: Server = createServer(
    {
      headersTimeout: options.timeouts.headersMs,
      requestTimeout: options.timeouts.requestMs,
      connectionsCheckingInterval: Math.min(1_000, options.timeouts.headersMs),
      keepAliveTimeout: KEEP_ALIVE_MS,
    },
    onRequest,
  );
  // A connection gone silent is cut (Fastify's connectionTimeout).
  server.setTimeout(options.timeouts.connectionMs);
  server.on('clientError', answerClientError);

  const POST = { method: 'POST' };
  /** A beacon the fast path read whole: the same rules, tally and log lines as takeBeacon's. */
  async function answerFast(request: BeaconRequest, peer: string) {
    const started = performance.now();
    const headers = request.headers;
    const id = requestIdFrom(headers['x-request-id'], trustProxy);
    let result: BeaconAnswer;
    try {
      result = await handle({
        origin: headers.origin,
        host: hostFrom(headers['x-forwarded-host'], headers.host, trustProxy),
        address: clientAddressFrom(headers['x-forwarded-for'], peer, trustProxy),
        userAgent: headers['user-agent'],
        body: request.body,
      });
    } catch (error) {
      log.error({ err: error, reqId: id }, 'request failed');
      count(POST, ROUTE, 500, started);
      return rawAnswer(500, REFUSED_HEADERS, id, JSON.stringify({ errorInfo: MESSAGES.serverError }));
    }
    count(POST, ROUTE, result.status, started);
    if (result.status === 202) return rawAnswer(202, ACCEPTED_HEADERS, id);
    log.info({ status: result.status, reqId: id }, 'request refused');
    return rawAnswer(result.status, REFUSED_HEADERS, id, JSON.stringify({ errorInfo: result.errorInfo }));
  }
  const fastPath = answerBeaconsFirst(server, {
    answer: answerFast,
    firstByteMs: options.timeouts.headersMs,
    keepAliveMs: KEEP_ALIVE_MS,
    stalledMs: options.timeouts.connectionMs,
  });

  return {
    server,
    /** Beacons answered by the fast path, connections handed to node:http (null: no fast path). */
    fastPath: fastPath?.counts ?? null,
    /** Stops taking connections, answers what is in flight (closing each connection after its
     * answer), and resolves once every connection has ended. */
    close(): Promise<void> {
      draining = true;
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        fastPath?.drain();
      });
    },
  };
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
