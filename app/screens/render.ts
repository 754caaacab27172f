// Draws every screen in both themes, whole and as its phone detail: the files the build writes;
// and each once more in the page's own colours, for a page that draws its first screen inline.
import type { ScreenId, ScreensContent } from '../../content/screens.schema.ts';
import { SCREENS } from './index.ts';
import { cssPalette, type Palette, type ThemeName } from './palette.ts';
import { screenFile } from './files.ts';
import { canvasOf } from './screen.ts';
import { inlineScreen, svgDocument } from './svg.ts';

export const SCREEN_THEMES: ThemeName[] = ['light', 'dark'];

/** Each screen's drawn sizes: what a page's <img> and <source> say as width and height. */
export type ScreenSizes = Record<
  ScreenId,
  { full: { width: number; height: number }; detail: { width: number; height: number } }
>;

export function renderScreens(
  data: ScreensContent,
  palettes: Record<ThemeName, Palette>,
): { files: { name: string; svg: string }[]; sizes: ScreenSizes; inline: Record<ScreenId, string> } {
  const files: { name: string; svg: string }[] = [];
  const sizes = {} as ScreenSizes;
  const inline = {} as Record<ScreenId, string>;
  const pagePalette = cssPalette();
  for (const [id, screen] of Object.entries(SCREENS) as [ScreenId, (typeof SCREENS)[ScreenId]][]) {
    const canvas = canvasOf(screen);
    const full = { x: 0, y: 0, ...canvas };
    sizes[id] = { full: { ...canvas }, detail: { width: screen.crop.width, height: screen.crop.height } };
    const title = data.screens[id].alt;
    inline[id] = inlineScreen(id, screen.draw(pagePalette, data), canvas, screen.crop, title);
    for (const theme of SCREEN_THEMES) {
      const body = screen.draw(palettes[theme], data);
      files.push({ name: screenFile(id, theme, 'full'), svg: svgDocument(body, canvas, full, title) });
      files.push({ name: screenFile(id, theme, 'detail'), svg: svgDocument(body, canvas, screen.crop, title) });
    }
  }
  return { files, sizes, inline };
}
