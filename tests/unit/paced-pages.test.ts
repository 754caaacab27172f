// The benchmarks' paired estimate (scripts/lib/paced-pages.ts): the mean of each round's own
// change and its 95 % interval (Student's t for a few rounds), as issue 30's bar is read.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pairedChange } from '../../scripts/lib/paced-pages.ts';

const near = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} is not ${expected}`);

test('rounds that all change alike: that change, and an interval of no width', () => {
  const result = pairedChange([
    { before: 2, after: 2.2 },
    { before: 3, after: 3.3 },
    { before: 4, after: 4.4 },
  ]);
  assert.equal(result.rounds, 3);
  near(result.mean, 0.1);
  near(result.low, 0.1);
  near(result.high, 0.1);
});

test('the interval is t × the standard error: two rounds of 0 % and +20 % give +10 % ± 127 %', () => {
  const result = pairedChange([
    { before: 1, after: 1 },
    { before: 1, after: 1.2 },
  ]);
  near(result.mean, 0.1);
  // sd = 0.1414, standard error 0.1, t(1 degree of freedom) = 12.71.
  near(result.high - result.mean, 1.271);
  near(result.mean - result.low, 1.271);
});

test('each round counts once whatever its size: a round twice as slow weighs like any other', () => {
  const rounds = Array.from({ length: 8 }, (_, index) => ({ before: 1 + index, after: (1 + index) * 1.05 }));
  rounds.push({ before: 100, after: 105 });
  const result = pairedChange(rounds);
  assert.equal(result.rounds, 9);
  near(result.mean, 0.05);
});

test('one round has no interval', () => {
  const result = pairedChange([{ before: 2, after: 3 }]);
  near(result.mean, 0.5);
  assert.ok(Number.isNaN(result.low) && Number.isNaN(result.high));
});
