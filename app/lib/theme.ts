// The colour theme a visitor chose (issue 18): light, dark, or the default, their system's. The
// choice is a cookie, so the server writes it into <html data-theme> in the first byte and no
// page ever paints in the wrong theme; the browser writes the same cookie when it switches at
// once (theme-menu.tsx). Shared by both sides: no Node, no router.

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The default: app/styles/tokens.css follows prefers-color-scheme with CSS alone. */
export const DEFAULT_THEME: Theme = 'system';

export const THEME_COOKIE = 'theme';
/** The name of the posted field, in the no-JavaScript form and the action that reads it. */
export const THEME_FIELD = 'theme';

export const THEME_LABELS: Readonly<Record<Theme, string>> = {
  system: 'Match my system',
  light: 'Light',
  dark: 'Dark',
};

/** A year: the choice is a preference, not a session. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The theme a cookie value names; anything else (missing, forged) is the default. */
export function parseTheme(value: unknown): Theme {
  return isTheme(value) ? value : DEFAULT_THEME;
}

/** The Set-Cookie value (or document.cookie assignment) that keeps `theme`. The default is kept
 * by removing the cookie, so a visitor who never chose sends nothing. Readable by script on
 * purpose: it holds a preference, and the browser switches without a round trip. */
export function themeCookie(theme: Theme, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return theme === DEFAULT_THEME
    ? `${THEME_COOKIE}=; Max-Age=0; ${attributes}`
    : `${THEME_COOKIE}=${theme}; Max-Age=${MAX_AGE_SECONDS}; ${attributes}`;
}
