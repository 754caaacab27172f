// Page drafts against the production build (issue 31, decision 055): the editor's "Save draft",
// "Publish the saved draft now" and "Get a preview link" as a browser without JavaScript posts
// them; a draft stays off the public page; its preview link renders the page's real route with the
// draft for a visitor who is not signed in (no-store, noindex, no scripts, a banner), and answers
// 404 tampered, 410 expired.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createPagePreviewLinks } from '../../server/services/page-preview.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, TEST_TOKEN_SECRET, type TestServer } from '../helpers/server.ts';
import { signInAs } from '../helpers/staff.ts';

let server: TestServer;
before(async () => {
  server = await startServer({}, { pages: true });
  await signInAs(server, 'editor');
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
    if (!name || (attribute(tag, 'type') === 'checkbox' && !/\schecked=""/.test(tag))) continue;
    fields[name] = attribute(tag, 'value') ?? (attribute(tag, 'type') === 'checkbox' ? 'on' : '');
  }
  for (const [, attributes, text] of form.matchAll(/<textarea([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = attribute(attributes!, 'name');
    if (name) fields[name] = decode(text!);
  }
  return fields;
}
const post = (client: ApiClient, path: string, fields: Record<string, string>) =>
  client.request('POST', path, { headers: FORM, body: new URLSearchParams(fields).toString() });
const csrfOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

async function signedIn(username: string) {
  const client = new ApiClient(server.url);
  const page = await client.get('/content/pages');
  const answer = await post(client, '/content/pages', {
    _csrf: csrfOf(page.text),
    intent: 'sign-in',
    username,
    password: 'correct horse battery staple',
  });
  assert.equal(answer.status, 303, answer.text.slice(0, 300));
  return client;
}

describe('page drafts without JavaScript', () => {
  test('Save draft keeps the site as it is; the preview link shows the draft signed out; Publish makes it public', async () => {
    const client = await signedIn('editor');
    const editor = await client.get('/content/pages/security');
    assert.match(editor.text, />Save draft</);
    assert.match(editor.text, />Save and publish</);
    assert.match(editor.text, /name="publishAt"/);
    const fields = formFields(editor.text);
    const drafted = await post(client, '/content/pages/security', {
      ...fields,
      'd.page.title': 'Security, drafted',
      intent: 'draft',
    });
    assert.equal(drafted.status, 303, drafted.text.slice(0, 300));
    assert.equal(drafted.headers.get('location'), '/content/pages/security?done=drafted');
    const after = await client.get('/content/pages/security?done=drafted');
    assert.match(after.text, /A draft is waiting/);
    assert.equal(formFields(after.text)['d.page.title'], 'Security, drafted', 'the form shows the draft');
    const visitor = new ApiClient(server.url);
    assert.match((await visitor.get('/security')).text, /<h1[^>]*>Security<\/h1>/, 'not public');

    // A schedule the form cannot read is the field's refusal, everything typed kept.
    const badTime = await post(client, '/content/pages/security', {
      ...formFields(after.text),
      publishAt: 'next week',
      intent: 'draft',
    });
    assert.equal(badTime.status, 400);
    assert.equal(formFields(badTime.text)['d.page.title'], 'Security, drafted');

    const linked = await post(client, '/content/pages/security', { _csrf: csrfOf(after.text), intent: 'preview-link' });
    assert.equal(linked.status, 303);
    const withLink = await client.get(linked.headers.get('location')!);
    const path = /href="(\/preview\/pg1\.[\w.-]+)"/.exec(withLink.text)?.[1];
    assert.ok(path, 'the link is on the page');

    const preview = await visitor.get(path);
    assert.equal(preview.status, 200, preview.text.slice(0, 300));
    assert.match(preview.text, /<h1[^>]*>Security, drafted<\/h1>/, 'the real page with the draft');
    assert.match(preview.text, /Draft preview:/);
    assert.equal(preview.headers.get('cache-control'), 'no-store');
    assert.equal(preview.headers.get('x-robots-tag'), 'noindex');
    assert.match(preview.headers.get('content-security-policy') ?? '', /script-src 'none'/);
    assert.match((await visitor.get('/security')).text, /<h1[^>]*>Security<\/h1>/, 'still not public');

    const published = await post(client, '/content/pages/security', {
      _csrf: csrfOf(after.text),
      version: fields.version!.replace(/\d+/, (n) => String(Number(n) + 1)),
      intent: 'publish',
    });
    assert.equal(published.status, 303, published.text.slice(0, 300));
    assert.equal(published.headers.get('location'), '/content/pages/security?done=published');
    assert.match((await visitor.get('/security')).text, /<h1[^>]*>Security, drafted<\/h1>/, 'public now');
    const again = await post(client, '/content/pages/security', {
      _csrf: csrfOf(after.text),
      version: String(Number(fields.version) + 2),
      intent: 'publish',
    });
    assert.equal(again.status, 409, 'nothing left to publish');
  });

  test('a preview link of a feature page renders its own route; tampered 404, expired 410', async () => {
    const admin = await signInAs(server, 'editor');
    const { document, version } = (await admin.get('/api/content/pages/feature-dashboard')).body as {
      document: Record<string, any>;
      version: number;
    };
    const draft = { ...document, title: 'Dashboard, previewed' };
    const saved = await admin.call('PUT', '/api/content/pages/feature-dashboard', {
      version,
      document: draft,
      status: 'draft',
    });
    assert.equal(saved.status, 200, saved.text);
    const link = (await admin.call('POST', '/api/content/pages/feature-dashboard/preview-link')).body as {
      path: string;
    };
    const visitor = new ApiClient(server.url);
    const page = await visitor.get(link.path);
    assert.equal(page.status, 200);
    assert.match(page.text, /Dashboard, previewed/);
    assert.doesNotMatch((await visitor.get('/dashboard')).text, /Dashboard, previewed/);

    const token = link.path.slice('/preview/'.length);
    const tampered = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    const refused = await visitor.get(`/preview/${tampered}`);
    assert.equal(refused.status, 404);
    assert.equal(refused.headers.get('cache-control'), 'no-store');
    const expired = createPagePreviewLinks(TEST_TOKEN_SECRET, () => Date.now() - 7_200_000).sign('feature-dashboard');
    const gone = await visitor.get(`/preview/${expired.token}`);
    assert.equal(gone.status, 410);
    assert.match(gone.text, /expired/);
  });
});
