// Liveness and readiness: what a load balancer asks every second. Not rate limited, not cached,
// not logged per call; readiness turns 503 when the instance drains; bad requests get a 4xx.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startServer } from '../helpers/server.ts';

test('healthz and readyz answer JSON, uncached, unlimited and unlogged; readiness drains', async () => {
  const logLines: string[] = [];
  const server = await startServer({ RATE_LIMIT_PAGES_PER_MINUTE: '3' }, { logLines });
  try {
    const client = server.client();
    for (let n = 0; n < 10; n++) {
      const live = await client.get('/healthz');
      assert.equal(live.status, 200);
      assert.deepEqual(live.body, { status: 'ok' });
      const ready = await client.get('/readyz');
      assert.equal(ready.status, 200);
      assert.deepEqual(ready.body, {
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', integrity: 'ok', writable: 'ok', accepting: 'ok' },
      });
      assert.equal(ready.headers.get('cache-control'), 'no-store');
    }
    const infoLines = logLines
      .map((line) => JSON.parse(line))
      .filter((entry) => /\/(healthz|readyz)/.test(entry.req?.url ?? '') && entry.level <= 30);
    assert.deepEqual(infoLines, [], 'no info line per health check');

    // Wrong methods, garbage and huge headers: a 4xx, never a 5xx.
    const clientError = (status: number) => status >= 400 && status < 500;
    assert.ok(
      clientError(
        (await client.request('POST', '/readyz', { headers: { 'content-type': 'application/json' }, body: '{}' }))
          .status,
      ),
    );
    assert.ok(clientError((await client.request('DELETE', '/healthz')).status));
    assert.equal((await client.get('/readyz/../../etc/passwd')).status, 404);
    assert.equal((await client.get('/readyz?check=%ZZ')).status, 200);
    const huge = await fetch(`${server.url}/readyz`, { headers: { 'x-filler': 'a'.repeat(20_000) } }).catch(() => null);
    assert.ok(huge === null || (huge.status >= 400 && huge.status < 500), `huge headers: ${huge?.status}`);

    server.app.startDraining();
    const draining = await client.get('/readyz');
    assert.equal(draining.status, 503);
    assert.deepEqual(draining.body, {
      status: 'unavailable',
      checks: { database: 'ok', migrations: 'ok', integrity: 'ok', writable: 'ok', accepting: 'failing' },
    });
    assert.equal((await client.get('/healthz')).status, 200, 'still alive while draining');
    assert.equal((await client.get('/api/Faqs/GetAllFromFaqs')).status, 200, 'and still serving');
  } finally {
    await server.close();
  }
});

test('npm start in production never builds by itself: a missing build stops it with what to run', () => {
  const empty = mkdtempSync(join(tmpdir(), 'haulora-no-build-'));
  try {
    const result = spawnSync(process.execPath, [fileURLToPath(new URL('../../scripts/start.ts', import.meta.url))], {
      env: {
        ...process.env,
        NODE_TEST_CONTEXT: '',
        NODE_ENV: 'production',
        BUILD_DIR: empty,
        TOKEN_SECRET: 'x'.repeat(40),
        DATA_DIR: empty,
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(result.status, 1);
    assert.equal(result.stderr.trim(), 'There is no production build. Run `npm run build`, then `npm start` again.');
    assert.equal(result.stdout, '');
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});
