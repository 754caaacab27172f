// A request that reaches a closing server on a connection still in use is refused with a 503 in
// the spec's shape, with every security header, and the connection is closed (server/app.ts).
// (Idle kept-alive connections are simply closed by Fastify; a busy one can still carry a request.)
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { test } from 'node:test';
import { MESSAGES, withReference } from '../../common/messages.ts';
import { securityHeaderProblems } from '../helpers/security-headers.ts';
import { startServer } from '../helpers/server.ts';

/** The HTTP answers in `raw`, in order (bodies sent with Content-Length). */
function parseAnswers(raw: string) {
  const answers: { status: number; headers: Headers; body: string }[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine = '', ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = new Headers();
    for (const line of lines)
      headers.append(line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim());
    const length = Number(headers.get('content-length') ?? 0);
    const body = rest.slice(headEnd + 4, headEnd + 4 + length);
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body });
    rest = rest.slice(headEnd + 4 + length);
  }
  return answers;
}

test('a request arriving on a busy connection while the server closes gets a 503 with the headers', async () => {
  const server = await startServer();
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  let raw = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (raw += chunk));
  const ended = new Promise((resolve) => socket.on('close', resolve));
  await new Promise((resolve) => socket.on('connect', resolve));

  // A first request whose body is still coming keeps the connection busy while close() starts.
  const body = JSON.stringify({ feedback: 'Closing test' });
  socket.write(
    `POST /api/Feedback/AddFeedback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  // Long enough for a busy machine to take the first request's headers before close() starts.
  await new Promise((resolve) => setTimeout(resolve, 400));
  const closed = server.app.close();
  await new Promise((resolve) => setTimeout(resolve, 50));
  // Its body, then a second request on the same connection.
  socket.write(body);
  socket.write('GET /api/Faqs/GetAllFromFaqs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  await ended;
  await closed;

  const answers = parseAnswers(raw);
  assert.equal(answers.length, 2, raw);
  const during = answers[1]!;
  assert.equal(during.status, 503);
  assert.deepEqual(JSON.parse(during.body), [
    'ErrorInfo',
    withReference(MESSAGES.closing, during.headers.get('x-request-id')!),
  ]);
  assert.equal(during.headers.get('connection'), 'close');
  assert.deepEqual(securityHeaderProblems('503 while closing', during.headers), []);
});
