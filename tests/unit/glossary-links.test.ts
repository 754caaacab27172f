// The glossary term linker (app/lib/glossary-links.server.ts) and the rows' anchors.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { glossaryAnchor } from '../../app/lib/glossary-anchors.ts';
import { createTermLinker } from '../../app/lib/glossary-links.server.ts';

const entry = (term: string) => ({ id: 1, category: 'Test', term, description: 'A term.' });
const link = createTermLinker(
  ['Fuel card', 'Fuel levy', 'Job', 'Consignment note (connote)', 'Proof of delivery (POD)', 'Pre-start check'].map(
    entry,
  ),
);

test('anchors are stable slugs of the term', () => {
  assert.equal(glossaryAnchor('Consignment note (connote)'), 'term-consignment-note-connote');
  assert.equal(glossaryAnchor('First in, first out (FIFO)'), 'term-first-in-first-out-fifo');
  assert.equal(glossaryAnchor('Café–Pallet'), 'term-cafe-pallet');
});

test('the first mention of each term in a section is linked, in any case, plural included', () => {
  const section = new Set<string>();
  assert.deepEqual(link('Jobs use a fuel card. Each job has one Fuel Card.', section), [
    { text: 'Jobs', anchor: 'term-job' },
    ' use a ',
    { text: 'fuel card', anchor: 'term-fuel-card' },
    '. Each job has one Fuel Card.',
  ]);
  // Later text in the same section links nothing it already linked.
  assert.deepEqual(link('A job and a fuel card.', section), ['A job and a fuel card.']);
  // A new section starts again.
  assert.deepEqual(link('A job.', new Set()), ['A ', { text: 'job', anchor: 'term-job' }, '.']);
});

test('a term is found by its name and by its abbreviation in brackets', () => {
  assert.deepEqual(link('Print connotes and keep the POD.', new Set()), [
    'Print ',
    { text: 'connotes', anchor: 'term-consignment-note-connote' },
    ' and keep the ',
    { text: 'POD', anchor: 'term-proof-of-delivery-pod' },
    '.',
  ]);
  assert.deepEqual(link('Proof of delivery', new Set()), [
    { text: 'Proof of delivery', anchor: 'term-proof-of-delivery-pod' },
  ]);
});

test('no match inside a longer word or a hyphenated compound; the longer term wins', () => {
  assert.deepEqual(link('Jobsite, job-card, fuelling', new Set()), ['Jobsite, job-card, fuelling']);
  assert.deepEqual(link('a pre-start check', new Set()), [
    'a ',
    { text: 'pre-start check', anchor: 'term-pre-start-check' },
  ]);
  assert.deepEqual(link('the fuel levy', new Set()), ['the ', { text: 'fuel levy', anchor: 'term-fuel-levy' }]);
});

test('an empty glossary links nothing', () => {
  assert.deepEqual(createTermLinker([])('A job.', new Set()), ['A job.']);
});
