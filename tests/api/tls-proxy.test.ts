// The site behind Caddy with deploy/Caddyfile, as in production: TLS from Caddy's internal CA on
// loopback ports, pages, the API, a CSRF form post and a contact upload over HTTPS, HSTS sent
// once, Secure cookies, HTTP redirected to HTTPS, redirects kept on https, and the visitor's
// address taken from Caddy's X-Forwarded-For only because TRUST_PROXY is on.
//
// Caddy comes from Debian's package (installed when missing and running as root); without it
// the tests are skipped with the reason, except with CI=true, where they fail.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CSRF_COOKIE, CSRF_HEADER, MAX_IMAGE_BYTES } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ensureDebianPackage } from '../helpers/apt.ts';
import { png } from '../helpers/images.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const CADDYFILE = new URL('../../deploy/Caddyfile', import.meta.url);
const HSTS = 'max-age=31536000; includeSubDomains';
/** The test's visitor connects from this loopback address; Caddy reaches the site from 127.0.0.1. */
const VISITOR_ADDRESS = '127.0.0.2';
const FORGED_ADDRESS = '203.0.113.9';

const caddyInstalled = ensureDebianPackage('/usr/bin/caddy', 'caddy');
let skip: string | false = false;
if (!caddyInstalled.ok) {
  if (process.env.CI === 'true') throw new Error(`Caddy is required with CI=true: ${caddyInstalled.why}`);
  skip = `Caddy is not available here (${caddyInstalled.why})`;
  console.log(`# TLS proxy tests skipped: ${skip}`);
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  raw: string[];
  text: string;
  body: any;
};

/** One request from the visitor's address, HTTPS trusting Caddy's root only (or plain HTTP). */
function send(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    ca?: Buffer;
    localAddress?: string;
  } = {},
): Promise<Answer> {
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        // Caddy listens on 127.0.0.1 only; the name is sent for SNI, the Host header and the
        // certificate check.
        host: '127.0.0.1',
        port: target.port,
        path: target.pathname + target.search,
        method: init.method ?? 'GET',
        headers: { host: target.host, ...init.headers },
        servername: target.hostname,
        ca: init.ca,
        localAddress: init.localAddress ?? VISITOR_ADDRESS,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const body = res.headers['content-type']?.includes('json') ? JSON.parse(text) : text;
          resolve({ status: res.statusCode!, headers: res.headers, raw: res.rawHeaders, text, body });
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A server that refuses a large body may answer and close before the body is all sent:
      // the write fails, but the answer may still be on its way. Give it a moment.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') setTimeout(() => reject(error), 500);
      else reject(error);
    });
    req.end(init.body);
  });
}

/** Every value of a header as sent, duplicates kept apart. */
function headerValues(answer: Answer, name: string) {
  const values: string[] = [];
  for (let index = 0; index < answer.raw.length; index += 2) {
    if (answer.raw[index]!.toLowerCase() === name) values.push(answer.raw[index + 1]!);
  }
  return values;
}

