// The screen library's figures: counters, status chips and tables.
import { jobStatusOf } from '../lib/job-status.ts';
import type { Palette } from './palette.ts';
import { card } from './parts-frames.ts';
import { el, text } from './svg.ts';

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
