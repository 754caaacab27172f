// The driver app, on a phone between two cards of what the office sees: the day's run and
// proof of delivery. Drawn on the office canvas so they sit in the home page's hero like the rest.
import type { ScreensContent } from '../../content/screens.schema.ts';
import { field, button } from './parts-controls.ts';
import { chip, chipWidth } from './parts-figures.ts';
import { appBar, card, phone } from './parts-frames.ts';
import type { Palette } from './palette.ts';
import type { Screen } from './screen.ts';
import { el, text } from './svg.ts';

const PHONE = { x: 275, y: 10 };
const SCREEN_WIDTH = 230;
/** On a phone: the phone's upper part, larger than on a desktop. */
const PHONE_CROP = { x: 265, y: 0, width: 270, height: 380 };

/** A floating card beside the phone with a heading and lines of text or chips. */
function sideCard(
  p: Palette,
  x: number,
  y: number,
  heading: string,
  lines: { text: string; chip?: string; tick?: boolean }[],
): string {
  const height = 44 + lines.length * 28;
  return [
    card(p, x, y, 220, height, heading),
    ...lines.map((line, index) => {
      const top = y + 40 + index * 28;
      const mark = line.tick
        ? el('circle', { cx: x + 21, cy: top + 6, r: 8, fill: p.completed }) +
          el('path', { d: `M${x + 17} ${top + 6}l3 3 5-6`, stroke: p.statusInk, 'stroke-width': 2, fill: 'none' })
        : '';
      return (
        mark +
        text(x + (line.tick ? 36 : 12), top + 10.5, line.text, { size: 12, fill: p.ink, max: line.chip ? 110 : 176 }) +
        (line.chip ? chip(p, x + 208 - chipWidth(line.chip), top - 4, line.chip) : '')
      );
    }),
  ].join('');
}

export const driverRun: Screen = {
  crop: PHONE_CROP,
  draw: (p: Palette, d: ScreensContent) => {
    const run = d.jobs.filter((job) => job.type === 'Local' || job.type === 'Fleet Hire').slice(0, 4);
    const drops = run.map((job, index) => {
      const y = 120 + index * 78;
      return [
        el('rect', { x: 12, y, width: SCREEN_WIDTH - 24, height: 68, rx: 10, fill: p.panel, stroke: p.border }),
        el('circle', {
          cx: 32,
          cy: y + 22,
          r: 11,
          fill: p[
            job.status === 'COMPLETED'
              ? 'completed'
              : job.status === 'PENDING'
                ? 'pending'
                : job.status === 'Dispatched'
                  ? 'dispatched'
                  : 'processing'
          ],
        }),
        text(32, y + 26.5, String(index + 1), { size: 12, weight: 700, fill: p.statusInk, anchor: 'middle' }),
        text(52, y + 26, job.to, { size: 13, weight: 700, fill: p.ink, max: 96 }),
        text(52, y + 46, job.customer, { size: 12, fill: p.muted, max: 160 }),
        text(52, y + 61, `${job.ref} · ${job.pickup.slice(-5)}`, { size: 12, fill: p.muted }),
        chip(p, SCREEN_WIDTH - 22 - chipWidth(job.status), y + 10, job.status),
      ].join('');
    });
    const screen = [
      appBar(p, SCREEN_WIDTH, "Today's run", 'Grace Nguyen · YT 03 KD'),
      ...drops,
      button(p, 12, 436, 'Start next drop'),
    ].join('');
    return [
      sideCard(p, 20, 60, 'Pre-start checklist', [
        { text: 'Tyres and wheels', tick: true },
        { text: 'Lights and indicators', tick: true },
        { text: 'Brakes and air', tick: true },
        { text: 'Load restraint', tick: true },
      ]),
      sideCard(p, 20, 250, 'Synced to the office', [
        { text: '08:48 checklist', chip: 'Passed' },
        { text: '09:31 HL-240187', chip: 'COMPLETED' },
      ]),
      phone(p, PHONE.x, PHONE.y, screen),
      sideCard(p, 560, 110, 'Next drop', [
        { text: 'Wollongong, Dock 4' },
        { text: 'ETA 10:05, 18 km' },
        { text: 'Ask for Marco at the gate' },
      ]),
      sideCard(p, 560, 270, 'Message from the office', [
        { text: 'Pickup moved to 09:30' },
        { text: 'Mia Santos, 09:12' },
      ]),
    ].join('');
  },
};

export const driverPod: Screen = {
  crop: PHONE_CROP,
  draw: (p: Palette) => {
    const screen = [
      appBar(p, SCREEN_WIDTH, 'Proof of delivery', 'HL-240189 · Greenfield Produce'),
      field(p, 12, 114, SCREEN_WIDTH - 24, 'Received by', 'Marco Bellini'),
      text(12, 190, 'Signature', { size: 12, weight: 600, fill: p.muted }),
      el('rect', { x: 12, y: 196, width: SCREEN_WIDTH - 24, height: 92, rx: 8, fill: p.panel, stroke: p.borderStrong }),
      el('path', {
        d: 'M30 262c10-30 18-38 24-20s4 26 14 8 14-30 22-14 6 22 18 6 16-18 24-4 10 10 22-2 14-8 24 0',
        fill: 'none',
        stroke: p.ink,
        'stroke-width': 2.2,
        'stroke-linecap': 'round',
      }),
      text(12, 310, 'Photos (2)', { size: 12, weight: 600, fill: p.muted }),
      ...[0, 1].map(
        (index) =>
          el('rect', { x: 12 + index * 74, y: 318, width: 66, height: 56, rx: 8, fill: p.infoSoft }) +
          el('path', { d: `M${20 + index * 74} 366l16-18 12 12 10-8 16 14z`, fill: p.info }),
      ),
      el('rect', {
        x: 160,
        y: 318,
        width: 58,
        height: 56,
        rx: 8,
        fill: p.panel,
        stroke: p.borderStrong,
        'stroke-dasharray': '4 3',
      }),
      text(189, 351, '+', { size: 20, fill: p.muted, anchor: 'middle' }),
      el('rect', { x: 12, y: 396, width: SCREEN_WIDTH - 24, height: 40, rx: 20, fill: p.completed }),
      text(SCREEN_WIDTH / 2, 421, 'Complete delivery', { size: 14, weight: 700, fill: p.statusInk, anchor: 'middle' }),
    ].join('');
    return [
      sideCard(p, 20, 90, 'Delivery checklist', [
        { text: '22 cartons counted', tick: true },
        { text: 'No damage noted', tick: true },
        { text: 'Signed on the glass', tick: true },
      ]),
      sideCard(p, 20, 262, 'HL-240189 in the office', [
        { text: 'Status', chip: 'COMPLETED' },
        { text: 'POD at 09:31' },
        { text: 'Ready to invoice' },
      ]),
      phone(p, PHONE.x, PHONE.y, screen),
      sideCard(p, 560, 150, 'Greenfield Produce Co.', [
        { text: 'Flemington → Wollongong' },
        { text: '22 cartons, 1.4 t' },
        { text: 'Local · YT 03 KD' },
      ]),
    ].join('');
  },
};
