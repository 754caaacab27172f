// The generic page editor's form (issue 31): a document becomes fields named by path and a shape,
// and a post becomes the same document again, typed values kept as typed; the list buttons change
// one list and nothing else; a malformed shape is refused.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  changeList,
  fieldName,
  labelOf,
  readDocument,
  readListChange,
  readShape,
  shapeOf,
} from '../../app/content-area/page-form-data.ts';

const document = {
  title: 'Dispatch',
  featured: true,
  price: 12,
  points: ['One', 'Two'],
  stories: [
    { slug: 'a', quote: { text: 'Hi', name: 'Ada' } },
    { slug: 'b', quote: { text: 'Yo', name: 'Bea' } },
  ],
};

/** What the form posts for a document: each field by its path, switches only when on. */
function post(value: unknown, path: (string | number)[] = [], into: Record<string, string> = {}) {
  if (typeof value === 'string' || typeof value === 'number') into[fieldName(path)] = String(value);
  else if (value === true) into[fieldName(path)] = 'on';
  else if (Array.isArray(value)) value.forEach((item, index) => post(item, [...path, index], into));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) post(item, [...path, key], into);
  return into;
}

test('a posted form reads back into the document it was drawn from', () => {
  const shape = readShape(JSON.stringify(shapeOf(document)))!;
  assert.deepEqual(readDocument(shape, post(document)), document);
});

test('typed values are kept as typed: an empty text leaves its key out, a non-number stays text', () => {
  const shape = shapeOf(document);
  const values: Record<string, string> = { ...post(document), 'd.title': '', 'd.price': 'twelve', 'd.points.1': '' };
  delete values['d.featured'];
  const read = readDocument(shape, values) as Record<string, unknown>;
  assert.equal('title' in read, false);
  assert.equal(read.price, 'twelve');
  assert.equal(read.featured, false);
  assert.deepEqual(read.points, ['One', '']);
});

test('the list buttons add a blank item like the last, remove, and move one item', () => {
  const added = changeList(document, readListChange('add:stories')!) as typeof document;
  assert.deepEqual(added.stories[2], { slug: '', quote: { text: '', name: '' } });
  assert.equal(added.stories.length, 3);
  const removed = changeList(document, readListChange('remove:stories.0')!) as typeof document;
  assert.deepEqual(
    removed.stories.map((story) => story.slug),
    ['b'],
  );
  const moved = changeList(document, readListChange('down:points.0')!) as typeof document;
  assert.deepEqual(moved.points, ['Two', 'One']);
  // Past the ends, or a path that is no list: nothing changes.
  assert.equal(changeList(document, readListChange('up:points.0')!), document);
  assert.equal(changeList(document, readListChange('remove:stories.7')!), document);
  assert.equal(changeList(document, readListChange('add:title')!), document);
  assert.equal(changeList(document, readListChange('add:nowhere.deep')!), document);
  assert.equal(document.stories.length, 2, 'the original is never changed');
});

test('a malformed shape or list intent is refused', () => {
  for (const field of [undefined, '', 'not json', '"x"', '{"a":"q"}', '[1]', JSON.stringify({ a: { b: 5 } })])
    assert.equal(readShape(field), null, String(field));
  let deep: unknown = 's';
  for (let level = 0; level < 20; level++) deep = [deep];
  assert.equal(readShape(JSON.stringify(deep)), null, 'too deep');
  for (const intent of ['save', 'add:', 'drop:stories', 'add:stories;x', `add:${'a'.repeat(400)}`])
    assert.equal(readListChange(intent), null, intent);
});

test('labels read as words', () => {
  assert.equal(labelOf('fleetSize'), 'Fleet size');
  assert.equal(labelOf('user-profile'), 'User profile');
  assert.equal(labelOf(2), 'Item 3');
});
