// Graceful shutdown under write load: SIGTERM reaches the real process (a child) while eight
// writers submit all four kinds of form and three contact uploads are still sending their
// bodies. The uploads in flight finish with ['SUCCESS', ...] and are stored, later requests
// are refused (503) or find the door closed, the process exits 0 within 10 s, and every
// acknowledged submission is in the database with `PRAGMA integrity_check` ok.
//
// Needs the production build: run `npm run build` first.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test } from 'node:test';
import { type Acknowledged, checkDatabase, startLoad } from '../../scripts/lib/crash-loop.ts';
import { startServerProcess } from '../../scripts/lib/server-process.ts';
import { serverBuildFile } from '../../server/paths.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { png } from '../helpers/images.ts';

const EXIT_WITHIN_MS = 10_000;

/**
 * A contact upload whose body is sent in `pieces` parts, `gapMs` apart. It asks for
 * `100 Continue` first: once that arrives (`inFlight`) the server has parsed and routed the
 * request, so it is in flight from the server's side; `answer` resolves with the final answer.
 */
function slowUpload(url: string, token: string, message: string, pieces: number, gapMs: number) {
  const boundary = '----haulora' + randomBytes(8).toString('hex');
  const fields = { name: 'Sam Lee', email: 'sam@coastfreight.com.au', subject: 'Shutdown', inq_type: '2', message };
  const body = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="img"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png(32, 32),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  let text = '';
  let sending = false;
  const inFlight = new Promise<void>((resolve, reject) => {
    socket.on('data', (data) => {
      text += data.toString('utf8');
      if (!sending && text.startsWith('HTTP/1.1 100')) {
        sending = true;
        resolve();
        sendBody();
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`closed before 100 Continue: ${text.slice(0, 200)}`)));
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => {
      const final = text.slice(text.lastIndexOf('HTTP/1.1 '));
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(final)?.[1] ?? 0),
        body: final.slice(final.indexOf('\r\n\r\n') + 4),
      });
    });
  });
  socket.write(
    `POST /api/ContactUs HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\nExpect: 100-continue\r\n` +
      `Cookie: XSRF-TOKEN=${token}\r\nX-XSRF-TOKEN: ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  const size = Math.ceil(body.length / pieces);
  let index = 0;
  function sendBody() {
    socket.write(body.subarray(index * size, (index + 1) * size));
    if (++index < pieces) setTimeout(sendBody, gapMs);
  }
  return { inFlight, answer };
}

test(
  'SIGTERM under write load: requests in flight finish, exit 0 within 10 s, nothing acknowledged lost',
  { timeout: 60_000 },
  async (t) => {
    assert.ok(existsSync(serverBuildFile), `missing ${serverBuildFile}: run \`npm run build\` before this test`);
    const dataDir = await mkdtemp(join(tmpdir(), 'haulora-shutdown-'));
    const server = await startServerProcess({ dataDir });
    try {
      const acknowledged: Acknowledged[] = [];
      const load = startLoad(server.url, { inFlight: 8, label: 'term', acknowledged });
      const token = (await new ApiClient(server.url).visit()).csrfToken!;
      await new Promise((resolve) => setTimeout(resolve, 800));

      // Three uploads that are mid-body when the signal arrives (about 1.75 s of body left).
      const messages = [1, 2, 3].map((n) => `In flight at SIGTERM ${n} ${randomBytes(4).toString('hex')}`);
      const uploads = messages.map((message) => slowUpload(server.url, token, message, 8, 250));
      await Promise.all(uploads.map((upload) => upload.inFlight));
      const ackedBeforeSignal = acknowledged.length;
      const signalled = performance.now();
      const exit = await server.stop('SIGTERM', EXIT_WITHIN_MS + 2_000);
      const exitMs = performance.now() - signalled;

      const counts = await load.stop();
      const answers = await Promise.all(uploads.map((upload) => upload.answer));
      t.diagnostic(
        `exit ${exit} after ${Math.round(exitMs)} ms; writers: acknowledged ${counts.acknowledged} (${ackedBeforeSignal} before the signal), ` +
          `refused ${JSON.stringify(counts.refusedByStatus)}, cut off ${counts.failed}; uploads in flight: ${answers.map((a) => a.status).join(', ')}`,
      );
      assert.equal(exit, 0, `exit code 0:\n${server.output()}`);
      assert.ok(exitMs < EXIT_WITHIN_MS, `exited after ${Math.round(exitMs)} ms`);
      for (const answer of answers) {
        assert.equal(answer.status, 200, answer.body);
        assert.ok(answer.body.startsWith('["SUCCESS"'), answer.body);
      }
      // Refusals during the shutdown are 503 only: a closing server says so, never 500.
      assert.deepEqual(
        Object.keys(counts.refusedByStatus).filter((status) => status !== '503'),
        [],
        JSON.stringify(counts.refusedByStatus),
      );

      const check = checkDatabase(join(dataDir, 'haulora.sqlite'), acknowledged);
      t.diagnostic(`database: ${check.found}/${check.acknowledged} acknowledged found, integrity ${check.integrity}`);
      assert.equal(check.integrity, 'ok');
      assert.deepEqual(check.missing.slice(0, 20), []);
      assert.ok(check.acknowledged > 20, `the writers were busy (${check.acknowledged} acknowledged)`);
      const db = new DatabaseSync(join(dataDir, 'haulora.sqlite'), { readOnly: true });
      try {
        for (const message of messages)
          assert.ok(db.prepare('SELECT 1 FROM contact_messages WHERE message = ?').get(message), `stored: ${message}`);
      } finally {
        db.close();
      }
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  },
);
