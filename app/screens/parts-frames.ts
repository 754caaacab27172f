// The screen library's frames: the office app's canvas and window (side menu, top bar), panels, and the phone around the driver app.
import type { Palette } from './palette.ts';
import { el, text } from './svg.ts';

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
