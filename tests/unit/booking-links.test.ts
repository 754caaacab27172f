// The visitor's booking link tokens (server/services/booking/links.ts): signed, single purpose,
// expiring; a tampered, foreign or expired token is refused.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, test } from 'node:test';
import { createBookingLinks } from '../../server/services/booking/links.ts';
import { createTokenService } from '../../server/services/tokens.ts';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const NOW = Date.parse('2026-10-01T00:00:00Z');
const MEETING_END = new Date('2026-10-04T22:30:00Z');

describe('booking links', () => {
  const links = createBookingLinks(SECRET, { now: () => NOW });

  test('a signed token names its booking until it expires, and is short enough for an email', () => {
    const token = links.sign('6f1c1f7e-2d2b-4c1e-9d55-5d0e0f1a2b3c', MEETING_END);
    assert.match(token, /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    assert.ok(token.length < 160, `${token.length} characters`);
    assert.deepEqual(links.verify(token), {
      ok: true,
      uid: '6f1c1f7e-2d2b-4c1e-9d55-5d0e0f1a2b3c',
      expiresAt: MEETING_END,
    });
    const later = createBookingLinks(SECRET, { now: () => MEETING_END.getTime() });
    assert.deepEqual(later.verify(token), { ok: false, reason: 'expired' });
  });

  const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  test('tampered, truncated, re-signed elsewhere or not a token at all: invalid', () => {
    const token = links.sign('abc', MEETING_END);
    const [version, payload, signature] = token.split('.') as [string, string, string];
    const otherPayload = Buffer.from(
      JSON.stringify({ p: 'demo-booking', u: 'someone-else', e: 4_000_000_000 }),
    ).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    for (const bad of [
      `${version}.${otherPayload}.${signature}`,
      `${version}.${payload}.${flipped}`,
      // The last character's two spare bits: another spelling of the same 32 bytes is refused too.
      `${version}.${payload}.${signature.slice(0, -1)}${B64URL[B64URL.indexOf(signature.at(-1)!) ^ 1]}`,
      `${version}.${payload}`,
      `v2.${payload}.${signature}`,
      '',
      'x'.repeat(2000),
      createBookingLinks('another-secret-that-is-long-enough-for-signing', { now: () => NOW }).sign('abc', MEETING_END),
    ]) {
      assert.deepEqual(links.verify(bad), { ok: false, reason: 'invalid' }, bad.slice(0, 60));
    }
  });

  test('single purpose: a token signed for another purpose with the raw secret, or an access token, is refused', async () => {
    const payload = Buffer.from(JSON.stringify({ p: 'calendar-feed', u: 'abc', e: 4_000_000_000 })).toString(
      'base64url',
    );
    const rawSigned = `v1.${payload}.${createHmac('sha256', SECRET).update(`v1.${payload}`).digest('base64url')}`;
    assert.deepEqual(links.verify(rawSigned), { ok: false, reason: 'invalid' });
    const access = await createTokenService(SECRET, 900).signAccessToken({
      userId: 1,
      username: 'amy',
      sessionId: 's',
    });
    assert.deepEqual(links.verify(access), { ok: false, reason: 'invalid' });
  });
});