describe('the site behind Caddy (deploy/Caddyfile)', { skip }, () => {
  let site: TestServer;
  let caddy: ChildProcess | undefined;
  let caddyDir: string;
  let caddyOutput = '';
  let ca: Buffer;
  let base: string;
  let httpBase: string;
  const logLines: string[] = [];

  /** A browser-like visitor over HTTPS: a cookie jar, and the CSRF cookie echoed on posts. */
  function visitor() {
    const cookies = new Map<string, string>();
    const setCookies: string[] = [];
    async function go(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string) {
      const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const sent: Record<string, string> = { ...headers };
      if (cookie) sent.cookie = cookie;
      if (method !== 'GET' && cookies.has(CSRF_COOKIE)) sent[CSRF_HEADER] = cookies.get(CSRF_COOKIE)!;
      const answer = await send(base + path, { method, ca, body, headers: sent });
      for (const line of (answer.headers['set-cookie'] as string[] | undefined) ?? []) {
        setCookies.push(line);
        const [pair] = line.split(';');
        const index = pair!.indexOf('=');
        cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
      }
      return answer;
    }
    return { cookies, setCookies, go };
  }

  /** The address the site logged for the request whose URL carries this probe. */
  async function loggedAddress(probe: string) {
    for (let tries = 0; tries < 50; tries++) {
      for (const line of logLines) {
        const entry = JSON.parse(line);
        if (entry.msg === 'incoming request' && entry.req?.url?.includes(probe))
          return entry.req.remoteAddress as string;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no log line for ${probe}`);
  }

  before(async () => {
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    base = `https://localhost:${httpsPort}`;
    httpBase = `http://localhost:${httpPort}`;
    // With the beacon listener (decision 058): Caddy sends POST /api/events to its port.
    site = await startServer({ TRUST_PROXY: 'true', SITE_URL: base, ANALYTICS_PORT: '0' }, { pages: true, logLines });

    // The deploy file as shipped, with this test's global options added to its global block:
    // loopback ports, no admin endpoint, certificates from Caddy's own CA (never installed
    // into the system's trust store).
    caddyDir = await mkdtemp(join(tmpdir(), 'haulora-caddy-'));
    const shipped = await readFile(CADDYFILE, 'utf8');
    assert.equal(shipped.match(/^\{$/gm)?.length, 1, 'deploy/Caddyfile has one global options block');
    const testOptions = [
      'admin off',
      'local_certs',
      'skip_install_trust',
      'default_bind 127.0.0.1',
      `http_port ${httpPort}`,
    ];
    const config = join(caddyDir, 'Caddyfile');
    await writeFile(config, shipped.replace(/^\{$/m, `{\n${testOptions.map((line) => `\t${line}`).join('\n')}`));

    caddy = spawn('/usr/bin/caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH,
        HOME: caddyDir,
        XDG_DATA_HOME: join(caddyDir, 'data'),
        XDG_CONFIG_HOME: join(caddyDir, 'config'),
        // With its port, so Caddy's HTTP redirect names it too (production: the bare name, port 443).
        SITE_DOMAIN: `localhost:${httpsPort}`,
        HAULORA_UPSTREAM: site.url.replace('http://', ''),
        HAULORA_ANALYTICS_UPSTREAM: `127.0.0.1:${site.app.beaconListener!.address.port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout!.on('data', (chunk) => (caddyOutput += chunk));
    caddy.stderr!.on('data', (chunk) => (caddyOutput += chunk));

    // Caddy makes its CA and the site's certificate at start: wait for an answer over HTTPS.
    const root = join(caddyDir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (caddy.exitCode !== null) throw new Error(`caddy exited (${caddy.exitCode}):\n${caddyOutput}`);
      try {
        ca = await readFile(root);
        if ((await send(`${base}/healthz`, { ca })).status === 200) break;
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error(`caddy did not answer over HTTPS: ${(error as Error).message}\n${caddyOutput}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  after(async () => {
    if (caddy && caddy.exitCode === null) {
      caddy.kill('SIGTERM');
      await once(caddy, 'exit');
    }
    await site?.close();
    if (caddyDir) await rm(caddyDir, { recursive: true, force: true });
  });

  test("the certificate is checked: without Caddy's root the connection is refused", async () => {
    await assert.rejects(send(`${base}/healthz`), /self[- ]signed|unable to (get|verify)|certificate/i);
  });

  test('pages over HTTPS, with HSTS sent once', async () => {
    const answer = await visitor().go('GET', '/home');
    assert.equal(answer.status, 200);
    assert.match(answer.text, /<html/);
    assert.deepEqual(headerValues(answer, 'strict-transport-security'), [HSTS]);
    assert.ok(answer.headers['content-security-policy'], "the site's own headers pass through");
  });

  test('the API over HTTPS sets the CSRF cookie Secure, and a form post with it is accepted', async () => {
    const browser = visitor();
    const faqs = await browser.go('GET', '/api/Faqs/GetAllFromFaqs');
    assert.equal(faqs.status, 200);
    assert.ok(Array.isArray(faqs.body));
    assert.deepEqual(headerValues(faqs, 'strict-transport-security'), [HSTS]);
    const csrfCookie = browser.setCookies.find((line) => line.startsWith(`${CSRF_COOKIE}=`));
    assert.ok(csrfCookie, 'XSRF-TOKEN is set');
    assert.match(csrfCookie, /;\s*Secure/i);

    const feedback = await browser.go(
      'POST',
      '/api/Feedback/AddFeedback',
      { 'content-type': 'application/json' },
      JSON.stringify({ feedback: 'Works over TLS' }),
    );
    assert.equal(feedback.status, 200, feedback.text);
    assert.equal(feedback.body[0], 'SUCCESS');
    assert.equal(site.count('feedback'), 1);
  });

  test('a contact message with an image over HTTPS; a body over 5 MB reaches the site, which refuses it; over 6 MiB Caddy refuses it', async () => {
    const browser = visitor();
    await browser.go('GET', '/api/Faqs/GetAllFromFaqs');
    async function upload(image: Buffer) {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        name: 'Sam Lee',
        email: 'sam@coastfreight.com.au',
        subject: 'Photos',
        inq_type: '1',
        message: 'Sent through the proxy.',
      })) {
        form.set(name, value);
      }
      form.set('img', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'screenshot.png');
      const encoded = new Response(form);
      const body = Buffer.from(await encoded.arrayBuffer());
      return browser.go('POST', '/api/ContactUs', { 'content-type': encoded.headers.get('content-type')! }, body);
    }
    const accepted = await upload(png());
    assert.equal(accepted.status, 200, accepted.text);
    assert.deepEqual(accepted.body, ['SUCCESS', MESSAGES.contactThanks]);
    assert.equal(site.count('contact_messages'), 1);

    // Caddy's body limit is above the site's: the visitor reads the site's own message.
    const tooLarge = await upload(Buffer.concat([png(), Buffer.alloc(MAX_IMAGE_BYTES)]));
    assert.equal(tooLarge.status, 413);
    assert.equal(tooLarge.body[1], MESSAGES.imageTooLarge);

    // Over Caddy's own limit Caddy answers itself (Debian's Caddy 2.6 with a 502, later ones
    // 413), with HSTS from the Caddyfile's handle_errors.
    // Under load Caddy may cut the connection before the answer is read: a refusal too.
    const overProxyLimit = await upload(Buffer.concat([png(), Buffer.alloc(7 * 1024 * 1024)])).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
        return undefined;
      },
    );
    if (overProxyLimit) {
      assert.ok([413, 502].includes(overProxyLimit.status), `status ${overProxyLimit.status}`);
      assert.equal(overProxyLimit.headers.server, 'Caddy');
      assert.deepEqual(headerValues(overProxyLimit, 'strict-transport-security'), [HSTS]);
    }
    assert.equal(site.count('contact_messages'), 1);
  });

  test("the beacon reaches the site's beacon listener through Caddy, with HSTS once", async () => {
    const answer = await visitor().go(
      'POST',
      '/api/events',
      { 'content-type': 'text/plain', origin: base, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' },
      JSON.stringify({ type: 'pageview', path: '/fleet' }),
    );
    assert.equal(answer.status, 202, answer.text);
    assert.deepEqual(headerValues(answer, 'strict-transport-security'), [HSTS]);
    await site.app.beaconListener!.report();
    assert.equal(site.app.beaconListener!.counts.accepted, 1, 'taken by the listener, not the app');
    assert.equal(site.app.analytics.ingest.counts.accepted, 0);
  });

  test('plain HTTP is redirected to HTTPS', async () => {
    const answer = await send(`${httpBase}/home?x=1`);
    assert.ok([301, 308].includes(answer.status), `status ${answer.status}`);
    assert.equal(answer.headers.location, `${base}/home?x=1`);
  });

  test("the site's own redirects stay on https", async () => {
    const answer = await visitor().go('GET', '/offers');
    assert.equal(answer.status, 301);
    const location = new URL(answer.headers.location as string, base);
    assert.equal(location.href, `${base}/offer`);
  });

  test("the site sees the visitor's address from Caddy's X-Forwarded-For; a forged one is dropped by Caddy", async () => {
    const plain = randomUUID();
    assert.equal((await visitor().go('GET', `/api/Faqs/GetAllFromFaqs?probe=${plain}`)).status, 200);
    // The visitor connects to Caddy from 127.0.0.2; Caddy connects to the site from 127.0.0.1.
    assert.equal(await loggedAddress(plain), VISITOR_ADDRESS);

    const forged = randomUUID();
    await visitor().go('GET', `/api/Faqs/GetAllFromFaqs?probe=${forged}`, { 'x-forwarded-for': FORGED_ADDRESS });
    assert.equal(await loggedAddress(forged), VISITOR_ADDRESS);
  });

  test('reached directly, the site trusts X-Forwarded-For only with TRUST_PROXY on (so it listens on loopback only)', async () => {
    // With TRUST_PROXY on, whoever reaches the site directly can name any address: the reason
    // it must be reachable through Caddy alone.
    const trusting = randomUUID();
    await send(`${site.url}/api/Faqs/GetAllFromFaqs?probe=${trusting}`, {
      headers: { 'x-forwarded-for': FORGED_ADDRESS },
      localAddress: '127.0.0.1',
    });
    assert.equal(await loggedAddress(trusting), FORGED_ADDRESS);

    const ownLines: string[] = [];
    const direct = await startServer({}, { logLines: ownLines });
    try {
      const probe = randomUUID();
      const answer = await send(`${direct.url}/api/Faqs/GetAllFromFaqs?probe=${probe}`, {
        headers: { 'x-forwarded-for': FORGED_ADDRESS },
        localAddress: VISITOR_ADDRESS,
      });
      assert.equal(answer.status, 200);
      const entry = ownLines
        .map((line) => JSON.parse(line))
        .find((line) => line.msg === 'incoming request' && line.req?.url?.includes(probe));
      assert.equal(entry?.req.remoteAddress, VISITOR_ADDRESS);
    } finally {
      await direct.close();
    }
  });
});
