// How a screen's files are named: shared by the build (render.ts) and the server
// (app/lib/screens.server.ts), which must agree without the server loading the drawings.
export type ScreenTheme = 'light' | 'dark';
export type ScreenVariant = 'full' | 'detail';

export const screenFile = (id: string, theme: ScreenTheme, variant: ScreenVariant) =>
  `${id}-${theme}${variant === 'detail' ? '-detail' : ''}.svg`;
