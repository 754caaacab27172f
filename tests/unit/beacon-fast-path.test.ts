// The beacon listener's fast path (decision 061, session 19): which requests it reads itself and
// which it leaves to node:http, and, on a real socket, that its answers are the bytes node:http
// writes for the same request, that a beacon in pieces is waited for (for as long as a head may
// take), that pipelined beacons and a request after them keep their order across the hand-over,
// that a backlog is answered whole, a silent connection is handed over, and closing the listener
// ends its connections after their answers.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { test } from 'node:test';
import { createHttpTally } from '../../server/metrics.ts';
import type { BeaconAnswer, BeaconInput } from '../../server/services/analytics/beacon.ts';
import { NOT_ALL_THERE, readBeaconRequest } from '../../server/services/analytics/beacon-fast-path.ts';
import { createBeaconServer } from '../../server/services/analytics/beacon-server.ts';
import { createListenerLog } from '../../server/services/analytics/listener-log.ts';

const BODY = JSON.stringify({ type: 'pageview', path: '/fleet?utm_source=mail' });
const HEADERS: [string, string][] = [
  ['Host', 'site.example'],
  ['Origin', 'https://site.example'],
  ['User-Agent', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0'],
  ['Content-Type', 'text/plain;charset=UTF-8'],
  ['Content-Length', String(Buffer.byteLength(BODY))],
];
/** A beacon as text: `line`, the usual headers with `change` applied (null drops one), `extra` lines added. */
function beacon(
  options: { line?: string; change?: Record<string, string | null>; extra?: string[]; body?: string } = {},
) {
  const { line = 'POST /api/events HTTP/1.1', change = {}, extra = [], body = BODY } = options;
  const lines = HEADERS.flatMap(([name, value]) => {
    const changed = change[name.toLowerCase()];
    if (changed === null) return [];
    return [`${name}: ${changed ?? value}`];
  });
  return `${[line, ...lines, ...extra].join('\r\n')}\r\n\r\n${body}`;
}
const read = (text: string) => readBeaconRequest(Buffer.from(text, 'latin1'));
/** The beacon read from `text`, which must be one whole. */
function readWhole(text: string) {
  const request = read(text);
  assert.ok(request && request !== NOT_ALL_THERE, 'a whole beacon');
  return request;
}

test('a beacon in its usual shape is read whole; anything node:http might take differently is left to it', () => {
  const text = beacon({
    extra: ['X-Forwarded-For: \t203.0.113.9, 10.0.0.1 ', 'Accept: */*', 'Connection: keep-alive'],
  });
  const request = readWhole(`${text}POST /api/events HTTP/1.1\r\n`);
  assert.equal(request.body, BODY);
  assert.equal(request.end, Buffer.byteLength(text), 'ends where the next pipelined request starts');
  assert.deepEqual(request.headers, {
    host: 'site.example',
    origin: 'https://site.example',
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0',
    'content-type': 'text/plain;charset=UTF-8',
    'content-length': String(Buffer.byteLength(BODY)),
    'x-forwarded-for': '203.0.113.9, 10.0.0.1',
    connection: 'keep-alive',
  });
  assert.equal(readWhole(beacon({ line: 'POST /api/events?x=1&y=%20 HTTP/1.1' })).body, BODY, 'a query string');
  // A no-break space (0xA0) is part of a value to node:http, not trimmed as JavaScript's trim would.
  assert.equal(
    readWhole(beacon({ change: { origin: 'https://site.example\xa0' } })).headers.origin,
    'https://site.example\xa0',
  );

  const leftToNode: [string, string][] = [
    ['a GET', beacon({ line: 'GET /api/events HTTP/1.1' })],
    ['another path', beacon({ line: 'POST /api/feedback HTTP/1.1' })],
    ['a longer path', beacon({ line: 'POST /api/eventsx HTTP/1.1' })],
    ['an absolute-form target', beacon({ line: 'POST http://site.example/api/events HTTP/1.1' })],
    ['a fragment or quote in the query', beacon({ line: 'POST /api/events?a="b" HTTP/1.1' })],
    ['HTTP/1.0', beacon({ line: 'POST /api/events HTTP/1.0' })],
    ['a lower-case method', beacon({ line: 'post /api/events HTTP/1.1' })],
    ['no Content-Length', beacon({ change: { 'content-length': null } })],
    ['a chunked body', beacon({ change: { 'content-length': null }, extra: ['Transfer-Encoding: chunked'] })],
    ['Content-Length beside Transfer-Encoding', beacon({ extra: ['Transfer-Encoding: chunked'] })],
    ['Expect: 100-continue', beacon({ extra: ['Expect: 100-continue'] })],
    ['an upgrade', beacon({ extra: ['Upgrade: websocket'] })],
    ['Connection: close', beacon({ extra: ['Connection: close'] })],
    ['a repeated Content-Length', beacon({ extra: [`Content-Length: ${Buffer.byteLength(BODY)}`] })],
    ['a repeated X-Forwarded-For', beacon({ extra: ['X-Forwarded-For: 1.2.3.4', 'X-Forwarded-For: 5.6.7.8'] })],
    ['a signed length', beacon({ change: { 'content-length': `+${Buffer.byteLength(BODY)}` } })],
    ['over 2 KB', beacon({ body: 'x'.repeat(2049), change: { 'content-length': '2049' } })],
    ['another media type', beacon({ change: { 'content-type': 'application/x-www-form-urlencoded' } })],
    ['no Host', beacon({ change: { host: null } })],
    ['a folded header', beacon({ extra: ['X-Note: a', ' folded'] })],
    ['a line without a colon', beacon({ extra: ['Broken'] })],
    ['a space before the colon', beacon({ extra: ['Origin : x'] })],
    ['a control character in a read value', beacon({ change: { 'user-agent': 'a\x01b' } })],
    ['a head over 4 KB', beacon({ extra: [`X-Padding: ${'p'.repeat(4200)}`] })],
    ['a head over 4 KB, not all there yet', beacon({ extra: [`X-Padding: ${'p'.repeat(4200)}`] }).slice(0, 4500)],
    ['the start of another request', 'GET /api/ev'],
    ['the start of another path', 'POST /api/evil'],
    ['a request not a beacon after its first line', beacon({ extra: ['Expect: 100-continue'] }).slice(0, -5)],
  ];
  for (const [name, text] of leftToNode) assert.equal(read(text), null, name);

  // A beacon in pieces is waited for: whatever is there so far may still become one.
  const notAllThere: [string, string][] = [
    ['the first bytes', 'PO'],
    ['the request line', 'POST /api/events HTTP/1.1\r\n'],
    ['the head not all there', beacon().slice(0, 120)],
    ['the body not all there', beacon().slice(0, -5)],
    ['the head without its blank line', beacon().slice(0, beacon().indexOf('\r\n\r\n') + 2)],
  ];
  for (const [name, text] of notAllThere) assert.equal(read(text), NOT_ALL_THERE, name);
});

type Answer = { status: number; head: string; headers: Record<string, string>; body: string };
/** Reads answers off a socket (Content-Length framed, counted in bytes). */
function reader(socket: Socket) {
  let buffered = Buffer.alloc(0);
  let closed = false;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((resolve) => resolve());
  socket.on('data', (chunk: Buffer) => ((buffered = Buffer.concat([buffered, chunk])), wake()));
  socket.on('close', () => ((closed = true), wake()));
  socket.on('error', () => {});
  return {
    closed: () => closed,
    async next(): Promise<Answer> {
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end !== -1) {
          const head = buffered.toString('latin1', 0, end);
          const lines = head.split('\r\n');
          const headers = Object.fromEntries(
            lines
              .slice(1)
              .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 2)]),
          );
          const length = Number(headers['content-length'] ?? 0);
          if (buffered.length >= end + 4 + length) {
            const body = buffered.toString('utf8', end + 4, end + 4 + length);
            buffered = buffered.subarray(end + 4 + length);
            return { status: Number(lines[0]!.split(' ')[1]), head, headers, body };
          }
        }
        if (closed) throw new Error('closed before a whole answer');
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

