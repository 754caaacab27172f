// The glossary table's rows for a view (app/lib/glossary-rows.ts): search, order and pages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GlossaryEntry } from '../../common/api.ts';
import { matchingRows, pageCountOf, pageRange, rowsPerPage, sortedRows } from '../../app/lib/glossary-rows.ts';

let nextId = 1;
const entry = (category: string, term: string, description: string): GlossaryEntry => ({
  id: nextId++,
  category,
  term,
  description,
});

// In the stored order (category, then term), as the database lists them.
const rows = [
  entry('Compliance', 'Fatigue management', 'Rules on driving hours and rest.'),
  entry('Compliance', 'Pre-start check', 'A vehicle check before a shift; see [fatigue](/glossary).'),
  entry('Fleet', 'fuel card', 'A card for buying fuel.'),
  entry('Fleet', 'Fuel levy', 'A surcharge that follows the price of fuel.'),
  entry('Jobs', 'Zone', 'An area priced as one.'),
  entry('jobs', 'Consignment note (connote)', 'The paper that travels with the freight.'),
];
const terms = (list: readonly GlossaryEntry[]) => list.map((row) => row.term);
const storedOrder = terms(rows);

test('an empty search matches every row, in the given order, without copying them', () => {
  assert.equal(matchingRows(rows, ''), rows);
});

test('the search matches any column, ignoring case, inside words and markup', () => {
  assert.deepEqual(terms(matchingRows(rows, 'FUEL')), ['fuel card', 'Fuel levy']);
  assert.deepEqual(terms(matchingRows(rows, 'compliance')), ['Fatigue management', 'Pre-start check']);
  assert.deepEqual(terms(matchingRows(rows, 'fatigue')), ['Fatigue management', 'Pre-start check']);
  assert.deepEqual(terms(matchingRows(rows, '(connote')), ['Consignment note (connote)']);
  assert.deepEqual(matchingRows(rows, 'no such thing'), []);
});

test('a search for spaces is a search like any other (the box keeps what was typed)', () => {
  assert.deepEqual(terms(matchingRows(rows, ' levy')), ['Fuel levy']);
});

test('no sort keeps the stored order', () => {
  assert.equal(sortedRows(rows, null), rows);
});

test('a column sorts by its lowercased text, ascending and descending, ties in the stored order', () => {
  assert.deepEqual(terms(sortedRows(rows, { column: 'term', desc: false })), [
    'Consignment note (connote)',
    'Fatigue management',
    'fuel card',
    'Fuel levy',
    'Pre-start check',
    'Zone',
  ]);
  assert.deepEqual(terms(sortedRows(rows, { column: 'term', desc: true })), [
    'Zone',
    'Pre-start check',
    'Fuel levy',
    'fuel card',
    'Fatigue management',
    'Consignment note (connote)',
  ]);
  // 'Jobs' and 'jobs' are equal lowercased: they keep their stored order either way.
  assert.deepEqual(terms(sortedRows(rows, { column: 'category', desc: true })), [
    'Zone',
    'Consignment note (connote)',
    'fuel card',
    'Fuel levy',
    'Fatigue management',
    'Pre-start check',
  ]);
  assert.deepEqual(terms(rows), storedOrder, 'the rows given are not reordered');
});

test('pages: a size or every row on one, ranges and a page past the end', () => {
  assert.equal(rowsPerPage(10, 95), 10);
  assert.equal(rowsPerPage('all', 95), 95);
  assert.equal(rowsPerPage('all', 0), 1);
  assert.equal(pageCountOf(95, 10), 10);
  assert.equal(pageCountOf(100, 10), 10);
  assert.equal(pageCountOf(0, 10), 1);
  assert.deepEqual(pageRange(1, 10, 95), { start: 0, end: 10 });
  assert.deepEqual(pageRange(10, 10, 95), { start: 90, end: 95 });
  assert.deepEqual(pageRange(11, 10, 95), { start: 95, end: 95 });
  assert.deepEqual(pageRange(1, 10, 0), { start: 0, end: 0 });
});
