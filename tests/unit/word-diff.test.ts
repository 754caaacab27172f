// The clash screen's word diff (common/word-diff.ts): the parts put together give back each text,
// unchanged words are kept in place, and a very long pair falls back to whole texts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type DiffPart, wordDiff } from '../../common/word-diff.ts';

const side = (parts: DiffPart[], drop: DiffPart['kind']) =>
  parts
    .filter((part) => part.kind !== drop)
    .map((part) => part.text)
    .join('');

test('removed and added words, the rest kept; each side rebuilt exactly', () => {
  const before = 'Yes, every load is tracked.\n\nSee the manual.';
  const after = 'Yes, every trailer load is tracked live.\n\nSee the manual.';
  const parts = wordDiff(before, after);
  assert.equal(side(parts, 'added'), before);
  assert.equal(side(parts, 'removed'), after);
  assert.deepEqual(
    parts.filter((part) => part.kind !== 'same').map((part) => `${part.kind}:${part.text.trim()}`),
    ['added:trailer', 'removed:tracked.', 'added:tracked live.'],
  );
});

test('identical, empty and entirely different texts', () => {
  assert.deepEqual(wordDiff('same words', 'same words'), [{ kind: 'same', text: 'same words' }]);
  assert.deepEqual(wordDiff('', 'new'), [{ kind: 'added', text: 'new' }]);
  assert.deepEqual(wordDiff('old', ''), [{ kind: 'removed', text: 'old' }]);
});

test('a pair too long for the table is shown as all removed, all added', () => {
  const long = Array.from({ length: 2500 }, (_, i) => `w${i}`).join(' ');
  const other = Array.from({ length: 2500 }, (_, i) => `v${i}`).join(' ');
  assert.deepEqual(wordDiff(long, other), [
    { kind: 'removed', text: long },
    { kind: 'added', text: other },
  ]);
});
