// Draws the product screens (app/screens/) from the sample business in content/screens.yaml, in
// the site's light and dark colours (read from app/styles/tokens.css), whole and as their phone
// detail, into <BUILD_DIR>/client/assets/screens/<hash>/ (the hash covers every file, so a changed
// screen is a new address and the folder is immutable like the rest of /assets/), and the folder
// and each screen's sizes (and its markup for a page that draws it inline) to
// <BUILD_DIR>/screens.json, which the server reads at start
// (server/build-data.ts). Pages show the files as images: the screens cost no JavaScript
// (decision 034).
//
// Run by `npm run build` after `react-router build`.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { SCREENS_MANIFEST, type ScreenManifest } from '../app/lib/screens-manifest.ts';
import { readPalettes } from '../app/screens/palette.ts';
import { renderScreens } from '../app/screens/render.ts';
import { schema } from '../content/screens.schema.ts';
import { buildDir, clientBuildDir, projectRoot } from '../server/paths.ts';

const source = join(projectRoot, 'content/screens.yaml');
const parsed = schema.safeParse(parse(await readFile(source, 'utf8')));
if (!parsed.success) {
  const issue = parsed.error.issues[0]!;
  throw new Error(`content/screens.yaml: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

const { files, sizes, inline } = renderScreens(parsed.data, readPalettes(join(projectRoot, 'app/styles/tokens.css')));
const hash = createHash('sha256');
for (const file of files) hash.update(file.name).update(file.svg);
const folder = hash.digest('hex').slice(0, 12);
const screensDir = join(clientBuildDir, 'assets', 'screens');
await rm(screensDir, { recursive: true, force: true });
await mkdir(join(screensDir, folder), { recursive: true });
await Promise.all(files.map((file) => writeFile(join(screensDir, folder, file.name), `${file.svg}\n`)));
const manifest: ScreenManifest = { base: `/assets/screens/${folder}/`, sizes, inline };
await writeFile(join(buildDir, SCREENS_MANIFEST), `${JSON.stringify(manifest)}\n`);
const bytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.svg), 0);
console.log(`screens: ${files.length} files (${Math.round(bytes / 1024)} KB) into ${join(screensDir, folder)}`);
