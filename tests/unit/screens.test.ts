// The product screen library (app/screens/, decision 034): colours come from the design tokens,
// every screen draws in both themes from the sample content, and its phone detail stays narrow
// enough for its 12-unit text to show at 11 px or more on a 375 px phone.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { paletteFrom, readPalettes, resolveTokens } from '../../app/screens/palette.ts';
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
