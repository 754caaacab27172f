// The site search follows staff edits (issue 19): the server's live Pagefind index of /faq and
// /glossary is served under /pagefind-live/, holds a new question shortly after it is saved
// (without a rebuild of the site), and loses a deleted one; a replaced index's files stay servable
// for a while, so a search begun before the swap still completes.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { LIVE_SEARCH_DELAY_MS } from '../../server/plugins/live-search.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
before(async () => {
  server = await startServer({ SEARCH_LIVE_INDEX: 'true' }, { pages: true });
  await server.app.repos.users.create(
    'indexer',
    await hashPassword('long enough password 42'),
    new Date().toISOString(),
  );
  await server.app.liveSearch!.rebuild();
});
after(() => server.close());

/** Every page text the live index holds (its fragments are gzipped JSON behind a signature).
 * Read again when a rebuild swapped the folder in the middle of the read. */
async function indexedText(): Promise<string> {
  const dir = join(server.dataDir, 'search-live', 'current', 'fragment');
  for (;;) {
    try {
      const names = await readdir(dir);
      const texts = await Promise.all(
        names.map(async (name) => gunzipSync(await readFile(join(dir, name))).toString('utf8')),
      );
      return texts.join('\n');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await sleep(50);
    }
  }
}

/** The files of the index now served, relative to /pagefind-live/. */
async function currentFiles(): Promise<string[]> {
  const dir = join(server.dataDir, 'search-live', 'current');
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

async function eventually(check: () => Promise<boolean>, label: string) {
  const deadline = Date.now() + LIVE_SEARCH_DELAY_MS + 20_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(250);
  }
  assert.fail(label);
}

test('the live index is served and holds the FAQ and the glossary', async () => {
  const entry = await fetch(`${server.url}/pagefind-live/pagefind-entry.json`);
  assert.equal(entry.status, 200);
  assert.equal(entry.headers.get('cache-control'), 'no-cache');
  const text = await indexedText();
  assert.match(text, /"url":"\/faq"/);
  assert.match(text, /"url":"\/glossary"/);
});

test('a saved question is in the index within seconds, and leaves it once deleted', async () => {
  const client = await server.client().visit();
  const signIn = await client.post('/api/SignIn', { username: 'indexer', password: 'long enough password 42' });
  const headers = {
    authorization: `Bearer ${signIn.body.access_token}`,
    ...client.csrfHeader(),
    'content-type': 'application/json',
  };
  const created = await client.request('POST', '/api/content/faqs', {
    headers,
    body: JSON.stringify({
      question: 'Does Haulora handle zephyrine pallets?',
      answer: 'Yes, quarkstone pallets too.',
    }),
  });
  assert.equal(created.status, 200);
  await eventually(async () => (await indexedText()).includes('zephyrine'), 'the new question reaches the index');
  const { authorization } = headers;
  const deleted = await client.request('DELETE', `/api/content/faqs/${created.body.id}?version=1`, {
    headers: { authorization, ...client.csrfHeader() },
  });
  assert.equal(deleted.status, 200);
  await eventually(async () => !(await indexedText()).includes('zephyrine'), 'the deleted question leaves the index');
});

test("a replaced index's chunks are still served, so a page that loaded the index before the swap can finish its search", async () => {
  const before = await currentFiles();
  const client = await server.client().visit();
  const signIn = await client.post('/api/SignIn', { username: 'indexer', password: 'long enough password 42' });
  const headers = {
    authorization: `Bearer ${signIn.body.access_token}`,
    ...client.csrfHeader(),
    'content-type': 'application/json',
  };
  const created = await client.request('POST', '/api/content/faqs', {
    headers,
    body: JSON.stringify({ question: 'Does Haulora count xylofrond crates?', answer: 'Yes.' }),
  });
  assert.equal(created.status, 200);
  await eventually(async () => (await indexedText()).includes('xylofrond'), 'the new question reaches the index');
  const now = new Set(await currentFiles());
  const replaced = before.filter((file) => !now.has(file) && /\.pf_(index|fragment|meta)$/.test(file));
  assert.ok(replaced.length > 0, 'the rebuild replaced some chunks');
  for (const file of replaced) {
    const response = await fetch(`${server.url}/pagefind-live/${file}`);
    assert.equal(response.status, 200, file);
    assert.equal(gunzipSync(Buffer.from(await response.arrayBuffer())).length > 0, true, file);
  }
  assert.equal((await fetch(`${server.url}/pagefind-live/index/not-a-chunk.pf_index`)).status, 404);
});

test('an edited page is indexed live with its new words (issue 31), and listed for the browser; a draft is not', async () => {
  const pages = server.app.services.pageEditing;
  const security = (await pages.read('security'))!;
  const drafted = structuredClone(security.document) as { page: { title: string } };
  drafted.page.title = 'Security and florimundal drafts';
  assert.ok((await pages.save('security', security.version, drafted, 'indexer', { status: 'draft' })).ok);
  await server.app.liveSearch!.rebuild();
  assert.ok(!(await indexedText()).includes('florimundal'), 'a draft is not searched');
  const edited = structuredClone(security.document) as { page: { title: string } };
  edited.page.title = 'Security and quillivant audits';
  assert.ok((await pages.save('security', security.version + 1, edited, 'indexer')).ok);
  await eventually(async () => (await indexedText()).includes('quillivant'), 'the edited page reaches the index');
  // Each page carries the mark the search dialog tells this index's results by.
  assert.match(await indexedText(), /"index":"live"/);
  const listed = await fetch(`${server.url}/pagefind-live/live-paths.json`);
  assert.equal(listed.status, 200);
  const paths = (await listed.json()) as string[];
  for (const path of ['/faq', '/glossary', '/security']) assert.ok(paths.includes(path), path);
  assert.ok(!paths.includes('/offer'), 'a page not edited stays with the build index');
  // The last save's delayed rebuild has run before the server closes.
  await sleep(LIVE_SEARCH_DELAY_MS + 500);
  await server.app.liveSearch!.rebuild();
});
