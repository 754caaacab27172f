// The screens of the day's work: dashboard, jobs, the dispatch board, the map tracker and messaging.
import type { ScreensContent } from '../../content/screens.schema.ts';
import { barChart, map } from './parts-charts.ts';
import { button, field, tabs } from './parts-controls.ts';
import { chip, counter, table } from './parts-figures.ts';
import { card } from './parts-frames.ts';
import type { Palette } from './palette.ts';
import { LEFT_COLUMN, office, type Screen } from './screen.ts';
import { el, text } from './svg.ts';

const counters = (p: Palette, items: ScreensContent['counters'][keyof ScreensContent['counters']], y = 96) =>
  (items ?? []).map((item, index) => counter(p, 166 + index * 158, y, 146, item)).join('');

export const dashboard: Screen = {
  crop: { x: 156, y: 86, width: 320, height: 404 },
  draw: (p, d) =>
    office(
      p,
      d,
      'Dashboard',
      'Dashboard',
      [
        counters(p, d.counters.dashboard),
        card(p, 166, 184, 300, 176, 'Monthly Profit'),
        text(454, 206, 'Revenue and costs, $k', { size: 12, fill: p.muted, anchor: 'end' }),
        barChart(
          p,
          178,
          218,
          276,
          136,
          d.profit.map((month) => ({ label: month.month, value: month.revenue, second: month.costs })),
          (value) => `$${Math.round(value)}k`,
        ),
        card(p, 478, 184, 306, 176, 'Map Satellite'),
        map(
          p,
          486,
          214,
          290,
          138,
          [
            { x: 0.3, y: 0.36, label: 'XQ 84 RM', status: 'PROCESSING', live: true },
            { x: 0.62, y: 0.7, status: 'Dispatched' },
            { x: 0.18, y: 0.78, status: 'COMPLETED' },
          ],
          undefined,
          'dash-map',
        ),
        card(p, 166, 372, 300, 116, 'Activities'),
        ...d.activities
          .slice(0, 3)
          .map(
            (item, index) =>
              text(178, 416 + index * 24, item.time, { size: 12, weight: 600, fill: p.accent }) +
              text(222, 416 + index * 24, item.what, { size: 12, fill: p.ink, max: 234 }),
          ),
        card(p, 478, 372, 306, 116, 'Reminders'),
        ...d.reminders
          .slice(0, 3)
          .map(
            (item, index) =>
              text(490, 416 + index * 24, item.item, { size: 12, fill: p.ink, max: 190 }) +
              chip(p, 690, 403 + index * 24, item.status),
          ),
      ].join(''),
    ),
};

export const jobs: Screen = {
  crop: { x: 156, y: 58, width: 348, height: 420 },
  draw: (p, d) =>
    office(
      p,
      d,
      'Jobs',
      'Jobs',
      [
        tabs(p, 166, 94, ['Create Booking', 'Import CSV', 'Connotes', 'Local Dispatch'], 3),
        tabs(p, 166, 126, ['Local Manifest', 'Linehaul Dispatch', 'Linehaul Manifest', 'Activities'], -1),
        table(
          p,
          166,
          166,
          [
            { label: 'Job', width: 84 },
            { label: 'Status', width: 104 },
            { label: 'Customer', width: 150 },
            { label: 'Type', width: 80 },
            { label: 'Driver', width: 112 },
            { label: 'Amount', width: 88, align: 'end' },
          ],
          d.jobs.map((job) => [
            { text: job.ref, strong: true },
            { chip: job.status },
            job.customer,
            job.type,
            { text: job.driver, tone: job.driver === 'Unallocated' ? 'danger' : undefined },
            job.amount,
          ]),
        ),
      ].join(''),
    ),
};

