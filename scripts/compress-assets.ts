// Writes brotli and gzip copies of the client build's text assets next to them, so the server
// sends them precompressed (server/plugins/static-assets.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { clientBuildDir } from '../server/paths.ts';

const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|xml|map)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const file of files(clientBuildDir)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const bytes = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count += 1;
}
console.log(`compressed ${count} assets (brotli and gzip)`);
