// Abusive upload streams against the real process (a child, watched from /proc): a client that
// aborts mid-body, a body without its final boundary, a refusal raised while the body is still
// arriving, a chunked page post past the limit. Each is answered or closed within a few
// seconds, the server keeps serving, its open file descriptors return to their baseline, and a
// burst of oversized uploads leaves its resident memory bounded. (A refusal raised mid-body
// used to leave the socket paused with the rest unread, open long after the client left: the
// server now closes such a connection after its answer, see server/app.ts.)
//
// Needs the production build: run `npm run build` first.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, test } from 'node:test';
import { MAX_IMAGE_BYTES } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import {
  openFileDescriptors,
  residentBytes,
  type ServerProcess,
  startServerProcess,
} from '../../scripts/lib/server-process.ts';
import { serverBuildFile } from '../../server/paths.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { png } from '../helpers/images.ts';

let server: ServerProcess;
let dataDir: string;
let port: number;
before(async () => {
  assert.ok(existsSync(serverBuildFile), `missing ${serverBuildFile}: run \`npm run build\` before this test`);
  dataDir = await mkdtemp(join(tmpdir(), 'haulora-streams-'));
  server = await startServerProcess({ dataDir });
  port = Number(new URL(server.url).port);
});
after(async () => {
  await server?.stop('SIGKILL').catch(() => {});
  await rm(dataDir, { recursive: true, force: true });
});

const contactCount = () => {
  const db = new DatabaseSync(join(dataDir, 'haulora.sqlite'), { readOnly: true });
  try {
    return Number((db.prepare('SELECT count(*) AS n FROM contact_messages').get() as { n: number }).n);
  } finally {
    db.close();
  }
};

// ---------------------------------------------------------------------------------------------
// A raw HTTP client: what fetch cannot do (stop mid-body, lie about lengths, never finish).

type Visitor = { cookie: string; token: string };
type Outcome = { status: number | undefined; closed: boolean; ms: number; text: string };

/** A GET on its own connection, closed after the answer: the test holds no keep-alive socket
 * that would blur the server's descriptor count. */
