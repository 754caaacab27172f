// The file the build writes about the product screens (scripts/build-screens.ts) and the server
// reads at start (server/build-data.ts): where this build's screen files are and their sizes.
import type { ScreenSizes } from '../screens/render.ts';

export const SCREENS_MANIFEST = 'screens.json';

/** Where this build's screens are and how big each is drawn. Empty without a build (dev). */
export type ScreenManifest = { base: string; sizes: Partial<ScreenSizes> };
export const NO_SCREENS: ScreenManifest = { base: '', sizes: {} };