/** The portfolio's dispatch board: a column of job cards per status. */
export const dispatchBoard: Screen = {
  crop: { x: 156, y: 58, width: 320, height: 420 },
  draw: (p, d) => {
    const columns = ['PENDING', 'Dispatched', 'PROCESSING', 'COMPLETED'] as const;
    const body = columns.map((status, column) => {
      const x = 166 + column * 158;
      const cards = d.jobs.filter((job) => job.status === status);
      return [
        el('rect', { x, y: 96, width: 146, height: 392, rx: 8, fill: p.sunken }),
        chip(p, x + 10, 106, status),
        text(x + 136, 121, String(cards.length), { size: 12, weight: 600, fill: p.muted, anchor: 'end' }),
        ...cards.map((job, index) => {
          const y = 136 + index * 118;
          return [
            card(p, x + 8, y, 130, 108),
            text(x + 18, y + 20, job.ref, { size: 12, weight: 700, fill: p.ink }),
            text(x + 18, y + 40, job.customer, { size: 12, fill: p.ink, max: 112 }),
            text(x + 18, y + 58, `${job.from} →`, { size: 12, fill: p.muted, max: 112 }),
            text(x + 18, y + 74, job.to, { size: 12, fill: p.muted, max: 112 }),
            text(x + 18, y + 96, job.driver, {
              size: 12,
              weight: 600,
              fill: job.driver === 'Unallocated' ? p.danger : p.accent,
              max: 112,
            }),
          ].join('');
        }),
      ].join('');
    });
    return office(p, d, 'Local Dispatch', 'Jobs', body.join('') + button(p, 684, 62, 'Allocate'));
  },
};

export const mapTracker: Screen = {
  crop: { x: 156, y: 86, width: 340, height: 400 },
  draw: (p, d) =>
    office(
      p,
      d,
      'Map Tracker',
      'Map Tracker',
      [
        map(
          p,
          166,
          96,
          404,
          238,
          [
            { x: 0.14, y: 0.78, label: 'Port Botany 07:15', status: 'COMPLETED' },
            { x: 0.52, y: 0.5, label: 'Liam O\u2019Connor · XQ 84 RM', status: 'PROCESSING', live: true },
            { x: 0.86, y: 0.18, status: 'PENDING' },
          ],
          [
            [0.14, 0.78],
            [0.3, 0.7],
            [0.36, 0.56],
            [0.52, 0.5],
          ],
          'tracker-map',
        ),
        card(p, 582, 96, 202, 238, 'Filter activities'),
        field(p, 594, 130, 178, 'Date', '25 Nov 2026', 26),
        field(p, 594, 178, 178, 'Activity type', 'All activities', 26),
        field(p, 594, 226, 178, 'Fleet', 'XQ 84 RM', 26),
        field(p, 594, 274, 178, 'Job', 'HL-240188', 26),
        table(
          p,
          166,
          346,
          [
            { label: 'Time', width: 70 },
            { label: 'Activity', width: 170 },
            { label: 'Driver', width: 128 },
            { label: 'Fleet', width: 90 },
            { label: 'Job', width: 160 },
          ],
          [
            ['07:15', 'Pickup, 22 pallets', "Liam O'Connor", 'XQ 84 RM', 'HL-240188'],
            ['09:40', 'Rest break, 30 min', "Liam O'Connor", 'XQ 84 RM', 'HL-240188'],
            ['10:25', 'Position, Hume Hwy', "Liam O'Connor", 'XQ 84 RM', 'HL-240188'],
          ],
          34,
        ),
      ].join(''),
    ),
};

export const messaging: Screen = {
  crop: LEFT_COLUMN,
  draw: (p, d) => {
    const sent = d.messages;
    return office(
      p,
      d,
      'Messaging',
      'Messaging',
      [
        tabs(p, 166, 94, ['Mobile Push', 'SMS', 'Email'], 0),
        field(p, 166, 132, 320, 'Recipient', 'Grace Nguyen · YT 03 KD'),
        field(p, 166, 188, 320, 'Subject', 'Pickup moved to 09:30 at Flemington'),
        text(166, 256, 'Message', { size: 12, weight: 600, fill: p.muted }),
        el('rect', { x: 166, y: 262, width: 320, height: 120, rx: 6, fill: p.panel, stroke: p.borderStrong }),
        ...[
          'Hi Grace, Greenfield have asked us to pick up',
          'HL-240189 at 09:30 instead of 09:00. Dock 4,',
          'ask for Marco at the gate. Thanks, Mia',
        ].map((line, index) => text(176, 284 + index * 20, line, { size: 13, fill: p.ink })),
        button(p, 166, 396, 'Send'),
        button(p, 236, 396, 'Save draft', 'secondary'),
        card(p, 506, 94, 278, 294, 'Recently sent'),
        ...sent.map((message, index) => {
          const y = 130 + index * 84;
          return (
            chip(p, 518, y, message.channel) +
            text(772, y + 14, message.sent, { size: 12, fill: p.muted, anchor: 'end' }) +
            text(518, y + 40, message.to, { size: 12, weight: 600, fill: p.ink, max: 250 }) +
            text(518, y + 60, message.subject, { size: 12, fill: p.muted, max: 254 })
          );
        }),
      ].join(''),
    );
  },
};
