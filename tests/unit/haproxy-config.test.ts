// deploy/haproxy.cfg as the cluster test and bench:cluster run it (scripts/lib/haproxy.ts): the
// beacon goes to each instance's beacon listener (decision 058), whose check asks the instance's
// own readiness; every other request to the instances; and HAProxy itself accepts the result.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { HAPROXY_BIN, HAPROXY_CONFIG, haproxyConfig } from '../../scripts/lib/haproxy.ts';
import { ensureDebianPackage } from '../helpers/apt.ts';

const servers = [
  { name: 'web1', port: 4001, beaconPort: 4101 },
  { name: 'web2', port: 4002 },
];
const config = haproxyConfig(readFileSync(HAPROXY_CONFIG, 'utf8'), { frontend: 4000, stats: 4400 }, servers);
const section = (name: string) => config.split(/\n(?=\S)/).find((part) => part.startsWith(name)) ?? '';

test('POST /api/events goes to the listeners, checked on their instance; the rest to the instances', () => {
  assert.match(section('frontend haulora'), /use_backend haulora_beacons if is_post is_beacon/);
  assert.match(section('frontend haulora'), /acl is_post method POST\n\s+acl is_beacon path \/api\/events/);
  assert.match(section('frontend haulora'), /default_backend haulora_instances/);
  const beacons = section('backend haulora_beacons');
  assert.match(beacons, /server web1 127\.0\.0\.1:4101 port 4001/);
  assert.match(beacons, /server web2 127\.0\.0\.1:4002 port 4002/, 'an instance without a listener: its own port');
  assert.match(beacons, /option httpchk GET \/readyz/);
  const instances = section('backend haulora_instances');
  assert.match(instances, /server web1 127\.0\.0\.1:4001\n/);
  assert.equal((config.match(/^\s+server /gm) ?? []).length, 4, "the shipped file's server lines are all replaced");
});

const installed = ensureDebianPackage(HAPROXY_BIN, 'haproxy');
test('HAProxy accepts it', { skip: installed.ok ? false : installed.why }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'haulora-haproxy-check-'));
  try {
    writeFileSync(join(dir, 'haproxy.cfg'), config);
    const check = spawnSync(HAPROXY_BIN, ['-c', '-f', join(dir, 'haproxy.cfg')], { encoding: 'utf8' });
    assert.equal(check.status, 0, check.stdout + check.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
