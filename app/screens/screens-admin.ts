// The screens that keep the office in order: settings, documents, tasks, compliance, QAR,
// advanced search and help.
import { button, field, tabs } from './parts-controls.ts';
import { chip, counter, table } from './parts-figures.ts';
import { card } from './parts-frames.ts';
import { LEFT_COLUMN, office, type Screen } from './screen.ts';
import { el, text } from './svg.ts';

export const settings: Screen = {
  crop: { x: 342, y: 58, width: 340, height: 400 },
  draw: (p, d) => {
    const active = d.settings.indexOf('Payroll Setting');
    const rates: [string, string][] = [
      ['Hourly rate', '$36.80'],
      ['MC rate (per hour)', '$39.45'],
      ['HC rate (per hour)', '$38.10'],
      ['Tax rate', '10% GST'],
      ['Night allowance', '$28.50 per shift'],
      ['Lunch allowance', '$17.20'],
      ['Loading rate', '$1.10 per pallet'],
      ['Unloading rate', '$1.10 per pallet'],
    ];
    return office(
      p,
      d,
      'Settings',
      'Settings',
      [
        card(p, 166, 94, 170, 394),
        ...d.settings.map((name, index) => {
          const y = 104 + index * 31;
          return (
            (index === active ? el('rect', { x: 174, y, width: 154, height: 26, rx: 6, fill: p.accentSoft }) : '') +
            text(184, y + 17.5, name, {
              size: 12,
              weight: index === active ? 600 : 400,
              fill: index === active ? p.accent : p.ink,
              max: 140,
            })
          );
        }),
        text(352, 112, 'Payroll Setting', { size: 15, weight: 700, fill: p.ink }),
        text(352, 132, 'The rates driver pay is calculated from.', { size: 12, fill: p.muted }),
        ...rates.map(([label, value], index) =>
          field(p, 352 + (index % 2) * 166, 146 + Math.floor(index / 2) * 62, 154, label, value),
        ),
        button(p, 352, 400, 'Save changes'),
        button(p, 470, 400, 'Cancel', 'secondary'),
      ].join(''),
    );
  },
};

export const documents: Screen = {
  crop: { x: 156, y: 58, width: 340, height: 400 },
  draw: (p, d) =>
    office(
      p,
      d,
      'Documents',
      'Settings',
      [
        tabs(p, 166, 94, ['Add', 'Edit', 'Update', 'Delete'], 0),
        button(p, 672, 92, 'Add document'),
        table(
          p,
          166,
          134,
          [
            { label: 'Document', width: 232 },
            { label: 'Category', width: 96 },
            { label: 'Updated', width: 98 },
            { label: 'Expiry', width: 98 },
            { label: '', width: 94 },
          ],
          d.documents.map((doc) => [
            { text: doc.name, strong: true },
            doc.category,
            doc.updated,
            doc.expiry,
            { text: 'Edit · Update', tone: 'accent' },
          ]),
          40,
        ),
      ].join(''),
    ),
};

export const tasks: Screen = {
  crop: { x: 156, y: 58, width: 340, height: 400 },
  draw: (p, d) =>
    office(
      p,
      d,
      'Tasks',
      'Dashboard',
      [
        tabs(p, 166, 94, ['My tasks', 'All administrators', 'Done'], 1),
        button(p, 700, 92, 'New task'),
        table(
          p,
          166,
          134,
          [
            { label: 'Task', width: 252 },
            { label: 'Status', width: 86 },
            { label: 'Owner', width: 120 },
            { label: 'Due', width: 160 },
          ],
          d.tasks.map((task) => [
            { text: task.task, strong: task.status !== 'Done' },
            { chip: task.status },
            task.owner,
            { text: task.due, tone: task.status === 'Overdue' ? 'danger' : undefined },
          ]),
          44,
        ),
      ].join(''),
    ),
};

export const compliance: Screen = {
  crop: { x: 156, y: 178, width: 340, height: 310 },
  draw: (p, d) =>
    office(
      p,
      d,
      'Compliance',
      'Compliance',
      [
        ...(d.counters.compliance ?? []).map((item, index) => counter(p, 166 + index * 158, 96, 146, item)),
        card(p, 166, 186, 618, 302, 'Compliance list · HL-240188 · Harbourside Beverages'),
        ...d.compliance.map((item, index) => {
          const y = 222 + index * 42;
          return (
            (index ? el('path', { d: `M178 ${y - 10}h594`, stroke: p.border }) : '') +
            text(178, y + 14, item.check, { size: 12, weight: 600, fill: p.ink, max: 200 }) +
            chip(p, 384, y, item.result) +
            text(540, y + 14, item.by, { size: 12, fill: p.muted, max: 230 })
          );
        }),
      ].join(''),
    ),
};

