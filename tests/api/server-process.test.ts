// The process shell: a bad setting stops the server with one line naming it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

test('a bad PORT stops the server with a one-line message naming PORT', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'haulora-process-'));
  try {
    const result = spawnSync(process.execPath, ['server/server.ts'], {
      env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 15_000,
    });
    assert.equal(result.status, 1);
    assert.match(result.stderr.trim(), /^Configuration error: PORT: [^\n]+$/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
