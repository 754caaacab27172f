// The screen library: the small parts every product screen is composed of (window, side menu,
// counters, tables, status chips, charts, a map, form fields, a phone for the driver app). Each
// returns SVG markup in user units; the screens (screens-*.ts) place them.
import { jobStatusOf } from '../lib/job-status.ts';
import type { Palette } from './palette.ts';
import { el, fit, text } from './svg.ts';

/** Every office screen is drawn on this canvas. */
export const CANVAS = { width: 800, height: 500 } as const;
/** Where a screen's own content starts and ends, right of the side menu, under the top bar. */
export const CONTENT = { x: 166, y: 60, right: 784 } as const;

const NAV = [
  'Dashboard',
  'Jobs',
  'Drivers',
  'Fleet',
  'Fuel',
  'Accounts',
  'Contacts',
  'Breaches',
  'Map Tracker',
  'Compliance',
  'QAR',
  'Messaging',
  'Settings',
  'Help',
];

export type Frame = { title: string; active: string; today: string; user: string };

/** The office app's window: side menu, top bar with search, the page's title. */
export function appWindow(p: Palette, frame: Frame, body: string): string {
  const initials = frame.user
    .split(' ')
    .map((part) => part[0])
    .join('');
  return [
    el('rect', { width: CANVAS.width, height: CANVAS.height, rx: 12, fill: p.page }),
    el('path', { d: 'M12 0h138v500H12a12 12 0 0 1-12-12V12A12 12 0 0 1 12 0z', fill: p.band }),
    el('rect', { x: 16, y: 15, width: 16, height: 16, rx: 4, fill: p.highlight }),
    text(40, 29, 'Haulora', { size: 16, weight: 700, fill: p.bandInk }),
    ...NAV.map((label, index) => {
      const y = 60 + index * 30;
      const active = label === frame.active;
      return (
        (active ? el('rect', { x: 10, y: y - 2, width: 130, height: 26, rx: 6, fill: p.accent }) : '') +
        text(22, y + 15, label, { size: 13, weight: active ? 600 : 400, fill: active ? p.accentInk : p.bandMuted })
      );
    }),
    el('rect', { x: 150, width: 650, height: 44, fill: p.panel }),
    el('line', { x1: 150, x2: 800, y1: 44.5, y2: 44.5, stroke: p.border }),
    el('rect', { x: CONTENT.x, y: 10, width: 230, height: 24, rx: 12, fill: p.sunken }),
    text(CONTENT.x + 14, 26, 'Search jobs, drivers, regos', { size: 12, fill: p.muted }),
    text(716, 27, frame.today, { size: 12, fill: p.muted, anchor: 'end' }),
    el('circle', { cx: 760, cy: 22, r: 13, fill: p.accentSoft }),
    text(760, 26.5, initials, { size: 12, weight: 600, fill: p.accent, anchor: 'middle' }),
    text(CONTENT.x, 80, frame.title, { size: 18, weight: 700, fill: p.ink }),
    body,
  ].join('');
}

/** A white (or raised dark) panel with an optional heading. */
export function card(p: Palette, x: number, y: number, width: number, height: number, heading?: string): string {
  return (
    el('rect', { x, y, width, height, rx: 8, fill: p.panel, stroke: p.border }) +
    (heading ? text(x + 12, y + 22, heading, { size: 13, weight: 600, fill: p.ink, max: width - 24 }) : '')
  );
}

/** A counter: label, big figure, a note under it; a status stripe when it counts jobs. */
export function counter(
  p: Palette,
  x: number,
  y: number,
  width: number,
  item: { label: string; value: string; note?: string; status?: string },
): string {
  const status = item.status ? jobStatusOf(item.status) : undefined;
  return [
    card(p, x, y, width, 76),
    status ? el('rect', { x: x + 1, y: y + 8, width: 4, height: 60, rx: 2, fill: p[status] }) : '',
    text(x + 14, y + 22, item.label, { size: 12, fill: p.muted, max: width - 20 }),
    text(x + 14, y + 50, item.value, { size: 24, weight: 700, fill: p.ink }),
    item.note ? text(x + 14, y + 67, item.note, { size: 12, fill: p.muted, max: width - 20 }) : '',
  ].join('');
}

type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger' | 'info';

/** Chip colours for the words other than job statuses. */
const TONE_OF: Record<string, Tone> = {
  active: 'success',
  paid: 'success',
  approved: 'success',
  verified: 'success',
  valid: 'success',
  done: 'success',
  compliant: 'success',
  sent: 'success',
  delivered: 'success',
  current: 'success',
  settled: 'success',
  passed: 'success',
  draft: 'neutral',
  voided: 'neutral',
  'off road': 'neutral',
  inactive: 'neutral',
  open: 'info',
  'in service': 'info',
  new: 'info',
  'on leave': 'neutral',
  expiring: 'warning',
  'due soon': 'warning',
  'to verify': 'warning',
  overdue: 'danger',
  expired: 'danger',
  failed: 'danger',
  unpaid: 'warning',
  'in review': 'info',
  'needs attention': 'warning',
  'under review': 'info',
};

