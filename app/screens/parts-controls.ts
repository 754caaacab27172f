// The screen library's controls: tabs, buttons, form fields and avatars.
import type { Palette } from './palette.ts';
import { el, text } from './svg.ts';

/** Tabs or segmented buttons in a row (`padding` inside each, both sides together). */
export function tabs(p: Palette, x: number, y: number, labels: string[], active: number, padding = 24): string {
  let left = x;
  return labels
    .map((label, index) => {
      const width = Math.round(label.length * 6.8 + padding);
      const on = index === active;
      const markup =
        el('rect', {
          x: left,
          y,
          width,
          height: 26,
          rx: 13,
          fill: on ? p.accent : p.panel,
          stroke: on ? undefined : p.border,
        }) +
        text(left + width / 2, y + 17.5, label, {
          size: 12,
          weight: 600,
          fill: on ? p.accentInk : p.ink,
          anchor: 'middle',
        });
      left += width + (padding < 24 ? 4 : 6);
      return markup;
    })
    .join('');
}

/** A button; 'primary' in the accent, 'secondary' outlined. */
export function button(
  p: Palette,
  x: number,
  y: number,
  label: string,
  variant: 'primary' | 'secondary' = 'primary',
): string {
  const width = Math.round(label.length * 7 + 28);
  const primary = variant === 'primary';
  return (
    el('rect', {
      x,
      y,
      width,
      height: 30,
      rx: 6,
      fill: primary ? p.accent : p.panel,
      stroke: primary ? undefined : p.borderStrong,
    }) +
    text(x + width / 2, y + 19.5, label, {
      size: 12,
      weight: 600,
      fill: primary ? p.accentInk : p.ink,
      anchor: 'middle',
    })
  );
}

/** A labelled form field showing its value. */
export function field(
  p: Palette,
  x: number,
  y: number,
  width: number,
  label: string,
  value: string,
  height = 30,
): string {
  return (
    text(x, y + 12, label, { size: 12, weight: 600, fill: p.muted }) +
    el('rect', { x, y: y + 18, width, height, rx: 6, fill: p.panel, stroke: p.borderStrong }) +
    text(x + 10, y + 38, value, { size: 13, fill: p.ink, max: width - 20 })
  );
}

/** A round avatar with initials. */
export function avatar(p: Palette, cx: number, cy: number, name: string, r = 13): string {
  const initials = name
    .split(' ')
    .map((part) => part[0])
    .slice(0, 2)
    .join('');
  return (
    el('circle', { cx, cy, r, fill: p.accentSoft }) +
    text(cx, cy + 4.5, initials, { size: 12, weight: 600, fill: p.accent, anchor: 'middle' })
  );
}
