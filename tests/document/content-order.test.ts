// The FAQ's order on /content/faq without JavaScript (issue 31, decision 056): a Down button is a
// versioned change shown in words under "Order history" with an Undo button; a second editor's
// stale move is refused (409) and moves nothing; Undo (after a reload, from the stored history)
// puts the order back, on /faq too.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { signInAs, STAFF_PASSWORD } from '../helpers/staff.ts';

let server: TestServer;
before(async () => {
  server = await startServer({}, { pages: true });
  await signInAs(server, 'editor');
  await signInAs(server, 'second');
});
after(() => server.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
const decode = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const post = (client: ApiClient, fields: Record<string, string>) =>
  client.request('POST', '/content/faq', { headers: FORM, body: new URLSearchParams(fields).toString() });

async function signedIn(username: string) {
  const client = new ApiClient(server.url);
  const token = /name="_csrf" value="([^"]+)"/.exec((await client.get('/content/faq')).text)?.[1] ?? '';
  const answer = await post(client, { _csrf: token, intent: 'sign-in', username, password: STAFF_PASSWORD });
  assert.equal(answer.status, 303);
  return { client, token };
}

/** The row form of the first question's button `intent`, as the page rendered it. */
function rowForm(html: string, intent: string, index = 0): Record<string, string> {
  const forms = [...html.matchAll(/<form[^>]*>([\s\S]*?)<\/form>/g)].map((match) => match[1]!);
  const form = forms.filter((body) => body.includes(`value="${intent}"`))[index]!;
  const fields: Record<string, string> = { intent };
  for (const [, name, value] of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    fields[name!] = decode(value!);
  return fields;
}

const publicQuestions = async () =>
  ((await server.client().get('/api/Faqs/GetAllFromFaqs')).body as { question: string }[]).map((f) => f.question);

test('a move is a version in words with Undo; a stale move is refused; Undo after a reload puts it back', async () => {
  const editor = await signedIn('editor');
  const second = await signedIn('second');
  const original = await publicQuestions();
  const secondsPage = (await second.client.get('/content/faq')).text;

  const list = (await editor.client.get('/content/faq')).text;
  assert.match(decode(list), /The order has not been changed here yet\./);
  const down = rowForm(list, 'down');
  assert.equal(down.orderVersion, '0');
  const moved = await post(editor.client, down);
  assert.equal(moved.status, 303);
  assert.deepEqual((await publicQuestions()).slice(0, 2), [original[1], original[0]]);

  // A reload: the change in words, with its Undo.
  const after = decode((await editor.client.get('/content/faq?done=moved')).text);
  assert.match(after, new RegExp(`Undo: moved “${original[0]!.replace(/[?.]/g, '\\$&')}” from 1 to 2`));
  assert.match(after, /Version 1: moved “.+” from 1 to 2 by editor/);

  // The second editor's page still says version 0: refused, nothing moved.
  const stale = await post(second.client, rowForm(secondsPage, 'down', 2));
  assert.equal(stale.status, 409);
  assert.match(decode(stale.text), /The order was changed by editor at .+ since you opened it/);
  assert.deepEqual((await publicQuestions()).slice(0, 2), [original[1], original[0]]);

  const undo = await post(editor.client, { ...rowForm(after, 'undo'), _csrf: editor.token });
  assert.equal(undo.status, 303);
  assert.equal(undo.headers.get('location'), '/content/faq?done=undone');
  assert.deepEqual(await publicQuestions(), original);
  const last = decode((await editor.client.get('/content/faq?done=undone')).text);
  assert.match(last, /Change of order undone\./);
  assert.match(last, /Version 2: undid version 1: moved “.+” from 1 to 2 by editor/);
  assert.doesNotMatch(last, /Undo: /, 'nothing left to undo');
});
