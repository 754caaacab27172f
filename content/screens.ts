// The screens' words for the pages (screens.yaml, validated at build): each screen's alt text
// and caption, and which screen each home slide and portfolio item shows. Imported by route
// loaders only; the drawings themselves are files made at build time (scripts/build-screens.ts).
import data from './screens.yaml';
import type { ScreensContent } from './screens.schema.ts';

export const screensContent = data as ScreensContent;
