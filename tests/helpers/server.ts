// Starts the real app (buildApp, the production factory) on 127.0.0.1 with a fresh database
// file in a temporary folder, and gives tests an HTTP client that behaves like our browser code.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { ApiClient } from './api-client.ts';

export const TEST_TOKEN_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** Limits high enough that only the tests about limits ever reach them. */
const RELAXED_LIMITS = {
  RATE_LIMIT_PAGES_PER_MINUTE: '100000',
  RATE_LIMIT_FORMS_PER_MINUTE: '100000',
  RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
};

export type TestServer = Awaited<ReturnType<typeof startServer>>;

export async function startServer(
  env: Record<string, string> = {},
  options: { pages?: boolean; logLines?: string[]; analyticsClock?: () => number } = {},
) {
  const dataDir = await mkdtemp(join(tmpdir(), 'haulora-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    TOKEN_SECRET: TEST_TOKEN_SECRET,
    LOG_LEVEL: 'silent',
    ...RELAXED_LIMITS,
    ...env,
  });
  // With logLines, the server logs at info level into that array instead of staying silent.
  const logLines = options.logLines;
  const logger = logLines
    ? { level: 'info', stream: { write: (line: string) => void logLines.push(line) } }
    : undefined;
  const app = await buildApp(config, {
    pages: options.pages ?? false,
    logger,
    ...(options.analyticsClock ? { analyticsClock: options.analyticsClock } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    url,
    config,
    dataDir,
    /** A new visitor: its own cookie jar and CSRF token. */
    client: () => new ApiClient(url),
    /** Counts rows straight from the database file. */
    count: (table: string) =>
      Number((app.database.sqlite!.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n),
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
