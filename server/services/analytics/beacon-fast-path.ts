// The beacon listener's fast path (decision 061, session 19). node:http spends about 50 µs of CPU
// on each request's objects (a bare server answering 202: 71-78 µs a beacon; the same answers
// written on the raw socket: 23-32 µs), a third of the listener's cost at 5,000 beacons a second.
// So the listener reads a connection's bytes here first: a beacon in the shape a browser's
// sendBeacon (or the proxy relaying it) sends — POST to the events path over HTTP/1.1, the whole
// request in hand, a Content-Length within the 2 KB limit, a beacon content type, no transfer
// coding, Expect or Upgrade, no repeated header among those the rules read, nothing node:http
// would take differently — is answered here, with bytes the caller writes as node:http does.
// A beacon that arrives in pieces (a proxy's reused connection can split one across reads) is
// waited for, as long as node:http would wait for a head. Anything else (another path or method,
// a chunked body, an odd header, a silence before the first byte, a beacon still not whole after
// that wait) hands the connection, with what was read, to the node:http server for the rest of
// its life, so every edge case stays node's.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { ANALYTICS_LIMITS, EVENTS_PATH } from '../../../common/analytics.ts';
import { isBeaconContentType } from './beacon.ts';

/** The headers a beacon's rules and answer read, as node:http would hand them over. */
export type BeaconHeaders = {
  host: string;
  'content-type': string;
  origin?: string;
  'user-agent'?: string;
  'x-forwarded-for'?: string;
  'x-forwarded-host'?: string;
  'x-request-id'?: string;
  'content-length': string;
  connection?: string;
};

export type BeaconRequest = {
  headers: BeaconHeaders;
  /** The body, decoded as UTF-8. */
  body: string;
  /** Where the request ends in the buffer read (the next pipelined one's start). */
  end: number;
};

