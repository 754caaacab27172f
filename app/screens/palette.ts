// The screens' colours, read from the site's design tokens (app/styles/tokens.css) so a drawn
// screen and the page around it never disagree: each `light-dark(a, b)` pair gives the light
// file `a` and the dark file `b` (decision 034). Nothing here picks a colour of its own.
import { readFileSync } from 'node:fs';

export type ThemeName = 'light' | 'dark';

/** Every custom property in the tokens file, resolved to a literal for one theme. */
export function resolveTokens(css: string, theme: ThemeName): Map<string, string> {
  const raw = new Map<string, string>();
  for (const match of css.matchAll(/(--[\w-]+):\s*([^;]+);/g)) {
    // The first definition wins: later ones are media-query overrides (reduced motion).
    if (!raw.has(match[1]!)) raw.set(match[1]!, match[2]!.trim());
  }
  const resolved = new Map<string, string>();
  const resolve = (name: string, depth = 0): string => {
    if (resolved.has(name)) return resolved.get(name)!;
    const definition = raw.get(name);
    if (definition === undefined || depth > 8) throw new Error(`tokens.css has no usable ${name}`);
    let result = definition;
    const pair = /^light-dark\((.+)\)$/.exec(result);
    if (pair) {
      const [light, dark] = splitTopLevel(pair[1]!);
      result = theme === 'light' ? light! : dark!;
    }
    result = result.replace(/var\((--[\w-]+)\)/g, (_, inner: string) => resolve(inner, depth + 1));
    resolved.set(name, result);
    return result;
  };
  for (const name of raw.keys()) {
    try {
      resolve(name);
    } catch {
      // Tokens that are not colours (shadows with nested pairs) are not needed here.
    }
  }
  return resolved;
}

/** Splits "a, rgb(1 2 3 / 0.5)" at its top-level comma. */
function splitTopLevel(list: string): string[] {
  let depth = 0;
  for (let index = 0; index < list.length; index += 1) {
    const char = list[index];
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === ',' && depth === 0) return [list.slice(0, index).trim(), list.slice(index + 1).trim()];
  }
  return [list.trim()];
}

/** The roles the screens paint with, each one token. */
const ROLES = {
  page: '--surface-muted',
  panel: '--surface',
  sunken: '--surface-sunken',
  ink: '--ink',
  muted: '--ink-muted',
  border: '--border',
  borderStrong: '--border-strong',
  accent: '--accent',
  accentInk: '--accent-ink',
  accentSoft: '--accent-soft',
  highlight: '--highlight',
  highlightSoft: '--highlight-soft',
  success: '--success-ink',
  successSoft: '--success-surface',
  danger: '--danger-ink',
  dangerSoft: '--danger-surface',
  info: '--info-ink',
  infoSoft: '--info-surface',
  band: '--surface-inverse',
  bandInk: '--ink-inverse',
  bandMuted: '--ink-inverse-muted',
  bandLine: '--on-inverse-line',
  onBright: '--ink-on-bright',
  pending: '--status-pending',
  dispatched: '--status-dispatched',
  processing: '--status-processing',
  completed: '--status-completed',
  cancelled: '--status-cancelled',
  statusInk: '--status-ink',
  park: '--art-park',
  route: '--highlight',
  white: '--color-white',
} as const;

export type Palette = Record<keyof typeof ROLES, string>;

/** Dark surfaces step lighter towards the viewer: the app's background is the darkest. */
const DARK_ROLES: Partial<Record<keyof typeof ROLES, string>> = { page: '--surface', panel: '--surface-muted' };

export function paletteFrom(css: string, theme: ThemeName): Palette {
  const tokens = resolveTokens(css, theme);
  return Object.fromEntries(
    Object.entries(ROLES).map(([role, light]) => {
      const token = (theme === 'dark' && DARK_ROLES[role as keyof typeof ROLES]) || light;
      const colour = tokens.get(token);
      if (!colour) throw new Error(`tokens.css: ${token} (the screens' ${role}) did not resolve`);
      return [role, colour];
    }),
  ) as Palette;
}

/** The palette of a screen drawn into the page itself (svg.ts inlineScreen): each role names its
 * token, so the page's theme, its "match my system" and print colour it as they colour the page.
 * Chromium, Firefox and Safari resolve var() in SVG's colour attributes (fill, stroke; Chromium
 * not in its length attributes, w3c/svgwg#1031), and light-dark() as the tokens already use it. */
export function cssPalette(): Palette {
  return Object.fromEntries(
    Object.entries(ROLES).map(([role, light]) => {
      const dark = DARK_ROLES[role as keyof typeof ROLES];
      return [role, dark ? `light-dark(var(${light}), var(${dark}))` : `var(${light})`];
    }),
  ) as Palette;
}

export function readPalettes(tokensFile: URL | string): Record<ThemeName, Palette> {
  const css = readFileSync(tokensFile, 'utf8');
  return { light: paletteFrom(css, 'light'), dark: paletteFrom(css, 'dark') };
}
