// The product screens a page shows: the build's files (scripts/build-screens.ts writes them and
// screens.json, which the server reads at start into AppContext.screens) paired with their words
// from content/screens.yaml. Loaders call screenImage(); the page gets addresses and sizes only
// (the markup of a screen drawn inline goes to the server's render alone: inline-screens.ts).
import type { ScreenId, ScreensContent } from '../../content/screens.schema.ts';
import { screensContent } from '../../content/screens.ts';
import { screenFile, type ScreenTheme } from '../screens/files.ts';
import type { ScreenImage } from '../components/ui/product-screen.tsx';
import type { ScreenManifest } from './screens-manifest.ts';

/** One screen's files in both themes, with its alt text and caption; undefined when not built. */
export function screenImage(manifest: ScreenManifest, id: ScreenId): ScreenImage | undefined {
  const size = manifest.sizes[id];
  if (!size) return undefined;
  const { alt, caption } = screensContent.screens[id];
  const files = (theme: ScreenTheme) => ({
    full: manifest.base + screenFile(id, theme, 'full'),
    detail: manifest.base + screenFile(id, theme, 'detail'),
  });
  const inline = Boolean(manifest.inline?.[id]);
  return { id, alt, caption, full: size.full, detail: size.detail, light: files('light'), dark: files('dark'), inline };
}

type HomeScreens = ScreensContent['home'];
const imagesFor = <K extends string>(manifest: ScreenManifest, ids: Record<K, ScreenId>) =>
  Object.fromEntries(Object.entries<ScreenId>(ids).map(([key, id]) => [key, screenImage(manifest, id)])) as Record<
    K,
    ScreenImage | undefined
  >;

/** The screens the home page shows: one per hero slide, one per portfolio item. */
export function homeScreenImages(manifest: ScreenManifest) {
  const { hero, portfolio }: HomeScreens = screensContent.home;
  return { hero: imagesFor(manifest, hero), portfolio: imagesFor(manifest, portfolio) };
}
