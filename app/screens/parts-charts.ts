// The screen library's charts and maps: month-by-month bars and a street map with a route and pins.
import { jobStatusOf } from '../lib/job-status.ts';
import type { Palette } from './palette.ts';
import { el, fit, text } from './svg.ts';

/** Month-by-month bars with their labels, and a line of a second series when given. */
export function barChart(
  p: Palette,
  x: number,
  y: number,
  width: number,
  height: number,
  bars: { label: string; value: number; second?: number }[],
  unit: (value: number) => string,
): string {
  const max = Math.max(...bars.flatMap((bar) => [bar.value, bar.second ?? 0])) * 1.1;
  const baseline = y + height - 20;
  const plot = height - 34;
  const step = width / bars.length;
  const parts = [0, 0.5, 1].map((share) =>
    el('path', {
      d: `M${x} ${baseline - share * plot}h${width}`,
      stroke: p.border,
      'stroke-dasharray': share ? '3 4' : undefined,
    }),
  );
  parts.push(text(x, baseline - plot - 4, unit(max / 1.1), { size: 12, fill: p.muted }));
  bars.forEach((bar, index) => {
    const barHeight = (bar.value / max) * plot;
    const left = x + index * step + step * 0.22;
    const last = index === bars.length - 1;
    parts.push(
      el('rect', {
        x: left,
        y: baseline - barHeight,
        width: step * 0.56,
        height: barHeight,
        rx: 3,
        fill: last ? p.accent : p.accentSoft,
        stroke: last ? undefined : p.accent,
        'stroke-opacity': 0.35,
      }),
    );
    parts.push(text(left + step * 0.28, baseline + 15, bar.label, { size: 12, fill: p.muted, anchor: 'middle' }));
  });
  const seconds = bars.filter((bar) => bar.second !== undefined);
  if (seconds.length === bars.length) {
    const points = bars.map((bar, index) => `${x + index * step + step / 2},${baseline - (bar.second! / max) * plot}`);
    parts.push(
      el('polyline', {
        points: points.join(' '),
        fill: 'none',
        stroke: p.highlight,
        'stroke-width': 2.5,
        'stroke-linejoin': 'round',
      }),
    );
  }
  return parts.join('');
}

export type Pin = { x: number; y: number; label?: string; status?: string; live?: boolean };

/** A street map (land, water, parks, roads) with a route and labelled pins; pins are 0..1 of the box. */
export function map(
  p: Palette,
  x: number,
  y: number,
  width: number,
  height: number,
  pins: Pin[],
  route?: [number, number][],
  id = 'map',
): string {
  const at = (px: number, py: number) => [x + px * width, y + py * height] as const;
  const clip = `${id}-clip`;
  const roads = [
    `M${x} ${y + height * 0.32}C${x + width * 0.3} ${y + height * 0.26} ${x + width * 0.6} ${y + height * 0.42} ${x + width} ${y + height * 0.36}`,
    `M${x + width * 0.28} ${y}C${x + width * 0.32} ${y + height * 0.4} ${x + width * 0.22} ${y + height * 0.7} ${x + width * 0.3} ${y + height}`,
    `M${x + width * 0.66} ${y}C${x + width * 0.6} ${y + height * 0.3} ${x + width * 0.72} ${y + height * 0.7} ${x + width * 0.64} ${y + height}`,
    `M${x} ${y + height * 0.74}L${x + width} ${y + height * 0.68}`,
  ];
  const parts = [
    el('clipPath', { id: clip }, el('rect', { x, y, width, height, rx: 8 })),
    `<g clip-path="url(#${clip})">`,
    el('rect', { x, y, width, height, fill: p.sunken }),
    el('path', {
      d: `M${x + width * 0.82} ${y}C${x + width * 0.76} ${y + height * 0.4} ${x + width * 0.9} ${y + height * 0.6} ${x + width * 0.84} ${y + height}H${x + width}V${y}z`,
      fill: p.infoSoft,
    }),
    el('rect', {
      x: x + width * 0.06,
      y: y + height * 0.44,
      width: width * 0.14,
      height: height * 0.2,
      rx: 6,
      fill: p.park,
    }),
    el('rect', {
      x: x + width * 0.42,
      y: y + height * 0.06,
      width: width * 0.16,
      height: height * 0.16,
      rx: 6,
      fill: p.park,
    }),
    ...roads.map((d, index) => el('path', { d, fill: 'none', stroke: p.panel, 'stroke-width': index === 0 ? 9 : 6 })),
  ];
  if (route) {
    const points = route.map(([px, py]) => at(px, py).join(',')).join(' ');
    parts.push(
      el('polyline', {
        points,
        fill: 'none',
        stroke: p.accent,
        'stroke-width': 4,
        'stroke-linejoin': 'round',
        'stroke-linecap': 'round',
      }),
    );
  }
  for (const pin of pins) {
    const [cx, cy] = at(pin.x, pin.y);
    const status = pin.status ? jobStatusOf(pin.status) : undefined;
    if (pin.live) parts.push(el('circle', { cx, cy, r: 13, fill: p.accent, 'fill-opacity': 0.25 }));
    parts.push(
      el('circle', { cx, cy, r: 7, fill: status ? p[status] : p.accent, stroke: p.white, 'stroke-width': 2.5 }),
    );
    if (pin.label) {
      const labelWidth = fit(pin.label, 12, 150).length * 6.7 + 14;
      // Beside the pin, on whichever side keeps it inside the map.
      const left = cx + 10 + labelWidth <= x + width ? cx + 10 : cx - 10 - labelWidth;
      parts.push(
        el('rect', { x: left, y: cy - 24, width: labelWidth, height: 20, rx: 5, fill: p.panel, stroke: p.border }),
      );
      parts.push(text(left + 7, cy - 10, pin.label, { size: 12, weight: 600, fill: p.ink, max: 150 }));
    }
  }
  parts.push('</g>');
  return parts.join('');
}
