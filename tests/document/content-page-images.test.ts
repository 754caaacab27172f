// A story's photo uploaded in the page editor without JavaScript (issue 31), against the
// production build: the editor form posts multipart; its Upload button checks the image (alt text
// required, the contact form's checks), places it and shows the form again unsaved; a save puts it
// on the story's page with its size and alt text. A refused upload keeps what was typed and stores
// nothing.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { IMAGE_MESSAGES } from '../../common/content-images.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { png, svg } from '../helpers/images.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { signInAs, STAFF_PASSWORD } from '../helpers/staff.ts';

let server: TestServer;
before(async () => {
  server = await startServer({}, { pages: true });
  await signInAs(server, 'editor');
});
after(() => server.close());

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

/** What the editor form posts as it stands: inputs (not files), text areas, selected options. */
function formFields(html: string): Record<string, string> {
  const form = /<form[^>]*class="content-form page-form"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const [tag] of form.matchAll(/<input[^>]*>/g)) {
    const name = attribute(tag, 'name');
    const type = attribute(tag, 'type');
    if (!name || type === 'file' || (type === 'checkbox' && !/\schecked=""/.test(tag))) continue;
    fields[name] = attribute(tag, 'value') ?? (type === 'checkbox' ? 'on' : '');
  }
  for (const [, attributes, text] of form.matchAll(/<textarea([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = attribute(attributes!, 'name');
    if (name) fields[name] = decode(text!);
  }
  for (const [, attributes, options] of form.matchAll(/<select([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = attribute(attributes!, 'name');
    const selected = /<option[^>]*selected=""[^>]*>/.exec(options!)?.[0];
    if (name) fields[name] = selected ? (attribute(selected, 'value') ?? '') : '';
  }
  return fields;
}

function multipart(fields: Record<string, string>, files: Record<string, Buffer> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, bytes] of Object.entries(files))
    form.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  return form;
}

test("a story's photo: uploaded and placed unsaved, refused without alt or as SVG, saved onto the story", async () => {
  const client = new ApiClient(server.url);
  const login = await client.get('/content/pages/customers');
  const token = /name="_csrf" value="([^"]+)"/.exec(login.text)?.[1] ?? '';
  const signIn = await client.request('POST', '/content/pages/customers', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: token, intent: 'sign-in', username: 'editor', password: STAFF_PASSWORD }),
  });
  assert.equal(signIn.status, 303);
  const editor = await client.get('/content/pages/customers');
  const formTag = /<form[^>]*page-form[^>]*>/.exec(editor.text)?.[0] ?? '';
  assert.match(formTag, /enctype="multipart\/form-data"/i, formTag);
  const fields = formFields(editor.text);
  assert.equal(fields['d.stories.0.photo.src'], '', 'an empty photo field on every story');
  const fileTag = /<input[^>]*name="u\.stories\.0\.photo"[^>]*>/.exec(editor.text)?.[0] ?? '';
  assert.match(fileTag, /type="file"/);
  assert.match(fileTag, /accept="image\/png,image\/jpeg,image\/webp,image\/gif"/);
  const images = async () => (await server.app.services.contentImages.list()).length;

  // No alt text: 400 at the field, the typed heading kept, nothing stored.
  const typed = { ...fields, 'd.page.title': 'Operators who run on Haulora' };
  const noAlt = await client.request('POST', '/content/pages/customers', {
    headers: { accept: 'text/html' },
    body: multipart({ ...typed, intent: 'upload:stories.0.photo' }, { 'u.stories.0.photo': png(60, 40) }),
  });
  assert.equal(noAlt.status, 400);
  assert.match(decode(noAlt.text), new RegExp(IMAGE_MESSAGES.altRequired.slice(0, 40)));
  assert.equal(formFields(noAlt.text)['d.page.title'], 'Operators who run on Haulora');
  // An SVG named photo.png: 415.
  const disguised = await client.request('POST', '/content/pages/customers', {
    body: multipart(
      { ...typed, 'd.stories.0.photo.alt': 'A photo', intent: 'upload:stories.0.photo' },
      { 'u.stories.0.photo': svg },
    ),
  });
  assert.equal(disguised.status, 415);
  assert.match(decode(disguised.text), new RegExp(MESSAGES.imageType));
  assert.equal(await images(), 0);

  // Uploaded: placed in the form (chosen in the picker, previewed), not saved yet.
  const alt = 'Drivers loading vans at the Coastline Couriers depot';
  const uploaded = await client.request('POST', '/content/pages/customers', {
    body: multipart(
      { ...typed, 'd.stories.0.photo.alt': alt, intent: 'upload:stories.0.photo' },
      { 'u.stories.0.photo': png(60, 40) },
    ),
  });
  assert.equal(uploaded.status, 200, uploaded.text.slice(0, 300));
  assert.match(uploaded.text, new RegExp(IMAGE_MESSAGES.uploaded));
  const placed = formFields(uploaded.text);
  assert.match(placed['d.stories.0.photo.src']!, /^\/media\/[a-f0-9]{64}\.png$/);
  assert.equal(placed['d.stories.0.photo.alt'], alt);
  assert.equal(placed['d.page.title'], 'Operators who run on Haulora');
  assert.equal(await images(), 1);
  assert.doesNotMatch(
    (await client.get('/customers/coastline-couriers')).text,
    /<img class="proof-image"/,
    'not saved yet',
  );

  // Saved: the story shows it with its size and alt text; the image is served.
  const saved = await client.request('POST', '/content/pages/customers', {
    body: multipart({ ...placed, intent: 'save' }),
  });
  assert.equal(saved.status, 303, saved.text.slice(0, 300));
  const story = (await client.get('/customers/coastline-couriers')).text;
  const src = placed['d.stories.0.photo.src']!;
  assert.match(
    story,
    new RegExp(`<img class="proof-image" data-variant="photo" src="${src}" alt="${alt}" width="60" height="40"`),
  );
  assert.equal((await client.get(src)).status, 200);
  // The other stories, without a photo, keep none.
  assert.doesNotMatch((await client.get('/customers/redgum-linehaul')).text, /<img class="proof-image"/);
});
