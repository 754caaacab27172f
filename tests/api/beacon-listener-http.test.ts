// The beacon listener's own HTTP server (decision 061) against the app's Fastify route, over raw
// sockets: the same requests sent to both ports get the same status, body and beacon headers
// (content types, sizes, bodies in pieces, JSON and schema refusals, drops), and where the
// listener's transport could differ from Fastify's it is checked directly: a body over 2 KB in
// chunks (413, the connection closed, the next one served), a slow body, HEAD/GET (404),
// keep-alive (three beacons on one connection), the trust-proxy rule for the address and host.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { after, before, test } from 'node:test';
import Fastify from 'fastify';
import { EVENT_MESSAGES } from '../../common/analytics.ts';
import { MESSAGES } from '../../common/messages.ts';
import { clientAddressOf, hostOf } from '../../server/services/analytics/beacon-server.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const SITE = 'http://site.example';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const OK = JSON.stringify({ type: 'pageview', path: '/fleet?utm_source=mail' });
const BIG = JSON.stringify({ type: 'pageview', path: '/', referrer: `https://x.example/${'y'.repeat(3000)}` });

let server: TestServer;
let listenerPort: number;
let appPort: number;
before(async () => {
  server = await startServer({ SITE_URL: SITE, ANALYTICS_PORT: '0', TRUST_PROXY: 'true' });
  listenerPort = server.app.beaconListener!.address.port;
  appPort = Number(new URL(server.url).port);
});
after(async () => server.close());

/** A request as text: the beacon's usual headers, `headers` added or (undefined) removed. */
function request(
  body: string | undefined,
  headers: Record<string, string | undefined> = {},
  line = 'POST /api/events',
) {
  const all: Record<string, string | undefined> = {
    host: 'site.example',
    origin: SITE,
    'user-agent': UA,
    'content-type': 'text/plain;charset=UTF-8',
    ...(body !== undefined && !('transfer-encoding' in headers)
      ? { 'content-length': String(Buffer.byteLength(body)) }
      : {}),
    ...headers,
  };
  const head = Object.entries(all)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `${line} HTTP/1.1\r\n${head}\r\n`;
}
/** A body in chunked transfer coding, `size` bytes a chunk (the text is ASCII). */
const chunked = (body: string, size: number) => {
  let out = '';
  for (let at = 0; at < body.length; at += size) {
    const part = body.slice(at, at + size);
    out += `${part.length.toString(16)}\r\n${part}\r\n`;
  }
  return `${out}0\r\n\r\n`;
};

type Answer = { status: number; headers: Record<string, string>; body: string };
/** Reads answers off a socket as they arrive (Content-Length framed). */
function reader(socket: Socket) {
  let buffered = '';
  let closed = false;
  const waiters: (() => void)[] = [];
  socket.setEncoding('latin1');
  socket.on('data', (text: string) => ((buffered += text), waiters.splice(0).forEach((wake) => wake())));
  socket.on('close', () => ((closed = true), waiters.splice(0).forEach((wake) => wake())));
  socket.on('error', () => {});
  const next = async (head = false): Promise<Answer> => {
    for (;;) {
      const end = buffered.indexOf('\r\n\r\n');
      if (end !== -1) {
        const [statusLine, ...lines] = buffered.slice(0, end).split('\r\n');
        const headers = Object.fromEntries(
          lines.map((line) => [
            line.slice(0, line.indexOf(':')).toLowerCase(),
            line.slice(line.indexOf(':') + 1).trim(),
          ]),
        );
        const length = head ? 0 : Number(headers['content-length'] ?? 0);
        if (buffered.length >= end + 4 + length) {
          const body = buffered.slice(end + 4, end + 4 + length);
          buffered = buffered.slice(end + 4 + length);
          const status = Number(statusLine!.split(' ')[1]);
          if (status === 100) continue;
          return { status, headers, body };
        }
      }
      if (closed) throw new Error(`closed before an answer; got ${JSON.stringify(buffered)}`);
      await new Promise<void>((wake) => waiters.push(wake));
    }
  };
  return {
    next,
    closed: () => closed,
    waitClosed: () => new Promise<void>((done) => (closed ? done() : socket.once('close', () => done()))),
  };
}
async function open(port: number) {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, ...reader(socket) };
}
async function once(port: number, text: string) {
  const connection = await open(port);
  connection.socket.write(text);
  const answer = await connection.next(text.startsWith('HEAD'));
  connection.socket.destroy();
  return answer;
}
/** What must match between the two ports (the app adds `vary` for its compression). */
const comparable = ({ status, headers, body }: Answer) => ({
  status,
  body,
  headers: Object.fromEntries(
    [
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'permissions-policy',
      'cache-control',
      'content-type',
      'connection',
      'set-cookie',
    ].map((name) => [name, headers[name]]),
  ),
});

