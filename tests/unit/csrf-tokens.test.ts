// server/plugins/csrf.ts createCsrfTokens: issued tokens are genuine; remembering genuine ones
// (so a visitor's cookie is not re-signed on every request) never lets a forged one through.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCsrfTokens } from '../../server/plugins/csrf.ts';

const SECRET = 'csrf-unit-test-secret-that-is-long-enough-0123456789';

test('a token it issued is genuine, again and again; one from another secret is not', () => {
  const tokens = createCsrfTokens(SECRET);
  const token = tokens.issue();
  assert.match(token, /^[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{43}$/);
  for (let index = 0; index < 3; index++) assert.equal(tokens.isGenuine(token), true);
  assert.equal(createCsrfTokens(`${SECRET}-other`).isGenuine(token), false);
});

test('after a genuine token was seen, altered copies of it are still refused', () => {
  const tokens = createCsrfTokens(SECRET);
  const token = tokens.issue();
  assert.equal(tokens.isGenuine(token), true);
  const [nonce, signature] = token.split('.') as [string, string];
  const flipped = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
  for (const forged of [
    `${flipped(nonce)}.${signature}`,
    `${nonce}.${flipped(signature)}`,
    `${nonce}.${signature}.x`,
    `${nonce}.`,
    token.slice(0, -1),
    `${token} `,
    '',
  ]) {
    assert.equal(tokens.isGenuine(forged), false, forged);
  }
  assert.equal(tokens.isGenuine(undefined), false);
});

test('far more visitors than it remembers: every genuine token is still genuine, each forgery still refused', () => {
  const tokens = createCsrfTokens(SECRET);
  // More than the 10,000 remembered, so the first ones have been dropped and are checked afresh.
  const issued = Array.from({ length: 12_000 }, () => tokens.issue());
  for (const token of issued) assert.equal(tokens.isGenuine(token), true);
  for (const token of issued.slice(0, 100)) assert.equal(tokens.isGenuine(token), true);
  for (const token of issued.slice(0, 100))
    assert.equal(tokens.isGenuine(`${token.split('.')[0]}.${'A'.repeat(43)}`), false);
});
