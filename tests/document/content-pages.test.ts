// The Content area's page editor (issue 31) as a browser without JavaScript uses it, against the
// production build: the generic form posts natively; a save is on the public page at the next
// request; a refused save answers 400 with the field's error and every typed value kept; the
// list buttons add and remove an item without saving; a renamed story's old address answers 308;
// a sales member gets 403.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { signInAs } from '../helpers/staff.ts';

let server: TestServer;
before(async () => {
  server = await startServer({}, { pages: true });
  await signInAs(server, 'editor');
  await signInAs(server, 'seller', { role: 'sales' });
});
after(() => server.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
const decode = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const attribute = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1]!) : undefined;
};

/** What the page's editor form posts as it stands (its fields, without a button). */
function formFields(html: string): Record<string, string> {
  const form = /<form[^>]*class="content-form page-form"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const [tag] of form.matchAll(/<input[^>]*>/g)) {
    const name = attribute(tag, 'name');
    if (!name) continue;
    if (attribute(tag, 'type') === 'checkbox' && !/\schecked=""/.test(tag)) continue;
    fields[name] = attribute(tag, 'value') ?? (attribute(tag, 'type') === 'checkbox' ? 'on' : '');
  }
  for (const [, attributes, text] of form.matchAll(/<textarea([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = attribute(attributes!, 'name');
    if (name) fields[name] = decode(text!);
  }
  return fields;
}

/** A browser signed in on the Content sign-in form. */
async function signedIn(username: string) {
  const client = new ApiClient(server.url);
  const page = await client.get('/content/pages');
  const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
  const answer = await post(client, '/content/pages', {
    _csrf: token,
    intent: 'sign-in',
    username,
    password: 'correct horse battery staple',
  });
  assert.equal(answer.status, 303, answer.text.slice(0, 300));
  return client;
}

function post(client: ApiClient, path: string, fields: Record<string, string>) {
  return client.request('POST', path, { headers: FORM, body: new URLSearchParams(fields).toString() });
}

describe('the page editor without JavaScript', () => {
  test('lists the pages; saves the security page natively; the public page shows it next', async () => {
    const client = await signedIn('editor');
    const list = await client.get('/content/pages');
    assert.equal(list.status, 200);
    assert.equal(list.headers.get('cache-control'), 'no-store');
    assert.match(list.text, /href="\/content\/pages\/feature-dashboard"/);
    assert.match(list.text, /href="\/content\/pages\/site"/);

    const editor = await client.get('/content/pages/security');
    assert.equal(editor.status, 200);
    const fields = formFields(editor.text);
    assert.equal(fields['d.page.title'], 'Security');
    assert.ok(fields['d.topics.0.paragraphs.0']?.startsWith('The website runs'), 'long texts are text areas');

    // Refused: an empty required heading. 400, the error at its field, the other typed text kept.
    const refused = await post(client, '/content/pages/security', {
      ...fields,
      'd.page.title': 'How we keep your data safe',
      'd.topics.0.heading': '',
      intent: 'save',
    });
    assert.equal(refused.status, 400);
    assert.match(decode(refused.text), /topics\.0\.heading: /);
    assert.equal(formFields(refused.text)['d.page.title'], 'How we keep your data safe');
    assert.match((await client.get('/security')).text, /<h1[^>]*>Security<\/h1>/, 'nothing saved');

    // A list button: one more fact, shown unsaved with the typed title; then removed again.
    const added = await post(client, '/content/pages/security', {
      ...fields,
      'd.page.title': 'How we keep your data safe',
      intent: 'add:topics.0.facts',
    });
    assert.equal(added.status, 200);
    const withFact = formFields(added.text);
    assert.equal(withFact['d.topics.0.facts.2.label'], '');
    assert.equal(withFact['d.page.title'], 'How we keep your data safe');
    const removed = formFields(
      (await post(client, '/content/pages/security', { ...withFact, intent: 'remove:topics.0.facts.2' })).text,
    );
    assert.equal(removed['d.topics.0.facts.2.label'], undefined);

    const saved = await post(client, '/content/pages/security', { ...removed, intent: 'save' });
    assert.equal(saved.status, 303);
    assert.equal(saved.headers.get('location'), '/content/pages/security?done=saved');
    assert.match((await client.get('/security')).text, /How we keep your data safe/);
    const after = await client.get('/content/pages/security?done=saved');
    // React writes a comment between the words and the number.
    assert.match(after.text, /Version (<!-- -->)?2/);
    assert.match(after.text, /Restore version (<!-- -->)?1/);

    // Restore the file's text.
    const restored = await post(client, '/content/pages/security', {
      _csrf: fields._csrf!,
      intent: 'restore',
      restore: '1',
      version: '2',
    });
    assert.equal(restored.status, 303);
    assert.match((await client.get('/security')).text, /<h1[^>]*>Security<\/h1>/);
  });

  test("a story's new slug: its old address answers 308, listed on the Redirects screen", async () => {
    const client = await signedIn('editor');
    const fields = formFields((await client.get('/content/pages/customers')).text);
    assert.equal(fields['d.stories.1.slug'], 'redgum-linehaul');
    const saved = await post(client, '/content/pages/customers', {
      ...fields,
      'd.stories.1.slug': 'redgum-linehaul-wa',
      intent: 'save',
    });
    assert.equal(saved.status, 303, saved.text.slice(0, 500));
    const old = await new ApiClient(server.url).get('/customers/redgum-linehaul');
    assert.equal(old.status, 308);
    assert.equal(old.headers.get('location'), '/customers/redgum-linehaul-wa');
    assert.equal((await new ApiClient(server.url).get('/customers/redgum-linehaul-wa')).status, 200);
    const screen = await client.get('/content/redirects');
    assert.match(screen.text, /\/customers\/redgum-linehaul<\/td>/);
  });

  test('a sales member gets 403 on the Pages and Redirects screens', async () => {
    const client = await signedIn('seller');
    for (const path of ['/content/pages', '/content/pages/home', '/content/redirects'])
      assert.equal((await client.get(path)).status, 403, path);
  });
});