test('the same beacon requests get the same answers from the listener and from the app’s route', async () => {
  const cases: [string, string][] = [
    ['taken', request(OK) + OK],
    ['JSON', request(OK, { 'content-type': 'application/json' }) + OK],
    ['upper case, a charset', request(OK, { 'content-type': 'TEXT/PLAIN; charset=latin1' }) + OK],
    ['an unknown content type', request(OK, { 'content-type': 'application/x-www-form-urlencoded' }) + OK],
    ['text/plainx', request(OK, { 'content-type': 'text/plainx' }) + OK],
    ['a body without a content type', request(OK, { 'content-type': undefined }) + OK],
    ['no body, no content type', request(undefined, { 'content-type': undefined, 'content-length': '0' })],
    ['an empty text body', request('')],
    ['another origin', request(OK, { origin: 'https://evil.example' }) + OK],
    ['no origin', request(OK, { origin: undefined }) + OK],
    ['broken JSON', request('{"type":') + '{"type":'],
    ['an unknown type', request('{"type":"buy","path":"/"}') + '{"type":"buy","path":"/"}'],
    ['an unknown key', request('{"type":"pageview","path":"/","x":1}') + '{"type":"pageview","path":"/","x":1}'],
    ['over 2 KB, declared', request(BIG) + BIG],
    ['over 2 KB, chunked', request(undefined, { 'transfer-encoding': 'chunked' }) + chunked(BIG, 512)],
    ['small, chunked', request(undefined, { 'transfer-encoding': 'chunked' }) + chunked(OK, 8)],
    ['a bot', request(OK, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }) + OK],
    ['a staff page', request('{"type":"pageview","path":"/inbox/3"}') + '{"type":"pageview","path":"/inbox/3"}'],
    ['a query string', request(OK, {}, 'POST /api/events?x=1') + OK],
  ];
  for (const [name, text] of cases) {
    const fromListener = await once(listenerPort, text);
    const fromApp = await once(appPort, text);
    assert.deepEqual(comparable(fromListener), comparable(fromApp), name);
  }
  const refused = await once(listenerPort, request(OK, { 'content-type': 'image/png' }) + OK);
  assert.deepEqual([refused.status, JSON.parse(refused.body)], [415, { errorInfo: MESSAGES.unsupportedMediaType }]);
  const unknownKey = await once(
    listenerPort,
    request('{"type":"pageview","path":"/","x":1}') + '{"type":"pageview","path":"/","x":1}',
  );
  assert.equal(unknownKey.status, 400);
  const typeRefused = await once(listenerPort, request('{"type":"buy","path":"/"}') + '{"type":"buy","path":"/"}');
  assert.deepEqual(JSON.parse(typeRefused.body), { errorInfo: EVENT_MESSAGES.type });
});

