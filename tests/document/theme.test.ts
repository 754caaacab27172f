// The theme menu's post without JavaScript (POST /forms/theme, decision 023) against the
// production build: a genuine post keeps the choice in the cookie and sends the visitor back
// (303) to a page of this site rendered in it; "match my system" removes the cookie; forged
// posts, unknown themes and addresses off the site are refused or ignored.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { themeCookie } from '../../app/lib/theme.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer({}, { pages: true });
});
after(() => server.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };

async function visitor(path = '/faq') {
  const client = new ApiClient(server.url);
  const page = await client.get(path);
  const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
  assert.ok(token);
  return { client, token };
}

const post = (client: ApiClient, fields: Record<string, string>) =>
  client.request('POST', '/forms/theme', { headers: FORM, body: new URLSearchParams(fields).toString() });

const themeOf = (html: string) => /<html[^>]*\bdata-theme="([a-z]+)"/.exec(html)?.[1];

describe('POST /forms/theme', () => {
  test('keeps the choice for a year and goes back to the page, which the server renders in it', async () => {
    const { client, token } = await visitor();
    const answer = await post(client, { _csrf: token, _back: '/glossary?q=fleet', theme: 'dark' });
    assert.equal(answer.status, 303);
    assert.equal(answer.headers.get('location'), '/glossary?q=fleet');
    assert.equal(answer.headers.get('set-cookie'), 'theme=dark; Max-Age=31536000; Path=/; SameSite=Lax');
    assert.equal(client.cookies.get('theme'), 'dark');
    const page = await client.get('/glossary?q=fleet');
    assert.equal(themeOf(page.text), 'dark');
  });

  test('"match my system" removes the cookie', async () => {
    const { client, token } = await visitor();
    await post(client, { _csrf: token, _back: '/faq', theme: 'light' });
    const answer = await post(client, { _csrf: token, _back: '/faq', theme: 'system' });
    assert.equal(answer.status, 303);
    assert.match(answer.headers.get('set-cookie') ?? '', /^theme=; Max-Age=0; Path=\/; SameSite=Lax$/);
  });

  test('a forged post is refused with 403 and changes nothing', async () => {
    const { client } = await visitor();
    const answer = await post(client, { _csrf: 'forged.value', _back: '/faq', theme: 'dark' });
    assert.equal(answer.status, 403);
    assert.equal(answer.headers.get('set-cookie'), null);
  });

  test('an unknown theme is a 400', async () => {
    const { client, token } = await visitor();
    const answer = await post(client, { _csrf: token, _back: '/faq', theme: 'sepia' });
    assert.equal(answer.status, 400);
    assert.equal(answer.headers.get('set-cookie'), null);
  });

  test('a way back off the site goes home instead', async () => {
    const { client, token } = await visitor();
    for (const back of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const answer = await post(client, { _csrf: token, _back: back, theme: 'dark' });
      assert.equal(answer.headers.get('location'), '/home', back);
    }
  });

  test('GET lands on the home page', async () => {
    const answer = await new ApiClient(server.url).request('GET', '/forms/theme');
    assert.equal(answer.status, 303);
    assert.equal(answer.headers.get('location'), '/home');
  });
});

test('the cookie is marked Secure when the site is served over HTTPS', () => {
  assert.equal(themeCookie('light', true), 'theme=light; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
});
