// `npm start`: build the production site when the build is missing or older than its sources,
// then start the server (which migrates and seeds the database and prints its URL). In
// production (NODE_ENV=production) it never builds by itself: a deploy builds once, on purpose,
// and a missing or stale build stops the start with what to run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot, serverBuildFile } from '../server/paths.ts';

const SOURCES = ['app', 'common', 'content', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

function buildIsStale(): boolean {
  if (!existsSync(serverBuildFile)) return true;
  const built = statSync(serverBuildFile).mtimeMs;
  return SOURCES.map((source) => join(projectRoot, source)).some(
    (path) => existsSync(path) && newestChange(path) > built,
  );
}

if (buildIsStale()) {
  if (process.env.NODE_ENV === 'production') {
    console.error(
      existsSync(serverBuildFile)
        ? 'The production build is older than the sources. Run `npm run build`, then `npm start` again.'
        : 'There is no production build. Run `npm run build`, then `npm start` again.',
    );
    process.exit(1);
  }
  console.log('The production build is missing or older than the sources: building it once (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../server/server.ts');
