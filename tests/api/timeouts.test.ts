// Slow and stalled clients are cut off by the server's own deadlines (short here through the
// environment; production defaults in server/config.ts) while everyone else is served:
// headers trickled a byte at a time (slowloris) by HEADERS_TIMEOUT_MS, a body trickled forever
// by REQUEST_TIMEOUT_MS, a connection gone silent mid-body by CONNECTION_TIMEOUT_MS.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, test } from 'node:test';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const HEADERS_MS = 800;
const REQUEST_MS = 1_500;
const IDLE_MS = 1_000;
/** Node checks the header and request deadlines on an interval (at most 1 s, see server/app.ts). */
const SLACK_MS = 1_000 + 1_500;

let server: TestServer;
let port: number;
before(async () => {
  server = await startServer({
    HEADERS_TIMEOUT_MS: String(HEADERS_MS),
    REQUEST_TIMEOUT_MS: String(REQUEST_MS),
    CONNECTION_TIMEOUT_MS: String(IDLE_MS),
  });
  port = Number(new URL(server.url).port);
});
after(() => server.close());

/** Opens a connection, sends `head`, then `drip` every `everyMs` (forever, or silence if
 * omitted); resolves when the server closes the connection, with how long that took. */
function slowClient(head: string, drip?: string, everyMs = 150): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (data) => {
      answer += data.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: performance.now() - started, answer });
    });
    socket.write(head);
    if (drip) {
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write(drip);
      }, everyMs);
    }
    // A safety net so a broken server fails the test instead of hanging it.
    setTimeout(() => socket.destroy(), 15_000).unref();
  });
}

/** Normal visitors keep being served while slow clients are held: every answer 200 and quick. */
async function whileServingOthers<T>(work: Promise<T>): Promise<T> {
  let done = false;
  const latencies: number[] = [];
  const others = (async () => {
    const client = new ApiClient(server.url);
    while (!done) {
      const started = performance.now();
      const response = await client.get('/api/Faqs/GetAllFromFaqs');
      assert.equal(response.status, 200);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    return await work;
  } finally {
    done = true;
    await others;
    assert.ok(latencies.length >= 5, `others were served (${latencies.length} answers)`);
    assert.ok(
      Math.max(...latencies) < 1_000,
      `others answered within 1 s (slowest ${Math.round(Math.max(...latencies))} ms)`,
    );
  }
}

const host = () => `Host: 127.0.0.1:${port}\r\n`;
/** A visitor's cookie and CSRF header, so the server really waits for the body. */
async function credentials() {
  const client = await new ApiClient(server.url).visit();
  return `Cookie: XSRF-TOKEN=${client.csrfToken}\r\nX-XSRF-TOKEN: ${client.csrfToken}\r\n`;
}

test('slowloris: headers sent a byte at a time are cut off by the headers timeout', { timeout: 20_000 }, async (t) => {
  const clients = Array.from({ length: 10 }, () =>
    slowClient(`GET /api/Faqs/GetAllFromFaqs HTTP/1.1\r\n${host()}X-Padding: `, 'a'),
  );
  const results = await whileServingOthers(Promise.all(clients));
  for (const { ms, answer } of results) {
    t.diagnostic(`closed after ${Math.round(ms)} ms: ${answer.split('\r\n')[0] || '(no answer)'}`);
    assert.ok(ms >= HEADERS_MS * 0.9 && ms < HEADERS_MS + SLACK_MS, `closed after ${Math.round(ms)} ms`);
    assert.ok(answer === '' || answer.startsWith('HTTP/1.1 408'), answer.slice(0, 100));
  }
});

test('a body trickled forever is cut off by the request timeout', { timeout: 20_000 }, async (t) => {
  const head = `POST /api/Feedback/AddFeedback HTTP/1.1\r\n${host()}${await credentials()}Content-Type: application/json\r\nContent-Length: 30000\r\n\r\n{"feedback":"`;
  const before = server.count('feedback');
  const results = await whileServingOthers(Promise.all(Array.from({ length: 5 }, () => slowClient(head, 'x'))));
  for (const { ms, answer } of results) {
    t.diagnostic(`closed after ${Math.round(ms)} ms: ${answer.split('\r\n')[0] || '(no answer)'}`);
    assert.ok(ms >= REQUEST_MS * 0.9 && ms < REQUEST_MS + SLACK_MS, `closed after ${Math.round(ms)} ms`);
    assert.ok(answer === '' || /^HTTP\/1\.1 (408|400)/.test(answer), answer.slice(0, 100));
  }
  assert.equal(server.count('feedback'), before);
});

test('a connection that goes silent mid-body is closed by the connection timeout', { timeout: 20_000 }, async (t) => {
  const head = `POST /api/Feedback/AddFeedback HTTP/1.1\r\n${host()}${await credentials()}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"feedback":`;
  const before = server.count('feedback');
  const results = await whileServingOthers(Promise.all(Array.from({ length: 5 }, () => slowClient(head))));
  for (const { ms } of results) {
    t.diagnostic(`closed after ${Math.round(ms)} ms`);
    assert.ok(ms >= IDLE_MS * 0.9 && ms < IDLE_MS + SLACK_MS, `closed after ${Math.round(ms)} ms`);
  }
  assert.equal(server.count('feedback'), before);
});

test('the timeouts are configuration, checked at start', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: server.dataDir, TOKEN_SECRET: 'x'.repeat(40) };
  assert.deepEqual(loadConfig(base).timeouts, { headersMs: 10_000, requestMs: 60_000, connectionMs: 30_000 });
  assert.throws(() => loadConfig({ ...base, HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '1000' }), ConfigError);
  assert.throws(() => loadConfig({ ...base, REQUEST_TIMEOUT_MS: 'soon' }), /REQUEST_TIMEOUT_MS/);
});
