// Every request's id (its log lines, its X-Request-Id answer header): the proxy's when TRUST_PROXY
// is on and it is a sane token, else a fresh random one. Shared by the app and the beacon
// listener's thread (decision 058), so both answer alike.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What an incoming X-Request-Id may look like to be reused: no spaces, quotes or line breaks. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{8,128}$/;

export function requestIdOf(request: IncomingMessage, trustProxy: boolean): string {
  const incoming = request.headers['x-request-id'];
  if (trustProxy && typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}
