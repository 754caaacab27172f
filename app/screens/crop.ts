// A phone's detail shows a crop of a screen (decision 034), but an SVG lays out every element it
// holds, seen or not: the home hero's drawing had 64 of its 103 elements (34 of its 56 lines of
// text) outside its crop, sent, parsed and laid out for nothing (issue 32). The detail keeps only
// what can show in the crop. An element's box is estimated from its own
// attributes, generously (text by its length at a wide advance); an element whose box cannot be
// told that way (a path, a group, a clip) is kept, so a cut never removes anything visible.
import type { Box } from './screen.ts';

/** Room left around an element's box: strokes, rounded caps, a glyph wider than the estimate. */
const MARGIN = 6;
/** A character's advance in em, wider than any of the system sans fonts' average (svg.ts `fit`). */
const WIDE_ADVANCE = 0.75;

/** `body`'s top-level elements without those wholly outside `crop`. */
export function withinCrop(body: string, crop: Box): string {
  return topLevelElements(body)
    .filter((element) => {
      const box = boxOf(element);
      return !box || overlaps(box, crop);
    })
    .join('');
}

/** Splits markup written by svg.ts `el` (well formed, attribute values escaped) at its top level. */
export function topLevelElements(markup: string): string[] {
  const elements: string[] = [];
  const tag = /<(\/?)[a-zA-Z][^>]*?(\/?)>/g;
  let depth = 0;
  let start = 0;
  for (let match = tag.exec(markup); match; match = tag.exec(markup)) {
    const [, closing, selfClosing] = match;
    if (depth === 0) start = match.index;
    if (closing) depth--;
    else if (!selfClosing) depth++;
    if (depth === 0) elements.push(markup.slice(start, tag.lastIndex));
  }
  return elements;
}

/** The user-space box an element draws in, or undefined when its attributes do not tell. */
export function boxOf(element: string): Box | undefined {
  const name = /^<([a-zA-Z]+)/.exec(element)?.[1];
  const startTag = element.slice(0, element.indexOf('>') + 1);
  const number = (attribute: string, fallback?: number) => {
    const raw = new RegExp(` ${attribute}="(-?[\\d.]+)"`).exec(startTag)?.[1];
    return raw === undefined ? fallback : Number(raw);
  };
  // A transform moves the drawing somewhere its attributes do not say.
  if (startTag.includes(' transform=')) return undefined;
  let box: Box | undefined;
  if (name === 'rect') {
    const [x, y, width, height] = [number('x', 0), number('y', 0), number('width'), number('height')];
    if (width !== undefined && height !== undefined) box = { x: x!, y: y!, width, height };
  } else if (name === 'circle') {
    const [cx, cy, r] = [number('cx', 0)!, number('cy', 0)!, number('r')];
    if (r !== undefined) box = { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r };
  } else if (name === 'line') {
    const [x1, y1, x2, y2] = [number('x1', 0)!, number('y1', 0)!, number('x2', 0)!, number('y2', 0)!];
    box = { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
  } else if (name === 'text') box = textBox(element, number);
  return (
    box && { x: box.x - MARGIN, y: box.y - MARGIN, width: box.width + 2 * MARGIN, height: box.height + 2 * MARGIN }
  );
}

function textBox(
  element: string,
  number: (attribute: string, fallback?: number) => number | undefined,
): Box | undefined {
  // Only a plain line: no nested <tspan>, which could be placed anywhere.
  const content = /^<text[^>]*>([^<]*)<\/text>$/.exec(element)?.[1];
  const [x, y, size] = [number('x'), number('y'), number('font-size')];
  if (content === undefined || x === undefined || y === undefined || size === undefined) return undefined;
  const characters = content.replace(/&(amp|lt|gt|quot);/g, '_').length;
  const width = characters * size * WIDE_ADVANCE;
  const anchor = /text-anchor="(middle|end)"/.exec(element)?.[1];
  const left = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
  // From the ascenders to the descenders around the baseline.
  return { x: left, y: y - size * 1.2, width, height: size * 1.6 };
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;
