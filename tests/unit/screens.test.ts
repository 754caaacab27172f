// The product screen library (app/screens/, decision 034): colours come from the design tokens,
// every screen draws in both themes from the sample content, and its phone detail stays narrow
// enough for its 12-unit text to show at 11 px or more on a 375 px phone. A screen drawn into a
// page names the tokens instead, so the page's theme colours it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { cssPalette, paletteFrom, readPalettes, resolveTokens } from '../../app/screens/palette.ts';
import { chip } from '../../app/screens/parts-figures.ts';
import { renderScreens } from '../../app/screens/render.ts';
import { boxOf, topLevelElements, withinCrop } from '../../app/screens/crop.ts';
import { el, fit, text } from '../../app/screens/svg.ts';
import { SCREEN_IDS, schema } from '../../content/screens.schema.ts';

const ROOT = join(import.meta.dirname, '../..');
const TOKENS = join(ROOT, 'app/styles/tokens.css');
const data = schema.parse(parse(readFileSync(join(ROOT, 'content/screens.yaml'), 'utf8')));
const palettes = readPalettes(TOKENS);

test('tokens resolve per theme through var() and light-dark()', () => {
  const css = ':root { --a: #111111; --b: light-dark(var(--a), #eeeeee); --c: var(--b); }';
  assert.equal(resolveTokens(css, 'light').get('--c'), '#111111');
  assert.equal(resolveTokens(css, 'dark').get('--c'), '#eeeeee');
});

test('the palettes are the site tokens: job statuses in the spec colours, surfaces per theme', () => {
  assert.equal(palettes.light.pending, '#9ca3af');
  assert.equal(palettes.light.dispatched, '#facc15');
  assert.equal(palettes.dark.completed, '#22c55e');
  assert.notEqual(palettes.light.panel, palettes.dark.panel);
  assert.throws(() => paletteFrom(':root { --surface: #fff; }', 'light'), /did not resolve/);
});

