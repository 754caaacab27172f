// What a product screen is: a drawing on the office canvas (or its own size) and the part of it
// a phone shows instead of the whole (decision 034): a readable detail, not a shrunken desktop.
import type { ScreensContent } from '../../content/screens.schema.ts';
import { appWindow, CANVAS } from './parts-frames.ts';
import type { Palette } from './palette.ts';

export type Box = { x: number; y: number; width: number; height: number };

export type Screen = {
  /** The drawing's markup for one theme's palette. */
  draw(p: Palette, data: ScreensContent): string;
  /** The detail a phone shows: at most 356 units wide, so 12-unit text stays at 11 px or more in the 327 px a 375 px phone gives it. */
  crop: Box;
  size?: { width: number; height: number };
};

export const canvasOf = (screen: Screen) => screen.size ?? CANVAS;

/** An office screen: the app window around `body`, titled and with its menu entry lit. */
export const office = (p: Palette, data: ScreensContent, title: string, active: string, body: string) =>
  appWindow(p, { title, active, today: data.today, user: data.user }, body);

/** The detail most office screens show on a phone: the content's left column from its title. */
export const LEFT_COLUMN: Box = { x: 156, y: 58, width: 340, height: 400 };
