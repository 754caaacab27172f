// Draws every screen in both themes, whole and as its phone detail: the files the build writes.
import type { ScreenId, ScreensContent } from '../../content/screens.schema.ts';
import { SCREENS } from './index.ts';
import type { Palette, ThemeName } from './palette.ts';
import { screenFile } from './files.ts';
import { canvasOf } from './screen.ts';
import { svgDocument } from './svg.ts';

export const SCREEN_THEMES: ThemeName[] = ['light', 'dark'];

/** Each screen's drawn sizes: what a page's <img> and <source> say as width and height. */
export type ScreenSizes = Record<
  ScreenId,
  { full: { width: number; height: number }; detail: { width: number; height: number } }
>;

export function renderScreens(
  data: ScreensContent,
  palettes: Record<ThemeName, Palette>,
): { files: { name: string; svg: string }[]; sizes: ScreenSizes } {
  const files: { name: string; svg: string }[] = [];
  const sizes = {} as ScreenSizes;
  for (const [id, screen] of Object.entries(SCREENS) as [ScreenId, (typeof SCREENS)[ScreenId]][]) {
    const canvas = canvasOf(screen);
    const full = { x: 0, y: 0, ...canvas };
    sizes[id] = { full: { ...canvas }, detail: { width: screen.crop.width, height: screen.crop.height } };
    for (const theme of SCREEN_THEMES) {
      const body = screen.draw(palettes[theme], data);
      const title = data.screens[id].alt;
      files.push({ name: screenFile(id, theme, 'full'), svg: svgDocument(body, canvas, full, title) });
      files.push({ name: screenFile(id, theme, 'detail'), svg: svgDocument(body, canvas, screen.crop, title) });
    }
  }
  return { files, sizes };
}
