// A very small SVG writer for the product screens drawn at build time (scripts/build-screens.ts).
// The screens are static files the pages show as images, so they never reach a route's
// JavaScript; plain strings keep the build script runnable by Node alone (no JSX step).

import { withinCrop } from './crop.ts';

export type Attrs = Record<string, string | number | undefined | false>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
export const escapeXml = (text: string) => text.replace(/[&<>"]/g, (char) => ESCAPES[char]!);

/** Rounds coordinates so the files stay short. */
const value = (raw: string | number) =>
  typeof raw === 'number' ? String(Math.round(raw * 100) / 100) : escapeXml(raw);

function attributes(attrs: Attrs): string {
  return Object.entries(attrs)
    .filter(([, raw]) => raw !== undefined && raw !== false)
    .map(([name, raw]) => ` ${name}="${value(raw as string | number)}"`)
    .join('');
}

/** An element; children are already-written markup. */
export function el(tag: string, attrs: Attrs = {}, ...children: (string | false | undefined)[]): string {
  const inner = children.filter(Boolean).join('');
  return inner ? `<${tag}${attributes(attrs)}>${inner}</${tag}>` : `<${tag}${attributes(attrs)}/>`;
}

export type TextStyle = {
  size?: number;
  weight?: 400 | 600 | 700;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  /** Widest the text may draw, in user units: longer text is cut with an ellipsis. */
  max?: number;
  /** Code, in the system's monospace font. */
  mono?: boolean;
};

/** The average advance of a character in em for the system sans fonts, for fitting text. */
const AVERAGE_ADVANCE = 0.56;

/** Cuts `text` so it fits `max` units at `size` (an estimate: the screens leave room to spare). */
export function fit(text: string, size: number, max: number | undefined): string {
  if (!max) return text;
  const fits = Math.floor(max / (size * AVERAGE_ADVANCE));
  return text.length <= fits ? text : `${text.slice(0, Math.max(1, fits - 1)).trimEnd()}…`;
}

/** A line of text with its baseline at (x, y). */
export function text(x: number, y: number, content: string, style: TextStyle): string {
  const size = style.size ?? 13;
  return el(
    'text',
    {
      x,
      y,
      'font-size': size,
      'font-weight': style.weight && style.weight !== 400 ? style.weight : undefined,
      fill: style.fill,
      'text-anchor': style.anchor && style.anchor !== 'start' ? style.anchor : undefined,
      'font-family': style.mono ? 'ui-monospace, Menlo, Consolas, monospace' : undefined,
    },
    escapeXml(fit(content, size, style.max)),
  );
}

/** A whole SVG document of `width` × `height` user units, showing `viewBox` (a crop) of it: of a
 * crop, only what can show in it. */
export function svgDocument(
  body: string,
  size: { width: number; height: number },
  viewBox: { x: number; y: number; width: number; height: number },
  title: string,
): string {
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `${viewBox.x} ${viewBox.y} ${viewBox.width} ${viewBox.height}`,
      width: viewBox.width,
      height: viewBox.height,
      role: 'img',
      // The site's typeface first, then the system's (an SVG image cannot load the page's fonts).
      'font-family': "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    el('title', {}, escapeXml(title)),
    viewBox.width < size.width || viewBox.height < size.height ? withinCrop(body, viewBox) : body,
  );
}

/**
 * A screen drawn into the page's own HTML (the first thing a page shows, painted with the
 * document instead of after a request; decision 034): the whole and the phone's detail (its
 * crop), of which CSS shows one (product-screen.css). Two copies rather than two `<use>` views of
 * one: a copy that is not displayed is not laid out, and a `<use>` doubled the layout's time.
 * `body` is drawn with cssPalette(), so the page's theme colours it; its ids are prefixed with the
 * screen's and the view's, so nothing else on the page can share them.
 */
export function inlineScreen(
  screenId: string,
  body: string,
  size: { width: number; height: number },
  crop: { x: number; y: number; width: number; height: number },
  alt: string,
): string {
  const view = (name: 'full' | 'detail', box: typeof crop) => {
    const prefix = `screen-${screenId}-${name}-`;
    const scoped = (name === 'detail' ? withinCrop(body, box) : body)
      .replace(/ id="([^"]+)"/g, (_, id: string) => ` id="${prefix}${id}"`)
      .replace(/url\(#([^)]+)\)/g, (_, id: string) => `url(#${prefix}${id})`);
    return el(
      'svg',
      {
        class: `screen-inline-${name}`,
        viewBox: `${box.x} ${box.y} ${box.width} ${box.height}`,
        width: box.width,
        height: box.height,
        role: 'img',
        'aria-label': alt,
      },
      // No typeface of its own: the page's, which is the system's until the brand font is in
      // (decision 053); naming Inter here would fetch its files before the first paint.
      scoped,
    );
  };
  return view('full', { x: 0, y: 0, ...size }) + view('detail', crop);
}
