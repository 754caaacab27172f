// Runs HAProxy from deploy/haproxy.cfg in front of local instances, for the cluster test and
// `npm run bench:cluster`. The example file stays the one source of truth: every directive is
// kept, and only what is tied to a machine changes (see the file's header): `bind` lines get
// loopback ports, the `server` lines become ours (in each backend), machine-wide lines are dropped.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withTimeout } from './server-process.ts';

export const HAPROXY_BIN = '/usr/sbin/haproxy';
export const HAPROXY_CONFIG = fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url));

/** Global directives that point at this machine's syslog, users, folders and sockets. */
const MACHINE_WIDE = /^\s*(log\s+\/|chroot|user|group|daemon|stats\s+socket|pidfile)\b/;

export type HaproxyPorts = { frontend: number; stats: number };

/**
 * deploy/haproxy.cfg for this run: the public frontend on `ports.frontend`, the stats frontend
 * on `ports.stats`, one `server` line per address, all on 127.0.0.1.
 */
export type HaproxyServer = {
  name: string;
  port: number;
  /** The instance's beacon listener (ANALYTICS_PORT, decision 058); its own port when it has none. */
  beaconPort?: number;
};

export function haproxyConfig(source: string, ports: HaproxyPorts, servers: HaproxyServer[]): string {
  let section = '';
  let serversWritten = false;
  const backendsWritten = new Set<string>();
  const out: string[] = [];
  for (const line of source.split('\n')) {
    const header = /^(\w+)\s*(\S*)/.exec(line);
    if (header) section = `${header[1]} ${header[2]}`.trim();
    if (MACHINE_WIDE.test(line) && section === 'global') continue;
    if (/^\s*bind\s/.test(line)) {
      const port = section === 'frontend stats' ? ports.stats : ports.frontend;
      out.push(line.replace(/bind\s+\S+/, `bind 127.0.0.1:${port}`));
      continue;
    }
    if (/^\s*server\s/.test(line)) {
      const indent = /^\s*/.exec(line)![0];
      // The beacons' backend reaches each listener and checks the readiness of its instance.
      const serverLine =
        section === 'backend haulora_beacons'
          ? (server: HaproxyServer) =>
              `${indent}server ${server.name} 127.0.0.1:${server.beaconPort ?? server.port} port ${server.port}`
          : (server: HaproxyServer) => `${indent}server ${server.name} 127.0.0.1:${server.port}`;
      if (!backendsWritten.has(section)) out.push(...servers.map(serverLine));
      backendsWritten.add(section);
      serversWritten = true;
      continue;
    }
    out.push(line);
  }
  if (!serversWritten) throw new Error(`${HAPROXY_CONFIG} has no server lines to replace`);
  return out.join('\n');
}

export type Haproxy = {
  url: string;
  statsUrl: string;
  output: () => string;
  /** Stops HAProxy (SIGTERM, then SIGKILL) and removes its folder. */
  stop: () => Promise<void>;
};

/** Starts HAProxy in the foreground (-db) with the example config rewritten for this run. */
export async function startHaproxy(ports: HaproxyPorts, servers: HaproxyServer[]): Promise<Haproxy> {
  const dir = mkdtempSync(join(tmpdir(), 'haulora-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(readFileSync(HAPROXY_CONFIG, 'utf8'), ports, servers));
  const child: ChildProcess = spawn(HAPROXY_BIN, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${ports.frontend}`;
  const statsUrl = `http://127.0.0.1:${ports.stats}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await withTimeout(exited, 5_000, 'haproxy exit').catch(() => child.kill('SIGKILL'));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // Up when its own monitor URI answers.
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`haproxy exited at start:\n${output}`);
    }
    const up = await fetch(`${statsUrl}/haproxy-health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`haproxy did not start within 10 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, statsUrl, output: () => output, stop };
}

/** Waits until HAProxy's stats say every listed server of the backend is UP. */
export async function waitForServersUp(haproxy: Haproxy, names: string[], timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = await serverStates(haproxy).catch(() => new Map<string, string>());
    if (names.every((name) => states.get(name) === 'UP')) return;
    if (Date.now() > deadline) throw new Error(`servers not UP within ${timeoutMs} ms: ${JSON.stringify([...states])}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Each server's status in the backend (UP, DOWN, UP 1/2 …) from the stats page's CSV. */
export async function serverStates(haproxy: Haproxy): Promise<Map<string, string>> {
  const csv = await (await fetch(`${haproxy.statsUrl}/stats;csv`)).text();
  const [head, ...rows] = csv.replace(/^# /, '').trim().split('\n');
  const columns = head!.split(',');
  const [pxname, svname, status] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name));
  const states = new Map<string, string>();
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[pxname!] === 'haulora_instances' && !['FRONTEND', 'BACKEND'].includes(cells[svname!]!))
      states.set(cells[svname!]!, cells[status!]!);
  }
  return states;
}