/** Headers read; a second one of these sends the request to node:http (its joining rules). */
const READ = new Set([
  'host',
  'content-type',
  'content-length',
  'origin',
  'user-agent',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-request-id',
  'connection',
]);
/** Headers whose handling is node:http's alone. */
const NODE_ONLY = new Set(['transfer-encoding', 'expect', 'upgrade']);
/** The request line, the path exactly the events path, the query of URL characters. */
const REQUEST_LINE = new RegExp(
  `^POST ${EVENTS_PATH.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?:\\?[\\w\\-.~!$&'()*+,;=:@/?%]*)? HTTP/1\\.1$`,
);
const HEADER_NAME = /^[\w!#$%&'*+.^`|~-]+$/;
/** A field value as node:http's parser takes it: visible ASCII, spaces, tabs and obs-text. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const LENGTH = /^\d{1,5}$/;
/** A head longer than this goes to node:http (a beacon's is about 600 bytes). */
const MAX_HEAD = 4096;
/** node:http's connection header on the last answer of a connection. */
const CLOSING = 'Connection: close\r\n';
/** Unanswered bytes past this (requests pipelined faster than answered) go to node:http, which
 * stops reading while it answers. */
const MAX_PENDING = 64 * 1024;

/** Spaces and tabs around a field value dropped, as node:http does (not JavaScript's wider trim). */
function trimSpaces(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && (value.charCodeAt(start) === 32 || value.charCodeAt(start) === 9)) start++;
  while (end > start && (value.charCodeAt(end - 1) === 32 || value.charCodeAt(end - 1) === 9)) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

/** What a beacon's first bytes are. */
const REQUEST_START = Buffer.from(`POST ${EVENTS_PATH}`, 'latin1');
/** `readBeaconRequest`'s answer for a beacon so far, not all read yet. */
export const NOT_ALL_THERE = 'not all there';

/** The beacon at the start of `buffer`; NOT_ALL_THERE when what is there may still become one;
 * null when it is anything else. */
export function readBeaconRequest(buffer: Buffer): BeaconRequest | typeof NOT_ALL_THERE | null {
  const headEnd = buffer.indexOf('\r\n\r\n', 0, 'latin1');
  if (headEnd === -1) {
    if (buffer.length > MAX_HEAD) return null;
    const start = Math.min(buffer.length, REQUEST_START.length);
    return buffer.compare(REQUEST_START, 0, start, 0, start) === 0 ? NOT_ALL_THERE : null;
  }
  if (headEnd > MAX_HEAD) return null;
  const lines = buffer.toString('latin1', 0, headEnd).split('\r\n');
  if (!REQUEST_LINE.test(lines[0]!)) return null;
  const headers: Record<string, string> = {};
  for (let n = 1; n < lines.length; n++) {
    const line = lines[n]!;
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    const name = line.slice(0, colon).toLowerCase();
    if (!HEADER_NAME.test(name) || NODE_ONLY.has(name)) return null;
    if (!READ.has(name)) continue;
    const value = line.slice(colon + 1);
    if (name in headers || !HEADER_VALUE.test(value)) return null;
    headers[name] = trimSpaces(value);
  }
  const length = headers['content-length'];
  const type = headers['content-type'];
  const connection = headers.connection;
  if (length === undefined || !LENGTH.test(length) || Number(length) > ANALYTICS_LIMITS.body) return null;
  if (type === undefined || !isBeaconContentType(type) || headers.host === undefined) return null;
  if (connection !== undefined && connection.toLowerCase() !== 'keep-alive') return null;
  const end = headEnd + 4 + Number(length);
  if (buffer.length < end) return NOT_ALL_THERE;
  return { headers: headers as BeaconHeaders, body: buffer.toString('utf8', headEnd + 4, end), end };
}

export type FastPathOptions = {
  /** The answer to a beacon: its head as node:http writes it up to its connection headers (the
   * status line, the fields, Date), which this path adds (it alone knows whether the connection
   * stays open), and its body. Never rejects. */
  answer(request: BeaconRequest, peer: string): Promise<{ head: string; body: string }>;
  /** How long a new connection may stay silent, or a beacon take to arrive whole, before
   * node:http takes the connection (and its own timeouts). */
  firstByteMs: number;
  /** How long a connection may idle after an answer before it is closed (node:http's keepAliveTimeout). */
  keepAliveMs: number;
  /** How long answers may wait for a client that does not read them before its connection is cut
   * (node:http's server timeout). */
  stalledMs: number;
};

/** Reads every connection of `server` here first (above). Null, with node:http serving everything,
 * if the server's own connection handler is not the single one expected. */
export function answerBeaconsFirst(server: Server, options: FastPathOptions) {
  const handlers = server.listeners('connection');
  if (handlers.length !== 1) return null;
  const viaNode = handlers[0] as (this: Server, socket: Socket) => void;
  server.removeListener('connection', viaNode);
  const counts = { answered: 0, handedOff: 0 };
  /** Closers of the connections this path holds, called when the listener closes. */
  const idleClosers = new Set<() => void>();
  let draining = false;
  const keepingAlive = `Connection: keep-alive\r\nKeep-Alive: timeout=${options.keepAliveMs / 1000}\r\n`;

  server.on('connection', (socket: Socket) => {
    /** Bytes read and not yet answered. */
    let pending: Buffer | null = null;
    /** When the beacon in `pending`, not all there, began to be waited for (0: none is). */
    let waitingSince = 0;
    /** An answer is being made: what arrives meanwhile waits in `pending`. */
    let busy = false;
    let answeredHere = false;
    /** Answers are written faster than the client reads them: the next waits for the socket to drain. */
    let stalled = false;

    /** On closing: an idle connection ends now; one partway through a beacon goes to node:http,
     * which answers it (saying Connection: close) before the server's close completes. */
    const closeIfIdle = () => {
      if (busy) return;
      if (pending) handOff();
      else socket.destroy();
    };
    const onData = (chunk: Buffer) => {
      pending = pending ? Buffer.concat([pending, chunk]) : chunk;
      // The answer never rejects; a fault here still ends only this connection.
      if (!busy) serve().catch(() => socket.destroy());
      // Requests pipelined faster than they are answered: read no more until they are.
      else if (pending.length > MAX_PENDING) socket.pause();
    };
    const onEnd = () => {
      if (!busy) socket.end();
    };
    const onTimeout = () => {
      if (stalled) return void socket.destroy();
      if (busy) return;
      // A new connection that has said nothing yet, or a beacon stuck partway: node:http's own
      // timeouts decide from here.
      if (!answeredHere || pending) handOff();
      else socket.destroy();
    };
    const onError = () => socket.destroy();
    const onClose = () => idleClosers.delete(closeIfIdle);

    /** node:http takes the connection with the bytes not yet answered, synchronously: nothing can
     * be emitted between this path's listeners leaving and node's arriving. Once the client has
     * ended its side, the stream takes no bytes back: a last request that is not a beacon is then
     * dropped with the connection (a client that half-closes mid-request). */
    function handOff() {
      socket.off('data', onData).off('end', onEnd).off('timeout', onTimeout).off('error', onError);
      socket.off('close', onClose);
      idleClosers.delete(closeIfIdle);
      socket.setTimeout(0);
      if (socket.readableEnded) return void socket.destroy();
      const rest = pending;
      pending = null;
      if (rest) socket.unshift(rest);
      counts.handedOff++;
      viaNode.call(server, socket);
      if (socket.isPaused()) socket.resume();
    }

    async function serve() {
      busy = true;
      while (pending) {
        const request = readBeaconRequest(pending);
        if (request === NOT_ALL_THERE) {
          // A beacon in pieces: wait for the rest, for as long as a head may take (measured from
          // its first piece, so a client that drips bytes is node's after that too).
          const now = performance.now();
          waitingSince ||= now;
          if (now - waitingSince > options.firstByteMs) return handOff();
          busy = false;
          // The client ended its side partway through: the rest will not come.
          if (socket.readableEnded) socket.end();
          else socket.setTimeout(options.firstByteMs);
          return;
        }
        waitingSince = 0;
        if (!request) return handOff();
        pending = request.end < pending.length ? pending.subarray(request.end) : null;
        const answer = await options.answer(request, socket.remoteAddress ?? '');
        if (socket.destroyed) return;
        // Written as UTF-8: the head is ASCII, the JSON body may not be.
        socket.write(`${answer.head}${draining ? CLOSING : keepingAlive}\r\n${answer.body}`, 'utf8');
        counts.answered++;
        answeredHere = true;
        if (draining) return void socket.end();
        if (socket.writableNeedDrain) {
          stalled = true;
          socket.setTimeout(options.stalledMs);
          await drained(socket);
          stalled = false;
        }
        if (socket.destroyed) return;
        if (socket.isPaused() && (pending?.length ?? 0) <= MAX_PENDING) socket.resume();
      }
      busy = false;
      if (socket.readableEnded) socket.end();
      else socket.setTimeout(options.keepAliveMs);
    }

    idleClosers.add(closeIfIdle);
    socket.on('data', onData).on('end', onEnd).on('timeout', onTimeout).on('error', onError).on('close', onClose);
    socket.setTimeout(options.firstByteMs);
  });

  return {
    counts,
    /** While the listener closes: idle connections closed now, busy ones after their answer. */
    drain() {
      draining = true;
      for (const close of idleClosers) close();
    },
  };
}

/** Resolves once a socket's buffered answers are written, or it closed. */
function drained(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done).off('close', done);
      resolve();
    };
    socket.on('drain', done).on('close', done);
  });
}
