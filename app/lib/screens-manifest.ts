// The file the build writes about the product screens (scripts/build-screens.ts) and the server
// reads at start (server/build-data.ts): where this build's screen files are and their sizes.
import type { ScreenId } from '../../content/screens.schema.ts';
import type { ScreenSizes } from '../screens/render.ts';

export const SCREENS_MANIFEST = 'screens.json';

/** Where this build's screens are, how big each is drawn, and each as markup for drawing it into
 * a page (svg.ts inlineScreen). Empty without a build (dev). */
export type ScreenManifest = { base: string; sizes: Partial<ScreenSizes>; inline: Partial<Record<ScreenId, string>> };
export const NO_SCREENS: ScreenManifest = { base: '', sizes: {}, inline: {} };