async function startListener(handle: (input: BeaconInput) => Promise<BeaconAnswer>) {
  const beacons = createBeaconServer({
    handle,
    trustProxy: true,
    timeouts: { headersMs: 300, requestMs: 5_000, connectionMs: 500 },
    tally: createHttpTally(),
    log: createListenerLog('error'),
  });
  await new Promise<void>((resolve) => beacons.server.listen(0, '127.0.0.1', resolve));
  const { port } = beacons.server.address() as { port: number };
  const open = async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    return { socket, ...reader(socket) };
  };
  return { beacons, open, counts: beacons.fastPath! };
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** An answer's head without what differs per answer (the date, the request id). */
const stable = (head: string) =>
  head.replace(/\r\nDate: [^\r]+/, '').replace(/x-request-id: [^\r]+/, 'x-request-id: *');

test('the fast path answers with node:http’s bytes, keeps pipelined order across the hand-over, and closes cleanly', async () => {
  const seen: BeaconInput[] = [];
  let slow = 0;
  const { beacons, open, counts } = await startListener(async (input) => {
    seen.push(input);
    if (slow) await pause(slow);
    if (input.origin !== 'https://site.example')
      return { status: 403, errorInfo: 'Events are accepted only from the site’s own pages.' };
    return { status: 202 };
  });
  assert.ok(counts, 'the fast path is installed');
  try {
    // The same beacon whole and in pieces (the fast path), and with a chunked body (node:http's):
    // the same bytes.
    const text = beacon({ extra: ['X-Forwarded-For: 203.0.113.9', 'X-Request-Id: proxy-id-12345'] });
    const whole = await open();
    whole.socket.write(text);
    const fast = await whole.next();
    assert.deepEqual([counts.answered, counts.handedOff], [1, 0], 'answered by the fast path');
    const pieces = await open();
    for (const piece of [text.slice(0, 3), text.slice(3, 60), text.slice(60, -10), text.slice(-10)]) {
      pieces.socket.write(piece);
      await pause(30);
    }
    const inPieces = await pieces.next();
    assert.deepEqual([counts.answered, counts.handedOff], [2, 0], 'a beacon in pieces, waited for');
    assert.equal(inPieces.head, fast.head.replace(/\r\nDate: [^\r]+/, `\r\nDate: ${inPieces.headers.date}`));
    const chunked = await open();
    const chunkedBody = `${Buffer.byteLength(BODY).toString(16)}\r\n${BODY}\r\n0\r\n\r\n`;
    chunked.socket.write(
      beacon({ change: { 'content-length': null }, extra: ['Transfer-Encoding: chunked'], body: chunkedBody }).replace(
        'Content-Type',
        'X-Forwarded-For: 203.0.113.9\r\nX-Request-Id: proxy-id-12345\r\nContent-Type',
      ),
    );
    const viaNode = await chunked.next();
    assert.deepEqual([counts.answered, counts.handedOff], [2, 1], 'a chunked body handed to node:http');
    assert.equal(stable(fast.head), stable(viaNode.head));
    assert.equal(fast.headers['x-request-id'], 'proxy-id-12345');
    const expected = { ...seen[0]!, address: '203.0.113.9', host: 'site.example', body: BODY };
    assert.deepEqual(seen.slice(0, 3), [expected, expected, expected]);
    // A refusal with a UTF-8 message: the length counts bytes, on both paths alike.
    for (const connection of [whole, chunked])
      connection.socket.write(beacon({ change: { origin: 'https://evil.example' } }));
    const [fastRefusal, nodeRefusal] = [await whole.next(), await chunked.next()];
    assert.equal(fastRefusal.status, 403);
    assert.equal(JSON.parse(fastRefusal.body).errorInfo, 'Events are accepted only from the site’s own pages.');
    assert.equal(stable(fastRefusal.head), stable(nodeRefusal.head));
    assert.equal(fastRefusal.body, nodeRefusal.body);
    chunked.socket.destroy();

    // A beacon stuck partway past the wait for a head (300 ms here), or dripping in for longer:
    // node:http takes the connection with what came, and answers once the rest arrives.
    const stuck = await open();
    stuck.socket.write(text.slice(0, -5));
    await pause(450);
    assert.deepEqual([counts.answered, counts.handedOff], [3, 2], 'handed over after the wait');
    stuck.socket.write(text.slice(-5));
    assert.equal((await stuck.next()).status, 202);
    stuck.socket.destroy();
    const drip = await open();
    for (let at = 0; at < text.length; at += 40) {
      drip.socket.write(text.slice(at, at + 40));
      await pause(60);
    }
    assert.equal((await drip.next()).status, 202);
    assert.deepEqual([counts.answered, counts.handedOff], [3, 3], 'a drip handed over');
    drip.socket.destroy();
    pieces.socket.destroy();

    // Three beacons and a GET in one write, the handler slow: answered in order, the GET by node:http.
    slow = 20;
    const pipelined = await open();
    pipelined.socket.write(beacon().repeat(3) + 'GET /home HTTP/1.1\r\nHost: site.example\r\n\r\n');
    const statuses = [];
    for (let n = 0; n < 4; n++) statuses.push((await pipelined.next()).status);
    assert.deepEqual(statuses, [202, 202, 202, 404]);
    assert.deepEqual([counts.answered, counts.handedOff], [6, 4]);
    pipelined.socket.destroy();

    // A backlog over 64 KB pipelined while the handler is slow: every beacon answered, in order.
    slow = 1;
    const backlog = await open();
    const many = 150; // ~450 bytes each
    backlog.socket.write(beacon().repeat(many));
    for (let n = 0; n < many; n++) assert.equal((await backlog.next()).status, 202, `beacon ${n + 1}`);
    backlog.socket.destroy();
    slow = 0;

    // A client that sends beacons and never reads the answers: its connection is cut once the
    // answers stop draining (connectionMs, 500 ms here), seen from the server's side.
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        beacons.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
    const before = await connections();
    const deaf = await open();
    deaf.socket.pause();
    const answeredBefore = counts.answered;
    const handedBeforeDeaf = counts.handedOff;
    deaf.socket.write(beacon().repeat(20_000));
    const stalledAt = performance.now();
    while ((await connections()) > before) {
      assert.ok(performance.now() - stalledAt < 10_000, 'cut within the stalled timeout');
      await pause(50);
    }
    assert.ok(counts.answered - answeredBefore > 100, 'after answering what the buffers held');
    assert.equal(counts.handedOff, handedBeforeDeaf, 'by the fast path, its requests split across reads');
    deaf.socket.destroy();

    // Silent past the first-byte wait (300 ms here): node:http takes it, and still answers.
    const handedBefore = counts.handedOff;
    const silent = await open();
    await pause(450);
    silent.socket.write(beacon());
    assert.equal((await silent.next()).status, 202);
    assert.equal(counts.handedOff, handedBefore + 1);

    // Closing: an idle fast-path connection is closed at once; one mid-answer gets its answer,
    // saying Connection: close, then is closed; node:http's idle one is closed too.
    // One partway through a beacon is handed to node:http, which answers it once the rest comes.
    slow = 200;
    const busy = await open();
    busy.socket.write(beacon());
    const partway = await open();
    partway.socket.write(beacon().slice(0, -5));
    await pause(50);
    const closed = beacons.close();
    partway.socket.write(beacon().slice(-5));
    const last = await busy.next();
    assert.equal(last.status, 202);
    assert.equal(last.headers.connection, 'close');
    assert.equal((await partway.next()).status, 202, 'the beacon partway through when closing began');
    partway.socket.end();
    await closed;
    // The client sees its last connection's end a moment after the server's side is done.
    for (let n = 0; n < 50 && !partway.closed(); n++) await pause(20);
    assert.ok(whole.closed() && busy.closed() && silent.closed() && partway.closed(), 'every connection ended');
  } finally {
    beacons.server.closeAllConnections();
    beacons.server.close();
  }
});
