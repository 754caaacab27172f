// deploy/haulora.service: `systemd-analyze verify` reports nothing wrong with it, and it keeps the
// settings the deploy notes promise (the project's Node 24, hardening without
// MemoryDenyWriteExecute, a stop timeout above the server's own shutdown deadline).
//
// verify checks that ExecStart's program exists, which it does only on a deployed machine: the
// file is verified as shipped (where that one complaint is the only line allowed) and as a copy
// with /opt/haulora pointing at this checkout (where nothing at all may be reported). It prints
// warnings yet exits 0 for unknown keys and bad values, so the test reads its output, not its
// exit code. Without systemd-analyze the tests are skipped, saying so.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const UNIT = new URL('../../deploy/haulora.service', import.meta.url);
const PROJECT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

const skip = existsSync(SYSTEMD_ANALYZE)
  ? false
  : `${SYSTEMD_ANALYZE} is not installed here (Debian's systemd package)`;
if (skip) console.log(`# systemd unit tests skipped: ${skip}`);

/** What `systemd-analyze verify` prints about the unit file, one string per line. */
function verify(file: string): string[] {
  const result = spawnSync(SYSTEMD_ANALYZE, ['verify', file], { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.trim() !== '');
}

/** The unit's settings, `Key` to its values in order. */
function settings(text: string) {
  const map = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) map.set(match[1]!, [...(map.get(match[1]!) ?? []), match[2]!]);
  }
  return map;
}

describe('deploy/haulora.service', () => {
  let shipped: string;
  let dir: string;
  before(async () => {
    shipped = await readFile(UNIT, 'utf8');
    dir = await mkdtemp(join(tmpdir(), 'haulora-unit-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('systemd-analyze verify: as shipped, only the program missing on this machine', { skip }, () => {
    const lines = verify(fileURLToPath(UNIT));
    const known =
      /^haulora\.service: Command \/opt\/haulora\/node_modules\/node\/bin\/node is not executable: No such file or directory$/;
    assert.deepEqual(
      lines.filter((line) => !known.test(line)),
      [],
    );
  });

  test('systemd-analyze verify: nothing reported with /opt/haulora pointing at this checkout', { skip }, async () => {
    const copy = join(dir, 'haulora.service');
    await writeFile(copy, shipped.replaceAll('/opt/haulora', PROJECT));
    assert.deepEqual(verify(copy), []);
  });

  test('systemd-analyze verify: a mistake in the unit is reported (the check sees warnings)', { skip }, async () => {
    const broken = join(dir, 'broken', 'haulora.service');
    await mkdir(join(dir, 'broken'), { recursive: true });
    await writeFile(
      broken,
      shipped
        .replaceAll('/opt/haulora', PROJECT)
        .replace('ProtectSystem=strict', 'ProtectSystem=sometimes\nRestrictAdressFamilies=AF_INET'),
    );
    const lines = verify(broken);
    assert.ok(
      lines.some((line) => /protect system value/i.test(line)),
      lines.join('\n'),
    );
    assert.ok(
      lines.some((line) => /Unknown key 'RestrictAdressFamilies'/.test(line)),
      lines.join('\n'),
    );
  });

  test("runs the project's Node 24 on server/server.ts as haulora, with the settings from /etc/haulora/env", () => {
    const unit = settings(shipped);
    assert.deepEqual(unit.get('ExecStart'), ['/opt/haulora/node_modules/node/bin/node server/server.ts']);
    assert.deepEqual(unit.get('WorkingDirectory'), ['/opt/haulora']);
    assert.deepEqual(unit.get('User'), ['haulora']);
    assert.deepEqual(unit.get('EnvironmentFile'), ['/etc/haulora/env']);
    assert.deepEqual(unit.get('Restart'), ['on-failure']);
    assert.deepEqual(unit.get('KillSignal'), ['SIGTERM']);
  });

  test('hardened, but without MemoryDenyWriteExecute (V8 compiles code at run time)', () => {
    const unit = settings(shipped);
    const expected: Record<string, string> = {
      NoNewPrivileges: 'yes',
      ProtectSystem: 'strict',
      ReadWritePaths: '/var/lib/haulora',
      ProtectHome: 'yes',
      PrivateTmp: 'yes',
      PrivateDevices: 'yes',
      ProtectKernelTunables: 'yes',
      ProtectKernelModules: 'yes',
      ProtectControlGroups: 'yes',
      RestrictAddressFamilies: 'AF_INET AF_INET6 AF_UNIX',
      LockPersonality: 'yes',
      RestrictRealtime: 'yes',
      SystemCallArchitectures: 'native',
      CapabilityBoundingSet: '',
    };
    for (const [key, value] of Object.entries(expected)) assert.deepEqual(unit.get(key), [value], key);
    assert.equal(unit.has('MemoryDenyWriteExecute'), false);
  });

  test('TimeoutStopSec leaves the server its drain and 10 s more (PostgreSQL default drain 3 s)', () => {
    const [value] = settings(shipped).get('TimeoutStopSec') ?? [];
    const seconds = Number(/^(\d+)s?$/.exec(value ?? '')?.[1]);
    assert.ok(seconds > 3 + 10, `TimeoutStopSec=${value}`);
  });
});
