// The site stylesheet cut into a page's inline rules and the rest (server/services/critical-sheets.ts):
// which units there are, what beasties is given, and which rest rules are drawn into the inline
// sheet so that no tie goes the other way.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  decodeUnits,
  encodeUnits,
  keptUnits,
  readSiteSheet,
  splitSheet,
} from '../../server/services/critical-sheets.ts';

const SHEET = [
  '.a{color:red}', // 0
  '@media (min-width:40rem){.b{margin:0}.c{padding:0}}', // 1, 2
  '@keyframes spin{to{rotate:1turn}}', // 3
  '@layer base{@media print{.a{color:#000!important}}}', // 4
  '.d{margin-top:1rem}', // 5
  '.e::before{color:blue}', // 6
].join('');

describe('the units of the sheet', () => {
  const sheet = readSiteSheet(SHEET);

  test('a rule (with the at-rules it is in), an at-rule, a named layer’s block each make one', () => {
    assert.deepEqual(
      sheet.units.map((unit) => unit.text),
      [
        '.a{color:red}',
        '@media (min-width:40rem){.b{margin:0}}',
        '@media (min-width:40rem){.c{padding:0}}',
        '@keyframes spin{to{rotate:1turn}}',
        '@layer base{@media print{.a{color:#000!important}}}',
        '.d{margin-top:1rem}',
        '.e::before{color:blue}',
      ],
    );
  });

  test('beasties gets every unit marked with its number; the numbers left in its answer say which it kept', () => {
    assert.match(sheet.marked, /\.a\{color:red;--critical-unit:0\}/);
    assert.match(sheet.marked, /\.c\{padding:0;--critical-unit:2\}/);
    assert.match(sheet.marked, /to\{rotate:1turn;--critical-unit:3\}/);
    assert.match(sheet.marked, /\.a\{color:#000!important;--critical-unit:4\}/);
    assert.deepEqual(keptUnits('.a{color:red;--critical-unit:0}.c{padding:0;--critical-unit: 2}'), new Set([0, 2]));
  });

  test('which units are inline, as a URL’s part and back; anything else is not one', () => {
    const inline = new Set([0, 2, 6]);
    const text = encodeUnits(sheet, inline);
    assert.match(text, /^[\w-]+$/);
    assert.deepEqual(decodeUnits(sheet, text), inline);
    assert.equal(decodeUnits(sheet, `${text}A`), undefined);
    assert.equal(decodeUnits(sheet, '/..'), undefined);
    assert.equal(decodeUnits(sheet, '_w'), undefined, 'a unit the sheet does not have');
  });
});

/** How many rest rules are drawn into the inline sheet when only the second unit of `css` is inline. */
const drawnInWhenSecondIsInline = (css: string) => splitSheet(readSiteSheet(css), new Set([1])).promoted;

describe('the two sheets', () => {
  test('each unit goes to one of them, in the sheet’s order', () => {
    const sheet = readSiteSheet(SHEET);
    const { inline, rest, promoted } = splitSheet(sheet, new Set([0, 3]));
    // The layers the sheet names come first, in its order, wherever their rules go.
    assert.equal(inline, '@layer base;.a{color:red}@keyframes spin{to{rotate:1turn}}');
    assert.equal(
      rest,
      '@media (min-width:40rem){.b{margin:0}}@media (min-width:40rem){.c{padding:0}}' +
        '@layer base{@media print{.a{color:#000!important}}}.d{margin-top:1rem}.e::before{color:blue}',
    );
    assert.equal(promoted, 0);
  });

  test('a rest rule that could tie with a later inline rule is drawn into the inline sheet, before it', () => {
    // .x and .y have one specificity and set one property's family (margin, margin-top): on an
    // element with both classes, .y won in the sheet. With .x in the rest, after every inline
    // rule, .x would win: so .x is inline too, in its place.
    const sheet = readSiteSheet('.x{margin:0}.y{margin-top:1rem}.z{color:red}.w{margin:2rem}');
    const { inline, rest, promoted } = splitSheet(sheet, new Set([1, 2]));
    assert.equal(inline, '.x{margin:0}.y{margin-top:1rem}.z{color:red}');
    assert.equal(rest, '.w{margin:2rem}', 'a rest rule after the inline ones keeps its place');
    assert.equal(promoted, 1);
  });

  test('none drawn in where no tie can be: another specificity, another property, another box', () => {
    for (const css of [
      '#x{margin:0}.y{margin-top:1rem}',
      'a{margin:0}.y{margin-top:1rem}',
      '.x{color:red}.y{margin-top:1rem}',
      '.x::before{margin:0}.y{margin-top:1rem}',
      '.x{margin:0!important}.y{margin-top:1rem}',
    ])
      assert.equal(drawnInWhenSecondIsInline(css), 0, css);
  });

  test('ties judged broadly: logical and physical sides, a shorthand and its longhands, :is() and :where()', () => {
    for (const css of [
      '.x{inset-inline-start:0}.y{left:1rem}',
      '.x{inline-size:1rem}.y{width:2rem}',
      '.x{font:1rem serif}.y{line-height:2}',
      '.x .q{gap:1rem}:is(.a,.b .c){column-gap:2rem}',
      ':where(#a) .x{display:none}.y{display:block}',
      '[id=x]{display:none}.y{display:block}',
      '.x{all:unset}.y{color:red}',
      '@media (min-width:1px){.x{display:none}}.y{display:block}',
    ])
      assert.equal(drawnInWhenSecondIsInline(css), 1, css);
  });

  test('a rule drawn in is an inline rule too: the rest rules before it that tie with it follow', () => {
    const sheet = readSiteSheet('.v{display:grid}.w{color:red}.x{display:none;color:blue}.y{color:green}');
    const { inline, rest, promoted } = splitSheet(sheet, new Set([3]));
    assert.equal(inline, '.v{display:grid}.w{color:red}.x{display:none;color:blue}.y{color:green}');
    assert.equal(rest, '');
    assert.equal(promoted, 3);
  });
});

test('a selector or rule the tie rule cannot read ties with everything, before or after', () => {
  for (const css of [
    '.x{color:red}li:nth-child(2 of .a){margin:0}',
    '.x{color:red}.y{margin:0;&:hover{color:blue}}',
    '.x{color:red}.y >>> .z{margin:0}',
    'li:nth-child(2 of .a){margin:0}.x{color:red}',
  ])
    assert.equal(drawnInWhenSecondIsInline(css), 1, css);
});

test('the inline sheet names every layer first, in the sheet’s order, though their blocks are split', () => {
  const sheet = readSiteSheet('@layer a{.p{color:red}}@layer b{.q{color:blue}}');
  assert.equal(splitSheet(sheet, new Set([1])).inline, '@layer a,b;@layer b{.q{color:blue}}');
});
