// server/random.ts: per-request tokens from a pool of random bytes, each byte handed out once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { randomToken } from '../../server/random.ts';

test('tokens have the asked length and encoding', () => {
  assert.match(randomToken(16, 'hex'), /^[0-9a-f]{32}$/);
  assert.match(randomToken(16, 'base64'), /^[A-Za-z0-9+/]{22}==$/);
  assert.match(randomToken(18, 'base64url'), /^[A-Za-z0-9_-]{24}$/);
});

test('no token repeats across many refills of the pool', () => {
  // 4096-byte pool: 10,000 tokens of 16 bytes refill it about 40 times, across its boundary too.
  const seen = new Set<string>();
  for (let index = 0; index < 10_000; index++) seen.add(randomToken(16, 'hex'));
  assert.equal(seen.size, 10_000);
  const odd = new Set<string>();
  for (let index = 0; index < 2_000; index++) odd.add(randomToken(18, 'base64url'));
  assert.equal(odd.size, 2_000);
});

test('more bytes than the pool holds is refused', () => {
  assert.throws(() => randomToken(5000, 'hex'), RangeError);
});
