// Where the project's files are, independent of the working directory. BUILD_DIR (default
// build/) lets several builds coexist, e.g. parallel work on one machine; react-router.config.ts
// reads the same variable.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../', import.meta.url));
export const buildDir = resolve(projectRoot, process.env.BUILD_DIR ?? 'build');
export const clientBuildDir = resolve(buildDir, 'client');
export const serverBuildFile = resolve(buildDir, 'server/index.js');
