// The durability proof: every submission the server acknowledged with ['SUCCESS', ...] is in the
// database after the process is killed with SIGKILL 25 times at random moments under write load
// (all four kinds, eight in flight) and started again on the same folder; `PRAGMA
// integrity_check` is ok after the last restart and after a final clean shutdown. The loop
// itself is scripts/lib/crash-loop.ts, which `npm run bench:reliability` runs with 100 kills.
//
// The child serves the API alone (server.ts --api-only): every write goes through it, and it
// restarts twice as fast as the whole site, which keeps 25 restarts near a minute on 2 cores
// (the time limit allows for a machine busy with other work: the proof is what was kept).
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCrashLoop } from '../../scripts/lib/crash-loop.ts';

const KILLS = 25;

test(`every acknowledged submission survives ${KILLS} SIGKILLs at random moments`, { timeout: 300_000 }, async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'haulora-crash-'));
  try {
    const result = await runCrashLoop({ kills: KILLS, dataDir, minRunMs: 50, maxRunMs: 700 });
    t.diagnostic(
      `${result.kills} kills in ${result.durationMs} ms: acknowledged ${result.acknowledged}, found ${result.found}, ` +
        `missing ${result.missing}, cut off in flight ${result.lostInFlight}, integrity ${result.integrity}; ` +
        Object.entries(result.perKind)
          .map(([kind, k]) => `${kind} ${k.found}/${k.acknowledged}`)
          .join(', '),
    );
    assert.equal(result.integrity, 'ok', 'integrity_check after the last restart');
    assert.deepEqual(result.missingSample, [], `${result.missing} acknowledged submissions missing`);
    assert.equal(result.afterCleanShutdown.exit, 0, 'the clean shutdown exits 0');
    assert.equal(result.afterCleanShutdown.integrity, 'ok');
    assert.equal(result.afterCleanShutdown.missing, 0);
    for (const [kind, figures] of Object.entries(result.perKind))
      assert.ok(figures.acknowledged > 0, `some ${kind} acknowledged`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
