// The words and the undo of FAQ reorders (decision 056): which one item moved, the order an undo
// restores over items added or trashed since, and which change Undo takes back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergeOrder, movedItem, undoTarget } from '../../server/services/content-order.ts';
import type { OrderChangeRow } from '../../server/db/repositories/content-orders.ts';

test('movedItem names the one item that moved, with 1-based places; null when several did', () => {
  assert.deepEqual(movedItem([1, 2, 3, 4], [3, 1, 2, 4]), { id: 3, from: 3, to: 1 });
  assert.deepEqual(movedItem([1, 2, 3, 4], [2, 3, 1, 4]), { id: 1, from: 1, to: 3 });
  // Two neighbours swapped: either reading, the moved one when known.
  assert.deepEqual(movedItem([1, 2, 3], [2, 1, 3]), { id: 2, from: 2, to: 1 });
  assert.deepEqual(movedItem([1, 2, 3], [2, 1, 3], 1), { id: 1, from: 1, to: 2 });
  assert.equal(movedItem([1, 2, 3, 4], [4, 3, 2, 1]), null);
  assert.equal(movedItem([1, 2, 3], [1, 2, 3]), null);
  assert.equal(movedItem([1, 2], [1, 2, 3]), null);
});

test('mergeOrder keeps the wanted order of items still there, new items after', () => {
  assert.deepEqual(mergeOrder([3, 1, 2], [1, 2, 3]), [3, 1, 2]);
  assert.deepEqual(mergeOrder([3, 1, 2], [1, 3, 5, 4]), [3, 1, 5, 4]);
});

test('undoTarget is the newest reorder no undo took back', () => {
  const change = (version: number, action: 'reorder' | 'undo', undoes: number | null = null): OrderChangeRow => ({
    id: version,
    version,
    action,
    username: 'ann',
    at: '2026-11-26T08:00:00Z',
    before: [],
    after: [],
    moved: null,
    undoes,
  });
  // Newest first, as the repository lists them.
  assert.equal(undoTarget([change(3, 'undo', 2), change(2, 'reorder'), change(1, 'reorder')])?.version, 1);
  assert.equal(undoTarget([change(2, 'undo', 1), change(1, 'reorder')]), null);
  assert.equal(undoTarget([]), null);
});
