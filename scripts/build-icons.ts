// Draws the site's PNG icons from its favicon (public/favicon.svg) after the React build: the
// touch icon iOS puts on a home screen (180 px), the web app manifest's icons (192 and 512 px,
// the 512 one also the organisation's logo in the JSON-LD). Written to the client build's root,
// where the root layout and app/routes/manifest.ts name them.
//
// Run by `npm run build` after `react-router build`.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { SITE_ICONS } from '../app/lib/site-icons.ts';
import { clientBuildDir, projectRoot } from '../server/paths.ts';

const favicon = join(projectRoot, 'public', 'favicon.svg');
for (const icon of SITE_ICONS) {
  // Rendered at the target size from the vector (density: 72 dpi per 32 px of the viewBox), and
  // flattened onto the mark's blue: a touch icon's transparent corners turn black on iOS.
  const png = await sharp(favicon, { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .flatten({ background: '#0b5fff' })
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(join(clientBuildDir, icon.path.slice(1)), png);
}
console.log(`icons: ${SITE_ICONS.map((icon) => `${icon.path} (${icon.size} px)`).join(', ')}`);
