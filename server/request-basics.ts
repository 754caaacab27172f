// What every request gets from the app and from the beacon listener's thread alike (decision 058):
// its id (its log lines, its X-Request-Id answer header: the proxy's when TRUST_PROXY is on and it
// is a sane token, else a fresh random one), and the lingering close of a body left unread.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What an incoming X-Request-Id may look like to be reused: no spaces, quotes or line breaks. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{8,128}$/;

export function requestIdOf(request: IncomingMessage, trustProxy: boolean): string {
  return requestIdFrom(request.headers['x-request-id'], trustProxy);
}

/** The same from the header's value (the beacon listener's fast path reads it off the socket). */
export function requestIdFrom(incoming: string | string[] | undefined, trustProxy: boolean): string {
  if (trustProxy && typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}

/** Most of an unread body drained after its answer, and for how long, before the socket is cut. */
const LINGER_BYTES = 4 * 1024 * 1024;
const LINGER_MS = 5_000;

/** A request answered before its body was read to the end (an upload refused mid-stream) leaves
 * the rest unread on a paused socket, which Node then neither drains nor closes, even once the
 * client has left. Closing at once would make the client's next write fail before it reads the
 * answer, so the rest is read and dropped ("lingering close") up to a bound, then cut. */
export function lingerThenClose(body: IncomingMessage) {
  let drained = 0;
  // An injected request (app.inject: the search index, tests) has a stand-in socket that cannot be destroyed.
  const cut = () => {
    const socket = body.socket as { destroy?: unknown } | null;
    if (typeof socket?.destroy === 'function') body.socket.destroy();
  };
  const timer = setTimeout(cut, LINGER_MS).unref();
  body.on('data', (chunk: Buffer) => {
    drained += chunk.byteLength;
    if (drained > LINGER_BYTES) cut();
  });
  body.once('close', () => clearTimeout(timer));
  body.resume();
}