/** Width of a chip for a label. */
export const chipWidth = (label: string) =>
  Math.round([...label].reduce((sum, char) => sum + (/[A-Z]/.test(char) ? 8.4 : 6.6), 0) + 18);

/** A status chip: a job status in the spec's colour, anything else in a semantic tone. */
export function chip(p: Palette, x: number, y: number, label: string): string {
  const width = chipWidth(label);
  const status = jobStatusOf(label);
  let fill: string;
  let ink: string;
  if (status) {
    fill = p[status];
    ink = p.statusInk;
  } else {
    const tone = TONE_OF[label.toLowerCase()] ?? 'neutral';
    const tones: Record<Tone, [string, string]> = {
      neutral: [p.sunken, p.muted],
      accent: [p.accentSoft, p.accent],
      success: [p.successSoft, p.success],
      warning: [p.highlightSoft, p.ink],
      danger: [p.dangerSoft, p.danger],
      info: [p.infoSoft, p.info],
    };
    [fill, ink] = tones[tone];
  }
  return (
    el('rect', { x, y, width, height: 20, rx: 10, fill }) +
    text(x + width / 2, y + 14, label, { size: 12, weight: 600, fill: ink, anchor: 'middle' })
  );
}

export type Column = { label: string; width: number; align?: 'start' | 'end' };
export type Cell =
  string | { chip: string } | { text: string; strong?: boolean; tone?: 'muted' | 'accent' | 'danger' | 'success' };

/** A table: header row, ruled rows; chips for statuses, figures right-aligned. */
export function table(p: Palette, x: number, y: number, columns: Column[], rows: Cell[][], rowHeight = 32): string {
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  const parts = [
    el('rect', { x, y, width, height: 30 + rows.length * rowHeight, rx: 8, fill: p.panel, stroke: p.border }),
    el('path', { d: `M${x + 0.5} ${y + 30}h${width - 1}`, stroke: p.border }),
  ];
  parts.push(
    el('path', { d: `M${x} ${y + 8}a8 8 0 0 1 8-8h${width - 16}a8 8 0 0 1 8 8v22h-${width}z`, fill: p.sunken }),
  );
  let left = x;
  for (const column of columns) {
    const anchorX = column.align === 'end' ? left + column.width - 12 : left + 12;
    parts.push(
      text(anchorX, y + 20, column.label, {
        size: 12,
        weight: 600,
        fill: p.muted,
        anchor: column.align,
        max: column.width - 16,
      }),
    );
    rows.forEach((row, index) => {
      const cell = row[columns.indexOf(column)]!;
      const top = y + 30 + index * rowHeight;
      if (typeof cell === 'object' && 'chip' in cell) {
        parts.push(chip(p, left + 10, top + (rowHeight - 20) / 2, cell.chip));
        return;
      }
      const content = typeof cell === 'string' ? { text: cell } : cell;
      const tone =
        'tone' in content && content.tone
          ? { muted: p.muted, accent: p.accent, danger: p.danger, success: p.success }[content.tone]
          : p.ink;
      parts.push(
        text(anchorX, top + rowHeight / 2 + 4.5, content.text, {
          size: 12,
          weight: 'strong' in content && content.strong ? 600 : 400,
          fill: tone,
          anchor: column.align,
          max: column.width - 18,
        }),
      );
    });
    left += column.width;
  }
  rows
    .slice(1)
    .forEach((_, index) =>
      parts.push(el('path', { d: `M${x + 8} ${y + 30 + (index + 1) * rowHeight}h${width - 16}`, stroke: p.border })),
    );
  return parts.join('');
}

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

/** A phone around the driver app; its screen's content is drawn in the phone's own units (0,0 at the screen's corner). */
export function phone(p: Palette, x: number, y: number, content: string, size = { width: 250, height: 480 }): string {
  const screen = { width: size.width - 20, height: size.height - 20 };
  return [
    el('rect', { x, y, width: size.width, height: size.height, rx: 34, fill: p.band }),
    el('rect', { x: x + 10, y: y + 10, width: screen.width, height: screen.height, rx: 26, fill: p.page }),
    `<g transform="translate(${x + 10} ${y + 10})">`,
    el('clipPath', { id: `phone-${x}-${y}` }, el('rect', { width: screen.width, height: screen.height, rx: 26 })),
    `<g clip-path="url(#phone-${x}-${y})">`,
    content,
    '</g></g>',
    el('rect', { x: x + size.width / 2 - 34, y: y + 16, width: 68, height: 18, rx: 9, fill: p.band }),
  ].join('');
}

/** A driver-app header bar inside a phone, with the status-bar time. */
export function appBar(p: Palette, width: number, title: string, subtitle: string): string {
  return [
    el('rect', { width, height: 104, fill: p.accent }),
    text(20, 24, '9:41', { size: 12, weight: 600, fill: p.accentInk }),
    text(20, 66, title, { size: 18, weight: 700, fill: p.accentInk, max: width - 40 }),
    text(20, 88, subtitle, { size: 13, fill: p.accentInk, max: width - 40 }),
  ].join('');
}