export const qar: Screen = {
  crop: { x: 156, y: 58, width: 340, height: 400 },
  draw: (p, d) =>
    office(
      p,
      d,
      'QAR · Errors to verify',
      'QAR',
      [
        text(166, 110, '3 errors to verify, 2 verified this week', { size: 13, fill: p.muted }),
        ...d.qarErrors.map((error, index) => {
          const y = 124 + index * 72;
          return [
            card(p, 166, y, 618, 62),
            text(180, y + 24, error.record, { size: 12, weight: 700, fill: p.ink }),
            text(180, y + 46, error.problem, { size: 12, fill: p.muted, max: 300 }),
            chip(p, 486, y + 21, error.status),
            text(600, y + 35, `Found ${error.found}`, { size: 12, fill: p.muted }),
            error.status === 'To verify' ? button(p, 708, y + 16, 'Verify') : '',
          ].join('');
        }),
      ].join(''),
    ),
};

export const advancedSearch: Screen = {
  crop: LEFT_COLUMN,
  draw: (p, d) => {
    const results: [string, string, string][] = [
      ['Driver induction pack v4', 'Documents · Induction', 'Updated 28 Oct 2026'],
      ['Induction record, Rosa Villanueva', 'Driver · Rosa Villanueva', 'Uploaded 18 Nov 2026'],
      ['Site induction, Port Botany terminal', 'Driver · Jose Dela Cruz', 'Expires 30 Apr 2027'],
      ['Induction checklist, forklift', 'Documents · Procedure', 'Updated 14 Oct 2026'],
    ];
    return office(
      p,
      d,
      'Advanced Search',
      'Dashboard',
      [
        el('rect', {
          x: 166,
          y: 96,
          width: 618,
          height: 40,
          rx: 8,
          fill: p.panel,
          stroke: p.accent,
          'stroke-width': 2,
        }),
        text(184, 121, 'induction', { size: 15, fill: p.ink }),
        el('rect', { x: 254, y: 106, width: 1.5, height: 20, fill: p.accent }),
        text(772, 121, '4 documents', { size: 12, fill: p.muted, anchor: 'end' }),
        ...results.map(([name, where, when], index) => {
          const y = 150 + index * 80;
          return (
            card(p, 166, y, 618, 70) +
            el('rect', { x: 180, y: y + 15, width: 30, height: 38, rx: 4, fill: p.accentSoft }) +
            text(195, y + 39, 'PDF', { size: 12, weight: 700, fill: p.accent, anchor: 'middle' }) +
            text(224, y + 28, name, { size: 13, weight: 600, fill: p.ink, max: 260 }) +
            text(224, y + 50, where, { size: 12, fill: p.muted, max: 260 }) +
            text(770, y + 40, when, { size: 12, fill: p.muted, anchor: 'end' })
          );
        }),
      ].join(''),
    );
  },
};

export const help: Screen = {
  crop: { x: 156, y: 58, width: 340, height: 400 },
  draw: (p, d) => {
    const items: [string, string, string][] = [
      ['Manual', 'Glossary, colour coding, buttons', 'and operations, screen by screen.'],
      ['Video Tutorials', 'Short numbered videos of', 'common tasks, from booking on.'],
      ['FAQ', 'The questions transport', 'operators ask most.'],
      ['API Reference', 'Every endpoint, its parameters', 'and responses.'],
    ];
    const code = [
      'POST /api/v1/bookings',
      '{',
      '  "customer": "Harbourside Beverages",',
      '  "type": "Linehaul",',
      '  "pickup": "2026-11-25T07:15+11:00",',
      '  "from": "Port Botany NSW",',
      '  "to": "Laverton VIC"',
      '}',
      '201 Created  HL-240188',
    ];
    return office(
      p,
      d,
      'Help',
      'Help',
      [
        ...items.map(([title, line1, line2], index) => {
          const y = 96 + index * 98;
          return (
            card(p, 166, y, 300, 86) +
            text(180, y + 26, title, { size: 14, weight: 700, fill: p.accent }) +
            text(180, y + 50, line1, { size: 12, fill: p.muted }) +
            text(180, y + 68, line2, { size: 12, fill: p.muted })
          );
        }),
        el('rect', { x: 480, y: 96, width: 304, height: 380, rx: 8, fill: p.band }),
        text(496, 122, 'API Reference', { size: 13, weight: 700, fill: p.bandInk }),
        ...code.map((line, index) =>
          text(496, 156 + index * 24, line, {
            size: 12,
            mono: true,
            fill: index === code.length - 1 ? p.highlight : p.bandMuted,
          }),
        ),
      ].join(''),
    );
  },
};
