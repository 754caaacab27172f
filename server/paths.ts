// Where the project's files are, independent of the working directory.
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../', import.meta.url));
export const buildDir = fileURLToPath(new URL('../build/', import.meta.url));
export const clientBuildDir = fileURLToPath(new URL('../build/client/', import.meta.url));
export const serverBuildFile = fileURLToPath(new URL('../build/server/index.js', import.meta.url));
