// What the page-weight budget says about a page (scripts/lib/page-weight.ts): nothing within the
// budgets; over one, the figure, the limit and what was fetched, so a failure on CI can be read
// without running it again.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Fetched, KB, type PageWeight, WIRE_BUDGETS, wireBudgetFailures } from '../../scripts/lib/page-weight.ts';

const ORIGIN = 'http://127.0.0.1:4000';
const fetched = (kind: string, path: string, transferred = 1000): Fetched => ({
  url: `${ORIGIN}${path}`,
  kind,
  status: 200,
  transferred,
  decoded: transferred * 3,
});

function pageWeight(entries: Fetched[], requests = entries.length): PageWeight {
  const scripts = entries.filter((entry) => entry.kind === 'script');
  const sum = (list: Fetched[]) => list.reduce((total, entry) => total + entry.transferred, 0);
  return {
    path: '/faq',
    status: 200,
    requests,
    jsTransferred: sum(scripts),
    jsDecoded: scripts.reduce((total, entry) => total + entry.decoded, 0),
    otherTransferred: sum(entries) - sum(scripts),
    fetched: entries,
    failed: [],
  };
}

test('a page within the budgets has nothing to say', () => {
  const entries = [fetched('document', '/faq'), fetched('script', '/assets/framework.js', 90 * KB)];
  assert.deepEqual(wireBudgetFailures(pageWeight(entries)), []);
});

test('too many requests: the count, the limit, and every request by kind and path with repeats counted', () => {
  const entries = [
    fetched('document', '/faq'),
    ...Array.from({ length: WIRE_BUDGETS.requests - 2 }, (_, index) => fetched('script', `/assets/part-${index}.js`)),
    fetched('fetch', '/__manifest'),
    fetched('fetch', '/__manifest'),
  ];
  const [failure, ...rest] = wireBudgetFailures(pageWeight(entries));
  assert.deepEqual(rest, []);
  assert.match(failure!, new RegExp(`^${WIRE_BUDGETS.requests + 1} requests > ${WIRE_BUDGETS.requests} \\(`));
  assert.match(failure!, /document \/faq, script \/assets\/part-0\.js, /);
  assert.match(failure!, /, fetch \/__manifest ×2\)$/);
});

test('too much JavaScript: the total, the limit and the largest scripts; another status than 200 is named', () => {
  const entries = [
    fetched('document', '/faq'),
    fetched('script', '/assets/framework.js', 100 * KB),
    fetched('script', '/assets/shell.js', 50 * KB),
  ];
  const failures = wireBudgetFailures({ ...pageWeight(entries), status: 500 });
  assert.deepEqual(failures, [
    'answered 500',
    'JavaScript transferred 150.0 KB > 140.0 KB (largest: 100.0 KB /assets/framework.js, 50.0 KB /assets/shell.js)',
  ]);
});
