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