const rawGet = (path: string) =>
  rawRequest(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`, [], { finish: 'hold' });

async function visitor(path = '/api/Faqs/GetAllFromFaqs'): Promise<Visitor & { html: string }> {
  const page = await rawGet(path);
  const token = /\r\nset-cookie: XSRF-TOKEN=([^;\r]+)/i.exec(page.text)?.[1];
  assert.ok(token, `a CSRF cookie from ${path}`);
  return { cookie: `XSRF-TOKEN=${token}`, token, html: page.text };
}

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; field?: string }) {
  const boundary = '----haulora' + randomBytes(8).toString('hex');
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'img'}"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  return { boundary, body: Buffer.concat(parts), end: Buffer.from(`--${boundary}--\r\n`) };
}

const FIELDS = {
  name: 'Sam Lee',
  email: 'sam@coastfreight.com.au',
  subject: 'Streams',
  inq_type: '1',
  message: 'Stream test',
};

/**
 * Sends `head` then `chunks` (one every `gapMs`), then does what `finish` says: 'end' half-closes
 * and waits, 'abort' destroys the socket, 'hold' keeps it open without sending more. Resolves
 * with the status (if an answer came) once the server answered and/or closed, or after `waitMs`.
 */
function rawRequest(
  head: string,
  chunks: Buffer[],
  options: { gapMs?: number; finish: 'end' | 'abort' | 'hold'; waitMs?: number; untilClosed?: boolean },
): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let settled = false;
    const settle = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({ status: status ? Number(status) : undefined, closed, ms: performance.now() - started, text });
    };
    const timer = setTimeout(() => settle(false), options.waitMs ?? 5_000);
    socket.on('data', (data) => {
      text += data.toString('latin1');
      // A whole answer arrived: the server may keep the connection for the next request.
      const headEnd = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, headEnd))?.[1];
      const closing = /\r\nconnection: close/i.test(text.slice(0, headEnd));
      if (
        headEnd >= 0 &&
        !closing &&
        !options.untilClosed &&
        length !== undefined &&
        text.length >= headEnd + 4 + Number(length)
      )
        settle(false);
    });
    socket.on('close', () => settle(true));
    socket.on('error', () => settle(true));
    socket.write(head);
    let index = 0;
    const next = () => {
      if (socket.destroyed) return;
      if (index < chunks.length) {
        socket.write(chunks[index++]!);
        setTimeout(next, options.gapMs ?? 0);
      } else if (options.finish === 'end') socket.end();
      else if (options.finish === 'abort') {
        socket.destroy();
        settle(true);
      }
    };
    next();
  });
}

function apiHead(v: Visitor, boundary: string, length: number | 'chunked') {
  return (
    `POST /api/ContactUs HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${v.cookie}\r\nX-XSRF-TOKEN: ${v.token}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
    (length === 'chunked' ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${length}\r\n`) +
    '\r\n'
  );
}

const chunked = (data: Buffer) =>
  Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
const split = (data: Buffer, size: number) =>
  Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size));

/** The descriptor count once sockets of earlier requests have finished closing. */
async function steadyDescriptors() {
  let last = openFileDescriptors(server.pid);
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const now = openFileDescriptors(server.pid);
    if (now === last) return now;
    last = now;
  }
  return last;
}

/** Waits until the process's descriptors are back to `baseline` (or `timeoutMs` passes). */
const fdTargets = () => {
  const dir = `/proc/${server.pid}/fd`;
  return readdirSync(dir).map((fd) => {
    try {
      return readlinkSync(join(dir, fd));
    } catch {
      return '?';
    }
  });
};

async function fdsSettle(baseline: number, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  let now = openFileDescriptors(server.pid);
  while (now > baseline && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    now = openFileDescriptors(server.pid);
  }
  return now;
}

async function stillServes() {
  assert.equal((await rawGet('/api/Faqs/GetAllFromFaqs')).status, 200);
}

// ---------------------------------------------------------------------------------------------

test(
  'abusive streams are each answered or closed within seconds, and descriptors return to baseline',
  { timeout: 60_000 },
  async (t) => {
    const v = await visitor();
    await stillServes();
    const baseline = await steadyDescriptors();
    const baseTargets = fdTargets();
    const before = contactCount();
    const image = Buffer.concat([png(4, 4)]);
    const big = randomBytes(2 * 1024 * 1024);

    const scenarios: [string, () => Promise<Outcome>, (o: Outcome) => void][] = [
      [
        'client aborts mid-body (API)',
        () => {
          const form = multipart(FIELDS, { name: 'photo.png', bytes: big });
          return rawRequest(
            apiHead(v, form.boundary, form.body.length + form.end.length),
            [form.body.subarray(0, 300_000)],
            { finish: 'abort' },
          );
        },
        () => {},
      ],
      [
        'a body without its final boundary (API)',
        () => {
          const form = multipart(FIELDS, { name: 'photo.png', bytes: image });
          return rawRequest(apiHead(v, form.boundary, form.body.length), [form.body], { finish: 'hold' });
        },
        (o) => assert.equal(o.status, 400, o.text.slice(0, 300)),
      ],
      [
        'a chunked body that stops before its final boundary (API)',
        () => {
          const form = multipart(FIELDS, { name: 'photo.png', bytes: image });
          return rawRequest(apiHead(v, form.boundary, 'chunked'), [chunked(form.body), Buffer.from('0\r\n\r\n')], {
            finish: 'hold',
          });
        },
        (o) => assert.equal(o.status, 400, o.text.slice(0, 300)),
      ],
      [
        'a refusal raised mid-stream: an unknown field first, 2 MB of file still coming (API)',
        () => {
          const form = multipart({ account_id: '7', ...FIELDS }, { name: 'photo.png', bytes: big });
          return rawRequest(
            apiHead(v, form.boundary, form.body.length + form.end.length),
            split(Buffer.concat([form.body, form.end]), 64 * 1024),
            { gapMs: 2, finish: 'hold' },
          );
        },
        (o) => assert.equal(o.status, 400, o.text.slice(0, 300)),
      ],
      [
        'a refusal raised mid-stream: the file too large, the client still sending (API)',
        () => {
          const form = multipart(FIELDS, {
            name: 'photo.png',
            bytes: Buffer.concat([png(), Buffer.alloc(MAX_IMAGE_BYTES + 512 * 1024)]),
          });
          return rawRequest(
            apiHead(v, form.boundary, form.body.length + form.end.length),
            split(Buffer.concat([form.body, form.end]), 256 * 1024),
            { finish: 'hold' },
          );
        },
        (o) => assert.equal(o.status, 413, o.text.slice(0, 300)),
      ],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [label, run, check] of scenarios) {
        const outcome = await run();
        t.diagnostic(
          `${label}: status ${outcome.status ?? '-'}, closed ${outcome.closed}, ${Math.round(outcome.ms)} ms`,
        );
        assert.ok(outcome.ms < 5_000, `${label}: settled within 5 s (${Math.round(outcome.ms)} ms)`);
        check(outcome);
      }
    }
    await stillServes();
    const settled = await fdsSettle(baseline);
    t.diagnostic(`descriptors: baseline ${baseline}, after ${settled}`);
    const added = fdTargets().filter((x) => !baseTargets.includes(x));
    assert.ok(settled <= baseline, `open descriptors back to ${baseline}, got ${settled}: ${added.join(' ')}`);
    assert.equal(contactCount(), before, 'nothing stored');
  },
);

test('page posts: a chunked upload past the limit, and one aborted mid-body', { timeout: 30_000 }, async (t) => {
  const v = await visitor('/forms/contact');
  const csrf = /name="_csrf" value="([^"]+)"/.exec(v.html)?.[1];
  assert.ok(csrf);
  const baseline = await steadyDescriptors();
  const before = contactCount();
  const head = (boundary: string, length: number | 'chunked') =>
    `POST /forms/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${v.cookie}\r\nAccept: text/html\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
    (length === 'chunked' ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${length}\r\n`) +
    '\r\n';

  // 24 MB with no length announced: refused with 413 once past the limit; what the client still
  // sends is drained for a bounded while (so it can read the answer), then the server cuts it.
  const form = multipart(
    { _csrf: csrf, ...FIELDS },
    { name: 'photo.png', bytes: Buffer.concat([png(), randomBytes(24 * 1024 * 1024)]) },
  );
  const tooBig = await rawRequest(
    head(form.boundary, 'chunked'),
    split(Buffer.concat([form.body, form.end]), 256 * 1024).map(chunked),
    { gapMs: 1, finish: 'hold', waitMs: 10_000, untilClosed: true },
  );
  t.diagnostic(`chunked 24 MB: status ${tooBig.status}, closed ${tooBig.closed}, ${Math.round(tooBig.ms)} ms`);
  assert.equal(tooBig.status, 413);
  assert.ok(tooBig.text.includes(MESSAGES.payloadTooLarge));
  assert.ok(tooBig.closed, 'the server cut the connection instead of reading 24 MB');
  // A 6 MB photo: 413, the rest drained, the client reads the answer without a reset.
  const photo = multipart(
    { _csrf: csrf, ...FIELDS },
    { name: 'photo.png', bytes: Buffer.concat([png(), randomBytes(6 * 1024 * 1024)]) },
  );
  const large = await rawRequest(head(photo.boundary, photo.body.length + photo.end.length), [photo.body, photo.end], {
    finish: 'hold',
  });
  assert.equal(large.status, 413, large.text.slice(0, 200));

  const small = multipart({ _csrf: csrf, ...FIELDS }, { name: 'photo.png', bytes: randomBytes(1024 * 1024) });
  for (let i = 0; i < 3; i++) {
    const aborted = await rawRequest(
      head(small.boundary, small.body.length + small.end.length),
      [small.body.subarray(0, 200_000)],
      { finish: 'abort' },
    );
    assert.ok(aborted.ms < 5_000);
  }
  await stillServes();
  const settled = await fdsSettle(baseline);
  t.diagnostic(`descriptors: baseline ${baseline}, after ${settled}`);
  assert.ok(settled <= baseline, `open descriptors back to ${baseline}, got ${settled}`);
  assert.equal(contactCount(), before, 'nothing stored');
});

test('a burst of oversized and pixel-bomb uploads leaves resident memory bounded', { timeout: 60_000 }, async (t) => {
  const client = await new ApiClient(server.url).visit();
  const oversized = Buffer.concat([png(), Buffer.alloc(MAX_IMAGE_BYTES + 1 - png().length, 7)]);
  const bomb = Buffer.from(png(1, 1));
  bomb.writeUInt32BE(20_000, 16);
  bomb.writeUInt32BE(20_000, 20);
  const send = (bytes: Buffer) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(FIELDS)) form.set(name, value);
    form.set('img', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
    return client.postForm('/api/ContactUs', form);
  };
  const burst = async () => {
    for (let wave = 0; wave < 4; wave++) {
      const answers = await Promise.all([send(oversized), send(oversized), send(oversized), send(bomb), send(bomb)]);
      for (const answer of answers)
        assert.ok(answer.status === 413 || answer.status === 400, `status ${answer.status}`);
    }
  };
  await burst(); // warm-up: the allocator settles on its working set
  const first = residentBytes(server.pid);
  await burst();
  await burst();
  const last = residentBytes(server.pid);
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  t.diagnostic(`resident memory after the first burst ${mb(first)} MB, after two more ${mb(last)} MB`);
  // 40 more refused uploads of 5 MB each may not pile up: generous slack for GC timing.
  assert.ok(last - first < 100 * 1024 * 1024, `grew ${mb(last - first)} MB`);
  assert.ok(last < 600 * 1024 * 1024, `resident ${mb(last)} MB`);
});