test('a job status chip takes its status colour with the status ink; other words a tone', () => {
  assert.match(chip(palettes.light, 0, 0, 'CANCELLED'), /fill="#ef4444"/);
  assert.match(chip(palettes.light, 0, 0, 'Dispatched'), /fill="#facc15"/);
  assert.doesNotMatch(chip(palettes.light, 0, 0, 'Paid'), /#22c55e/);
});

test('text is escaped and cut with an ellipsis to fit its width', () => {
  assert.equal(el('text', { x: 1 }, 'a'), '<text x="1">a</text>');
  assert.match(text(0, 0, "O'Connor & <Sons>", { fill: '#000' }), /O'Connor &amp; &lt;Sons&gt;/);
  assert.equal(fit('Coastline Building Supplies', 12, 80), 'Coastline…');
  assert.equal(fit('Short', 12, 80), 'Short');
});

test('every screen draws in both themes, whole and as its phone detail, and names its content', () => {
  const { files, sizes } = renderScreens(data, palettes);
  assert.equal(files.length, SCREEN_IDS.length * 4);
  for (const id of SCREEN_IDS) {
    // At most 356 units wide: the 327 px a 375 px phone gives it show 12-unit text at 11 px or more.
    assert.ok(sizes[id].detail.width <= 356, `${id}'s detail is ${sizes[id].detail.width} wide`);
    for (const name of [`${id}-light.svg`, `${id}-dark-detail.svg`]) {
      const svg = files.find((file) => file.name === name)?.svg;
      assert.ok(svg?.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), name);
      assert.ok(
        svg!.includes(`<title>${data.screens[id].alt.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}</title>`),
        `${name} carries its alt text`,
      );
      assert.doesNotMatch(svg!, /font-size="(?:[0-9]|1[01])(?:\.\d+)?"/, `${name} has no text under 12 units`);
    }
  }
  const jobs = files.find((file) => file.name === 'jobs-light.svg')!.svg;
  for (const job of data.jobs) assert.ok(jobs.includes(job.ref), `the jobs screen lists ${job.ref}`);
});

test('a screen drawn into a page names the tokens, never a colour, and the dark surfaces step as in the files', () => {
  const palette = cssPalette();
  for (const [role, colour] of Object.entries(palette))
    assert.match(colour, /^(var\(--[\w-]+\)|light-dark\(var\(--[\w-]+\), var\(--[\w-]+\)\))$/, role);
  assert.equal(palette.page, 'light-dark(var(--surface-muted), var(--surface))');
  assert.equal(palette.pending, 'var(--status-pending)');

  const { inline, sizes } = renderScreens(data, palettes);
  assert.deepEqual(Object.keys(inline).sort(), [...SCREEN_IDS].sort());
  const markup = inline.dashboard;
  assert.doesNotMatch(markup, /(fill|stroke)="#/, 'no literal colour');
  // The whole and the phone's detail, each named by the alt text and each drawing the screen.
  const views = [
    ...markup.matchAll(
      /<svg class="screen-inline-(full|detail)" viewBox="([^"]+)"[^>]*aria-label="([^"]+)">(.*?)<\/svg>(?=<svg|$)/g,
    ),
  ];
  assert.deepEqual(
    views.map((view) => view[1]),
    ['full', 'detail'],
  );
  assert.equal(views[0]![2], `0 0 ${sizes.dashboard.full.width} ${sizes.dashboard.full.height}`);
  assert.match(views[1]![2]!, new RegExp(` ${sizes.dashboard.detail.width} ${sizes.dashboard.detail.height}$`));
  assert.ok(views[0]![3]!.startsWith('The Haulora dashboard'));
  for (const [, name, , , drawing] of views) {
    assert.ok(drawing!.includes('>Dashboard</text>'), `the ${name} view draws the screen`);
    // Its clip paths' ids are scoped to the screen and the view, and every reference is to one of them.
    const ids = [...drawing!.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]!);
    assert.ok(ids.length > 0 && ids.every((id) => id.startsWith(`screen-dashboard-${name}-`)), ids.join(' '));
    for (const [, ref] of drawing!.matchAll(/url\(#([^)]+)\)/g)) assert.ok(ids.includes(ref!), `${ref} is defined`);
  }
});

test("a phone's detail keeps what can show in its crop and whatever it cannot place", () => {
  const crop = { x: 100, y: 100, width: 200, height: 100 };
  const inside = text(120, 150, 'Inside', { fill: '#000' });
  const acrossTheEdge = text(90, 150, 'Starts left of the crop', { fill: '#000' });
  const endingAtTheEdge = text(99, 150, 'Right-aligned, ends at the left edge', { fill: '#000', anchor: 'end' });
  const below = text(120, 260, 'Below the crop', { fill: '#000' });
  const farRight = el('rect', { x: 400, y: 120, width: 40, height: 20 });
  const dotAbove = el('circle', { cx: 150, cy: 60, r: 10 });
  const lineInto = el('line', { x1: 0, y1: 150, x2: 150, y2: 150 });
  const path = el('path', { d: 'M900 900h10' });
  const moved = el('g', { transform: 'translate(500 500)' }, el('rect', { width: 10, height: 10 }));
  const group = el('g', { 'clip-path': 'url(#c)' }, below, farRight);
  const body = [inside, acrossTheEdge, endingAtTheEdge, below, farRight, dotAbove, lineInto, path, moved, group].join(
    '',
  );

  assert.deepEqual(topLevelElements(body).length, 10);
  assert.equal(topLevelElements(group)[0], group, 'a group is one element, with its children');
  assert.deepEqual(boxOf(farRight), { x: 394, y: 114, width: 52, height: 32 });
  assert.equal(boxOf(path), undefined);
  assert.equal(boxOf(moved), undefined);
  assert.equal(boxOf(group), undefined);
  // The text's box is its length at a wide advance, from its anchor.
  assert.ok(boxOf(endingAtTheEdge)!.x < 99 - 30 * 13 * 0.56);

  assert.equal(withinCrop(body, crop), [inside, acrossTheEdge, endingAtTheEdge, lineInto, path, moved, group].join(''));
  // The whole is never cut.
  assert.equal(withinCrop(body, { x: 0, y: 0, width: 1000, height: 1000 }), body);
});

test("every screen's detail file and inline detail draw fewer elements than the whole", () => {
  const { files, inline } = renderScreens(data, palettes);
  const count = (markup: string) => markup.match(/<[a-z]/g)!.length;
  for (const id of SCREEN_IDS) {
    const whole = files.find((file) => file.name === `${id}-light.svg`)!.svg;
    const detail = files.find((file) => file.name === `${id}-light-detail.svg`)!.svg;
    assert.ok(count(detail) < count(whole), `${id}: ${count(detail)} of ${count(whole)}`);
    const [full, phone] = inline[id].split('<svg class="screen-inline-detail"');
    assert.ok(count(phone!) < count(full!), `${id} inline`);
  }
});
