// Drafts, schedule, preview links, the trash, autosave and the clash diff of the Content area
// (issue 31, decision 052) as a browser without JavaScript uses them, against the production
// build: every step a native post, each checked on the public pages on the next request.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createPreviewLinks } from '../../server/services/content-preview.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, TEST_TOKEN_SECRET, type TestServer } from '../helpers/server.ts';

let server: TestServer;
const PASSWORD = 'long enough password 42';
before(async () => {
  server = await startServer({}, { pages: true });
  const hash = await hashPassword(PASSWORD);
  await server.app.repos.users.create('editor', hash, new Date().toISOString());
  await server.app.repos.users.create('other', hash, new Date().toISOString());
});
after(() => server.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
const tokenOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

const post = (client: ApiClient, path: string, fields: Record<string, string>) =>
  client.request('POST', path, { headers: FORM, body: new URLSearchParams(fields).toString() });

async function signedIn(username: string) {
  const client = new ApiClient(server.url);
  const token = tokenOf((await client.get('/content/faq')).text);
  const response = await post(client, '/content/faq', {
    _csrf: token,
    intent: 'sign-in',
    username,
    password: PASSWORD,
  });
  assert.equal(response.status, 303);
  return { client, token };
}

describe('drafts without JavaScript', () => {
  test('add as a draft, schedule, preview signed out, publish, trash and restore', async () => {
    const { client, token } = await signedIn('editor');
    const added = await post(client, '/content/faq', {
      _csrf: token,
      intent: 'add-draft',
      question: 'Is the quiet draft ready?',
      answer: 'Not yet.',
    });
    assert.equal(added.status, 303);
    assert.doesNotMatch(decode((await client.get('/faq')).text), /quiet draft/);
    assert.doesNotMatch(decode((await client.get('/api/Faqs/GetAllFromFaqs')).text), /quiet draft/);
    const list = decode((await client.get('/content/faq')).text);
    const id = /href="\/content\/faq\/(\d+)"[^>]*>Is the quiet draft ready\?/.exec(list)?.[1];
    assert.ok(id, 'listed for staff');
    assert.match(list, /Draft, not on the site/);
    const path = `/content/faq/${id}`;

    // Save draft with a schedule, typed as local time with the browser's offset (UTC+2 here).
    const inAnHourUtc = new Date(Date.now() + 3600_000);
    const local = new Date(inAnHourUtc.getTime() + 120 * 60_000).toISOString().slice(0, 19);
    const scheduled = await post(client, path, {
      _csrf: token,
      intent: 'draft',
      version: '1',
      question: 'Is the quiet draft ready?',
      answer: 'Soon, on schedule.',
      publishAt: local,
      zoneOffset: '-120',
    });
    assert.equal(scheduled.status, 303);
    assert.equal(scheduled.headers.get('location'), `${path}?done=scheduled`);
    const item = await server.app.services.contentEditing.faq(Number(id));
    assert.equal(item?.publishAt, `${inAnHourUtc.toISOString().slice(0, 19)}.000Z`);
    const page = decode((await client.get(`${path}?done=scheduled`)).text);
    assert.match(page, /Draft saved and scheduled/);
    assert.match(page, /Publishes <time date[tT]ime="[^"]+">/);

    // A preview link: the real FAQ page with the draft, for a visitor who is not signed in.
    const linked = await post(client, path, { _csrf: token, intent: 'preview-link' });
    assert.equal(linked.status, 303);
    const previewPath = decodeURIComponent(/preview=([^&]+)/.exec(linked.headers.get('location') ?? '')?.[1] ?? '');
    assert.match(previewPath, /^\/preview\/p1\./);
    assert.match(decode((await client.get(linked.headers.get('location')!)).text), new RegExp(previewPath));
    const stranger = new ApiClient(server.url);
    const preview = await stranger.get(previewPath);
    assert.equal(preview.status, 200);
    assert.equal(preview.headers.get('cache-control'), 'no-store');
    assert.match(preview.text, /<meta name="robots" content="noindex"/);
    const previewHtml = decode(preview.text);
    assert.match(previewHtml, /Draft preview/);
    assert.match(previewHtml, /Soon, on schedule\./);
    const tampered = `${previewPath.slice(0, -6)}${previewPath.at(-6) === 'A' ? 'B' : 'A'}${previewPath.slice(-5)}`;
    assert.equal((await stranger.get(tampered)).status, 404);
    const expired = createPreviewLinks(TEST_TOKEN_SECRET, () => Date.now() - 7200_000).sign('faq', Number(id));
    const gone = await stranger.get(`/preview/${expired.token}`);
    assert.equal(gone.status, 410);
    assert.match(gone.text, /expired/);

    // Publish now: on /faq at once, the schedule gone.
    const published = await post(client, path, { _csrf: token, intent: 'publish', version: '2' });
    assert.equal(published.status, 303);
    assert.match(decode((await client.get('/faq')).text), /Soon, on schedule\./);
    assert.equal((await server.app.services.contentEditing.faq(Number(id)))?.publishAt, null);

    // To the trash: off the site; listed in the trash; restored, back on the site.
    assert.equal((await post(client, path, { _csrf: token, intent: 'delete', version: '3' })).status, 303);
    assert.doesNotMatch(decode((await client.get('/faq')).text), /quiet draft/);
    const trash = decode((await client.get('/content/trash')).text);
    assert.match(trash, /Is the quiet draft ready\?/);
    assert.equal(
      (await post(client, '/content/trash', { _csrf: token, intent: 'untrash', kind: 'faq', id, version: '4' })).status,
      303,
    );
    assert.match(decode((await client.get('/faq')).text), /Soon, on schedule\./);
    assert.equal(
      (await post(client, '/content/trash', { _csrf: token, intent: 'untrash', kind: 'faq', id, version: '5' })).status,
      404,
    );
  });

  test('autosave keeps one editor’s typing for them alone; a clash shows a word diff', async () => {
    const { client, token } = await signedIn('editor');
    await post(client, '/content/faq', {
      _csrf: token,
      intent: 'add',
      question: 'Who typed this?',
      answer: 'The first words.',
    });
    const list = decode((await client.get('/content/faq')).text);
    const id = /href="\/content\/faq\/(\d+)"[^>]*>Who typed this\?/.exec(list)?.[1];
    const path = `/content/faq/${id}`;
    const autosaved = await post(client, path, {
      _csrf: token,
      intent: 'autosave',
      version: '1',
      question: 'Who typed this?',
      answer: 'The first words, and more typed later.',
    });
    assert.equal(autosaved.status, 200);
    assert.match(
      decode((await client.get(path)).text),
      /is back in the form[\s\S]*The first words, and more typed later\./,
    );
    const other = await signedIn('other');
    assert.doesNotMatch(decode((await other.client.get(path)).text), /more typed later/);

    // The other editor saves first; the first one's save clashes and sees the difference word by word.
    await post(other.client, path, {
      _csrf: other.token,
      intent: 'save',
      version: '1',
      question: 'Who typed this?',
      answer: 'The second words.',
    });
    const clash = await post(client, path, {
      _csrf: token,
      intent: 'save',
      version: '1',
      question: 'Who typed this?',
      answer: 'The first words, and more.',
    });
    assert.equal(clash.status, 409);
    const html = decode(clash.text);
    assert.match(html, /<del>second words\.<\/del>/);
    assert.match(html, /<ins>first words, and more\.<\/ins>/);
    const tooLong = await post(client, path, {
      _csrf: token,
      intent: 'autosave',
      version: '1',
      answer: 'a'.repeat(6000),
    });
    assert.equal(tooLong.status, 400);
  });
});
