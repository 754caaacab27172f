// bench:events' beacon generator, in a process of its own: the pages' answer times are then taken
// by a client whose event loop the flood does not hold up, and --nice-generator lowers the flood
// alone (a stand-in for beacons arriving from other machines). Options come as JSON in argv[2]
// (autocannon's names: url, connections, duration, requests, overallRate); the result and the CPU
// this process used go to stdout as JSON, in autocannon's shape.
//
// Not autocannon: at 5,000 beacons a second it took 82-152 µs of CPU per request on the cores the
// server shares, half a core measuring the client rather than the server. Each request here
// is a buffer written once per answer on a keep-alive socket (the listener answers 202 with no
// body), a few µs of CPU each, as load generators built for this (wrk) do.
import { connect, type Socket } from 'node:net';

type Request = { method: string; path: string; headers: Record<string, string>; body: string };
type Options = { url: string; connections: number; duration: number; requests: Request[]; overallRate?: number };

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const target = new URL(options.url);
const wire = options.requests.map(({ method, path, headers, body }) => {
  const lines = Object.entries({ ...headers, host: target.host, 'content-length': String(Buffer.byteLength(body)) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return Buffer.from(`${method} ${path} HTTP/1.1\r\n${lines}\r\n${body}`);
});

const latencies: number[] = [];
let sent = 0;
let answered = 0;
let non2xx = 0;
let errors = 0;
let running = true;

/** One keep-alive connection with at most one request in flight, as a browser's beacon is. */
class Connection {
  private socket!: Socket;
  private pending = '';
  private sentAt = 0;
  busy = false;

  constructor() {
    this.open();
  }

  private open() {
    this.pending = '';
    this.busy = false;
    this.socket = connect(Number(target.port), target.hostname);
    this.socket.setNoDelay(true);
    this.socket.setEncoding('latin1');
    this.socket.on('data', (chunk: string) => this.read(chunk));
    this.socket.on('error', () => {});
    this.socket.on('close', () => {
      if (this.busy) errors++;
      if (running) setTimeout(() => this.open(), 10);
    });
    // Closed-loop (no rate): the next request as soon as the connection is up.
    this.socket.on('connect', () => {
      if (options.overallRate === undefined) this.send();
    });
  }

  send() {
    this.busy = true;
    this.sentAt = performance.now();
    this.socket.write(wire[sent++ % wire.length]!);
  }

  /** Reads whole answers (status line, headers, a body of content-length bytes) off the socket. */
  private read(chunk: string) {
    this.pending += chunk;
    for (;;) {
      const headEnd = this.pending.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = this.pending.slice(0, headEnd);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (this.pending.length < headEnd + 4 + length) return;
      this.pending = this.pending.slice(headEnd + 4 + length);
      const status = Number(head.slice(9, 12));
      if (status < 200 || status > 299) non2xx++;
      answered++;
      latencies.push(performance.now() - this.sentAt);
      this.busy = false;
      if (running && options.overallRate === undefined) this.send();
    }
  }

  close() {
    this.socket.destroy();
  }
}

const connections = Array.from({ length: options.connections }, () => new Connection());
const before = process.cpuUsage();
const started = performance.now();

// Paced: every 2 ms, as many requests as the rate allows since the start go out on free
// connections; a shortfall (every connection waiting on an answer) carries over for 100 ms at most.
const pacer =
  options.overallRate === undefined
    ? null
    : setInterval(() => {
        const due = Math.floor(((performance.now() - started) / 1000) * options.overallRate!);
        let credit = Math.min(due - sent, options.overallRate! / 10);
        if (credit < due - sent) sent = due - credit;
        for (const connection of connections) {
          if (credit < 1) break;
          if (connection.busy) continue;
          connection.send();
          credit--;
        }
      }, 2);

await new Promise((resolve) => setTimeout(resolve, options.duration * 1000));
running = false;
if (pacer) clearInterval(pacer);
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(before);
for (const connection of connections) connection.close();

latencies.sort((a, b) => a - b);
const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;
const result = {
  requests: { average: answered / seconds, total: answered },
  latency: {
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    average: latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(1, latencies.length),
  },
  non2xx,
  errors,
};
process.stdout.write(JSON.stringify({ result, cpuMs: (used.user + used.system) / 1000 }));