test('the listener’s transport: 2 KB in chunks, a slow body, HEAD and GET, keep-alive', async () => {
  // Over 2 KB in chunks, the rest still being sent: 413 at once, the connection closed after it.
  const big = await open(listenerPort);
  big.socket.write(request(undefined, { 'transfer-encoding': 'chunked' }));
  for (let n = 0; n < 3; n++) big.socket.write(`400\r\n${'y'.repeat(1024)}\r\n`);
  const tooBig = await big.next();
  assert.equal(tooBig.status, 413);
  assert.deepEqual(JSON.parse(tooBig.body), { errorInfo: MESSAGES.payloadTooLarge });
  assert.equal(tooBig.headers.connection, 'close');
  big.socket.write(`400\r\n${'y'.repeat(1024)}\r\n0\r\n\r\n`);
  await big.waitClosed();

  // A body arriving in pieces, 300 ms apart: read to the end, then taken.
  const slow = await open(listenerPort);
  slow.socket.write(request(OK));
  for (const piece of [OK.slice(0, 10), OK.slice(10, 20), OK.slice(20)]) {
    slow.socket.write(piece);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  assert.equal((await slow.next()).status, 202);

  // Three beacons on one kept-alive connection (as sendBeacon reuses it), then a GET and a HEAD on it.
  slow.socket.write((request(OK) + OK).repeat(3));
  for (let n = 0; n < 3; n++) {
    const answer = await slow.next();
    assert.equal(answer.status, 202);
    assert.equal(answer.body, '');
    assert.equal(answer.headers['cache-control'], 'no-store');
  }
  slow.socket.write(request(undefined, { 'content-type': undefined }, 'GET /api/events'));
  const get = await slow.next();
  assert.deepEqual([get.status, JSON.parse(get.body)], [404, { errorInfo: MESSAGES.notFound }]);
  assert.equal(get.headers['x-frame-options'], 'DENY');
  slow.socket.write(request(undefined, { 'content-type': undefined }, 'HEAD /api/events'));
  const head = await slow.next(true);
  assert.equal(head.status, 404);
  assert.equal(slow.closed(), false, 'still open after five answers');
  slow.socket.destroy();

  // Every answer above was counted for /metrics.
  await server.app.beaconListener!.report();
  const metrics = await server.app.metrics.registry.metrics();
  assert.match(metrics, /http_requests_total\{method="POST",route="\/api\/events",status_class="4xx"\} [1-9]/);
  assert.match(metrics, /http_requests_total\{method="HEAD",route="\(unmatched\)",status_class="4xx"\} [1-9]/);
});

test('the client address and host follow Fastify’s trust-proxy rule', async () => {
  const servers = [true, false].map((trust) => {
    const fastify = Fastify({ trustProxy: trust });
    const seen: { raw?: IncomingMessage } = {};
    fastify.addHook('onRequest', async (request) => void (seen.raw = request.raw));
    fastify.get('/', async (request) => ({ ip: request.ip, host: request.host }));
    return { fastify, trust, seen };
  });
  const cases: Record<string, string>[] = [
    {},
    { 'x-forwarded-for': '203.0.113.9' },
    { 'x-forwarded-for': ' 203.0.113.9 , 10.0.0.1,10.0.0.2' },
    { 'x-forwarded-for': ', ,198.51.100.4' },
    { 'x-forwarded-for': '2001:db8::1, 10.0.0.1' },
    { 'x-forwarded-host': 'a.example, b.example ' },
    { 'x-forwarded-host': 'fwd.example', 'x-forwarded-for': '203.0.113.1' },
  ];
  for (const headers of cases) {
    for (const { fastify, trust, seen } of servers) {
      const answer = await fastify.inject({ url: '/', headers: { host: 'site.example', ...headers } });
      const expected = answer.json<{ ip: string; host: string }>();
      const label = `${JSON.stringify(headers)} trustProxy ${trust}`;
      assert.deepEqual({ ip: clientAddressOf(seen.raw!, trust), host: hostOf(seen.raw!, trust) }, expected, label);
    }
  }
});
