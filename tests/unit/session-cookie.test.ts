// The session cookie's header and reading (server/session-cookie.ts), and what a Content post
// keeps when the sign-in has ended (app/lib/kept-values.ts): decision 049.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keptValues, readKept } from '../../app/lib/kept-values.ts';
import { readSessionCookie, secondsUntil, sessionCookie } from '../../server/session-cookie.ts';

test('the cookie and its marker: HttpOnly only on the secret one, Secure when asked, cleared with Max-Age=0', () => {
  const [cookie, marker] = sessionCookie('a'.repeat(43), 600, true);
  assert.equal(cookie, `haulora_session=${'a'.repeat(43)}; HttpOnly; Path=/; SameSite=Strict; Max-Age=600; Secure`);
  assert.equal(marker, 'haulora_staff=1; Path=/; SameSite=Strict; Max-Age=600; Secure');
  const [cleared, clearedMarker] = sessionCookie('', 0, false);
  assert.equal(cleared, 'haulora_session=; HttpOnly; Path=/; SameSite=Strict; Max-Age=0');
  assert.equal(clearedMarker, 'haulora_staff=; Path=/; SameSite=Strict; Max-Age=0');
  assert.equal(secondsUntil(new Date(Date.now() + 90_000).toISOString()) >= 89, true);
  assert.equal(secondsUntil('2000-01-01T00:00:00Z'), 0);
});

test('reads only a refresh-token-shaped value', () => {
  const token = 'Abc_-'.repeat(9);
  assert.equal(readSessionCookie(`XSRF-TOKEN=x.y; haulora_session=${token}; theme=dark`), token);
  assert.equal(readSessionCookie('haulora_session='), null);
  assert.equal(readSessionCookie('haulora_session=short'), null);
  assert.equal(readSessionCookie('haulora_session=bad"value;with spaces'), null);
  assert.equal(readSessionCookie(undefined), null);
});

test('kept values: what was typed, never the CSRF token, keys, username or password; malformed is none', () => {
  assert.deepEqual(
    keptValues({ _csrf: 't', _key: 'k', intent: 'save', question: 'Q?', password: 'p', username: 'u', version: '3' }),
    { intent: 'save', question: 'Q?', version: '3' },
  );
  assert.deepEqual(readKept(JSON.stringify({ answer: 'A', _csrf: 't' })), { answer: 'A' });
  for (const bad of [undefined, '', 'not json', '[1]', '{"a":1}', 'null', JSON.stringify({ a: 'x'.repeat(20_001) })])
    assert.equal(readKept(bad), null, String(bad).slice(0, 20));
});
