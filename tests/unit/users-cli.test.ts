// scripts/users.ts run as a child process against a fresh data folder, the password piped on stdin.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../scripts/users.ts', import.meta.url));
const PASSWORD = 'piped-password-123';
let dataDir: string;

type Result = { code: number | null; stdout: string; stderr: string };

function runCli(args: string[], stdin = ''): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        TOKEN_SECRET: 'x'.repeat(40),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'haulora-users-cli-'));
});
after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

test('add, list and disable a staff user', async () => {
  const added = await runCli(['add', 'alice'], `${PASSWORD}\n`);
  assert.equal(added.code, 0, added.stderr);
  assert.equal(added.stdout.trim(), 'Added staff user alice (admin).');
  assert.ok(!added.stdout.includes(PASSWORD) && !added.stderr.includes(PASSWORD));

  const duplicate = await runCli(['add', 'alice'], `${PASSWORD}\n`);
  assert.equal(duplicate.code, 1);
  assert.match(duplicate.stderr, /already exists/);

  const listed = await runCli(['list']);
  assert.equal(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, /alice/);
  assert.match(listed.stdout, /active/);
  assert.ok(!listed.stdout.includes(PASSWORD));
  assert.ok(!listed.stdout.includes('scrypt$'), 'the hash is never printed');

  const disabled = await runCli(['disable', 'alice']);
  assert.equal(disabled.code, 0, disabled.stderr);
  assert.match(disabled.stdout, /Disabled staff user alice/);
  assert.match((await runCli(['list'])).stdout, /alice\s.*disabled/);

  const unknown = await runCli(['disable', 'nobody']);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /no staff user nobody/);
});

test('roles: add --role sales, set-role, list shows each role; a wrong role is a usage error', async () => {
  const added = await runCli(['add', 'sally', '--role', 'sales'], `${PASSWORD}\n`);
  assert.equal(added.code, 0, added.stderr);
  assert.equal(added.stdout.trim(), 'Added staff user sally (sales).');
  assert.match((await runCli(['list'])).stdout, /sally\s+sales\s/);
  const promoted = await runCli(['set-role', 'sally', 'admin']);
  assert.equal(promoted.code, 0, promoted.stderr);
  assert.equal(promoted.stdout.trim(), 'Staff user sally is now admin.');
  assert.match((await runCli(['list'])).stdout, /sally\s+admin\s/);
  const unknown = await runCli(['set-role', 'nobody', 'sales']);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /no staff user nobody/);
  for (const args of [
    ['add', 'x1y', '--role', 'owner'],
    ['add', 'x1y', '--role'],
    ['set-role', 'sally'],
    ['set-role', 'sally', 'root'],
  ]) {
    const result = await runCli(args, `${PASSWORD}\n`);
    assert.equal(result.code, 2, args.join(' '));
    assert.match(result.stderr, /Usage:/);
  }
});

test('a short or missing piped password is refused', async () => {
  const short = await runCli(['add', 'bob'], 'short\n');
  assert.equal(short.code, 1);
  assert.match(short.stderr, /at least 12 characters/);
  const missing = await runCli(['add', 'bob']);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /No password/);
});

test('wrong usage exits with 2 and prints the usage', async () => {
  const cases = [[], ['frobnicate'], ['add'], ['add', 'alice', PASSWORD], ['list', 'extra']];
  const results = await Promise.all(cases.map((args) => runCli(args)));
  for (const [index, result] of results.entries()) {
    const args = cases[index] ?? [];
    assert.equal(result.code, 2, `args: ${args.join(' ')}`);
    assert.match(result.stderr, /Usage:/);
    assert.equal(result.stdout, '');
  }
});
