// The Content area (issue 19) as a browser without JavaScript uses it, against the production
// build: sign in on the page, add, edit, restore and delete through native posts, each change on
// /faq, the home page and /glossary on the next request; a stale save comes back 409 with both
// texts; sales members get 403 on every Content URL; forged posts get 403; typed HTML stays text.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SESSION_COOKIE } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { CONTENT_LIMITS, CONTENT_MESSAGES } from '../../common/content.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
const PASSWORD = 'long enough password 42';
before(async () => {
  server = await startServer({}, { pages: true });
  const hash = await hashPassword(PASSWORD);
  await server.app.repos.users.create('editor', hash, new Date().toISOString());
  await server.app.repos.users.create('second.editor', hash, new Date().toISOString());
  await server.app.repos.users.create('seller', hash, new Date().toISOString(), null, 'sales');
});
after(() => server.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
const tokenOf = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

function post(client: ApiClient, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return client.request('POST', path, {
    headers: { ...FORM, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A browser signed in on /content's own form. */
async function signedIn(username: string) {
  const client = new ApiClient(server.url);
  const page = await client.get('/content/faq');
  assert.equal(page.status, 200);
  const token = tokenOf(page.text);
  const response = await post(client, '/content/faq', {
    _csrf: token,
    intent: 'sign-in',
    username,
    password: PASSWORD,
  });
  return { client, token, response };
}

const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('signing in', () => {
  test('signed out, /content offers its sign-in form, never cached, never indexed', async () => {
    const door = await new ApiClient(server.url).get('/content');
    assert.equal(door.status, 302);
    assert.equal(door.headers.get('location'), '/content/faq');
    const page = await new ApiClient(server.url).get('/content/faq');
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('cache-control'), 'no-store');
    assert.match(page.text, /<meta name="robots" content="noindex"/);
    assert.match(page.text, /name="password"/);
  });

  test('an admin signs in on the page: the staff session cookie, HttpOnly, SameSite=Strict (decision 049)', async () => {
    const { response } = await signedIn('editor');
    assert.equal(response.status, 303);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    assert.match(cookie, /HttpOnly/i);
    assert.match(cookie, /SameSite=Strict/i);
    assert.match(cookie, /Path=\//);
  });

  test('a sales member gets 403 on every Content URL and post, whichever way they signed in', async () => {
    // The sign-in is kept (one staff sign-in); the page then says in words why not, and where to go.
    const page = await signedIn('seller');
    assert.equal(page.response.status, 303);
    const refused = await page.client.get('/content/faq');
    assert.equal(refused.status, 403);
    assert.match(decode(refused.text), new RegExp(CONTENT_MESSAGES.roleRefusedTitle));
    assert.match(refused.text, /href="\/inbox"/);
    // Signed in through the API (the navbar's way): the cookie comes with the tokens.
    const client = new ApiClient(server.url);
    assert.equal((await client.post('/api/SignIn', { username: 'seller', password: PASSWORD })).status, 200);
    assert.ok(client.cookies.get(SESSION_COOKIE));
    for (const path of [
      '/content/faq',
      '/content/glossary',
      '/content/faq/1',
      '/content/glossary/1',
      '/content/glossary.csv',
    ]) {
      assert.equal((await client.get(path)).status, 403, path);
    }
    assert.equal(
      (
        await post(client, '/content/faq', {
          _csrf: client.csrfToken ?? '',
          intent: 'add',
          question: 'Sales?',
          answer: 'No.',
        })
      ).status,
      403,
    );
    assert.equal(server.count('faqs') > 0, true);
    assert.equal(
      Number(
        (
          server.app.database.sqlite!.prepare("SELECT count(*) AS n FROM faqs WHERE question = 'Sales?'").get() as {
            n: number;
          }
        ).n,
      ),
      0,
    );
  });
});

describe('editing without JavaScript', () => {
  test('add, edit, refuse a stale save, restore and delete: /faq and the home page follow each step', async () => {
    const { client, token } = await signedIn('editor');
    await client.get('/faq'); // a cached copy the change must empty
    await client.get('/home');
    const added = await post(client, '/content/faq', {
      _csrf: token,
      intent: 'add',
      question: 'Can we import rate cards?',
      answer: 'Yes.\n\nSee [the manual](/docs).',
    });
    assert.equal(added.status, 303);
    const faqPage = decode((await client.get('/faq')).text);
    assert.match(faqPage, /Can we import rate cards\?/);
    assert.match(faqPage, /<p>Yes\.<\/p><p>See <a href="\/docs">the manual<\/a>\.<\/p>/);
    const id = Number(
      (
        server.app.database
          .sqlite!.prepare("SELECT id FROM faqs WHERE question = 'Can we import rate cards?'")
          .get() as { id: number }
      ).id,
    );

    // Moved to the top, it is on the home page (the first five shown questions).
    const ids = (
      server.app.database.sqlite!.prepare('SELECT id FROM faqs ORDER BY position, id').all() as { id: number }[]
    ).map((row) => row.id);
    const order = [id, ...ids.filter((other) => other !== id)].join(',');
    assert.equal((await post(client, '/content/faq', { _csrf: token, intent: 'order', ids: order })).status, 303);
    assert.match(decode((await client.get('/home')).text), /Can we import rate cards\?/);

    const editPage = await client.get(`/content/faq/${id}`);
    assert.equal(editPage.status, 200);
    assert.match(editPage.text, /name="version" value="1"/);
    const saved = await post(client, `/content/faq/${id}`, {
      _csrf: token,
      intent: 'save',
      version: '1',
      question: 'Can we import rate cards?',
      answer: 'Yes, as CSV.',
    });
    assert.equal(saved.status, 303);
    assert.match(decode((await client.get('/faq')).text), /Yes, as CSV\./);

    const stale = await post(client, `/content/faq/${id}`, {
      _csrf: token,
      intent: 'save',
      version: '1',
      question: 'Can we import rate cards?',
      answer: 'My late text.',
    });
    assert.equal(stale.status, 409);
    const staleHtml = decode(stale.text);
    assert.match(staleHtml, /Changed by editor at .* since you opened it/);
    assert.match(staleHtml, /My late text\./, 'what was typed is kept');
    assert.match(staleHtml, /Their version/);
    assert.match(staleHtml, /name="version" value="2"/, 'saving again replaces theirs knowingly');

    const history = server.app.database
      .sqlite!.prepare("SELECT id FROM content_history WHERE kind = 'faq' AND item_id = ? AND action = 'create'")
      .get(id) as { id: number };
    const restored = await post(client, `/content/faq/${id}`, {
      _csrf: token,
      intent: 'restore',
      historyId: String(history.id),
      version: '2',
    });
    assert.equal(restored.status, 303);
    assert.match(decode((await client.get('/faq')).text), /See <a href="\/docs">the manual<\/a>/);

    const deleted = await post(client, `/content/faq/${id}`, { _csrf: token, intent: 'delete', version: '3' });
    assert.equal(deleted.status, 303);
    assert.doesNotMatch((await client.get('/faq')).text, /Can we import rate cards/);
    assert.doesNotMatch((await client.get('/home')).text, /Can we import rate cards/);
  });

  test('typed HTML is shown as text on the site, never run', async () => {
    const { client, token } = await signedIn('editor');
    await post(client, '/content/faq', {
      _csrf: token,
      intent: 'add',
      question: 'Is <b>bold</b> allowed?',
      answer: '<script>alert(1)</script> <img src=x onerror=alert(2)>',
    });
    const html = (await client.get('/faq')).text;
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.doesNotMatch(html, /<script>alert\(1\)/);
    assert.doesNotMatch(html, /<img src=x/);
  });

  test('glossary: add, a duplicate refused in its category, import preview then confirm, CSV export', async () => {
    const { client, token } = await signedIn('editor');
    await client.get('/glossary');
    assert.equal(
      (
        await post(client, '/content/glossary', {
          _csrf: token,
          intent: 'add',
          category: 'Yard',
          term: 'Gate-in',
          description: 'A truck arrives.',
        })
      ).status,
      303,
    );
    assert.match((await client.get('/glossary')).text, /Gate-in/);
    const duplicate = await post(client, '/content/glossary', {
      _csrf: token,
      intent: 'add',
      category: 'yard',
      term: 'GATE-IN',
      description: 'Again.',
    });
    assert.equal(duplicate.status, 409);
    assert.match(duplicate.text, new RegExp(CONTENT_MESSAGES.duplicateTerm));
    const csv =
      'Category,Term,Description\nYard,Gate-in,A truck arrives at the gate.\nYard,Gate-out,A truck leaves.\nYard,,Missing term';
    const preview = await post(client, '/content/glossary', { _csrf: token, intent: 'preview', csv });
    assert.equal(preview.status, 200);
    assert.match(preview.text, /1 to add, 1 to change, 0 unchanged, 1 refused/);
    assert.doesNotMatch(preview.text, /Confirm import/, 'no confirm while a row is refused');
    const good = csv.split('\n').slice(0, 3).join('\n');
    const goodPreview = await post(client, '/content/glossary', { _csrf: token, intent: 'preview', csv: good });
    assert.match(goodPreview.text, /Confirm import/);
    assert.doesNotMatch((await client.get('/glossary')).text, /Gate-out/, 'a preview saves nothing');
    assert.equal((await post(client, '/content/glossary', { _csrf: token, intent: 'import', csv: good })).status, 303);
    const glossary = (await client.get('/glossary')).text;
    assert.match(glossary, /Gate-out/);
    assert.match(glossary, /A truck arrives at the gate\./);
    const exported = await client.get('/content/glossary.csv');
    assert.equal(exported.status, 200);
    assert.match(exported.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(exported.text, /Yard,Gate-out,A truck leaves\./);
  });

  test('glossary: search and the category filter narrow the list; renaming a category moves every entry in it, on /glossary at once', async () => {
    const { client, token } = await signedIn('editor');
    const added: [string, string][] = [
      ['Reefer plug', 'Powers a refrigerated trailer.'],
      ['Reefer log', 'Temperatures along the way.'],
    ];
    for (const [term, description] of added) {
      assert.equal(
        (
          await post(client, '/content/glossary', {
            _csrf: token,
            intent: 'add',
            category: 'Cold chain',
            term,
            description,
          })
        ).status,
        303,
      );
    }
    const rowsOf = (html: string) =>
      [...decode(html).matchAll(/<th scope="row"><a [^>]*>([^<]+)<\/a><\/th>/g)].map((match) => match[1]);
    const filtered = await client.get(`/content/glossary?q=${encodeURIComponent('POWERS A REFRIG')}`);
    assert.deepEqual(rowsOf(filtered.text), ['Reefer plug']);
    const category = await client.get(`/content/glossary?category=${encodeURIComponent('Cold chain')}`);
    assert.deepEqual(rowsOf(category.text).sort(), ['Reefer log', 'Reefer plug']);
    assert.match(decode(category.text), /2 of \d+ terms/);

    await client.get('/glossary'); // a cached copy the rename must empty
    const renamed = await post(client, '/content/glossary', {
      _csrf: token,
      intent: 'rename',
      from: 'Cold chain',
      to: 'Refrigerated freight',
    });
    assert.equal(renamed.status, 303);
    assert.deepEqual(
      rowsOf((await client.get(`/content/glossary?category=${encodeURIComponent('Cold chain')}`)).text),
      [],
    );
    assert.deepEqual(
      rowsOf(
        (await client.get(`/content/glossary?category=${encodeURIComponent('Refrigerated freight')}`)).text,
      ).sort(),
      ['Reefer log', 'Reefer plug'],
    );
    const site = decode((await client.get('/glossary')).text);
    assert.match(site, /Refrigerated freight/);
    assert.doesNotMatch(site, /Cold chain/);
    const history = server.app.database
      .sqlite!.prepare(
        "SELECT h.action, h.username FROM content_history h JOIN glossary_entries g ON g.id = h.item_id WHERE h.kind = 'glossary' AND g.term LIKE 'Reefer%' ORDER BY h.id",
      )
      .all();
    assert.deepEqual(
      history.map((row) => ({ ...row })),
      [
        { action: 'create', username: 'editor' },
        { action: 'create', username: 'editor' },
        { action: 'update', username: 'editor' },
        { action: 'update', username: 'editor' },
      ],
    );
  });

  test('a forged post (no token, another site) is refused with 403 and changes nothing', async () => {
    const { client, token } = await signedIn('editor');
    const before = server.count('faqs');
    assert.equal((await post(client, '/content/faq', { intent: 'add', question: 'Forged?', answer: 'x' })).status, 403);
    assert.equal(
      (
        await post(
          client,
          '/content/faq',
          { _csrf: token, intent: 'add', question: 'Forged?', answer: 'x' },
          { origin: 'https://evil.example' },
        )
      ).status,
      403,
    );
    assert.equal(server.count('faqs'), before);
  });

  test('hostile page posts: too long, missing or bad versions, stale versions, unknown actions, bad orders, a huge body: a clear 4xx page and nothing stored', async () => {
    const { client, token } = await signedIn('editor');
    assert.equal(
      (await post(client, '/content/faq', { _csrf: token, intent: 'add', question: 'Hostile page?', answer: 'Kept.' }))
        .status,
      303,
    );
    const faq = server.app.database.sqlite!.prepare("SELECT id FROM faqs WHERE question = 'Hostile page?'").get() as {
      id: number;
    };
    assert.equal(
      (
        await post(client, '/content/glossary', {
          _csrf: token,
          intent: 'add',
          category: 'Hostile',
          term: 'Kept',
          description: 'Kept.',
        })
      ).status,
      303,
    );
    const entry = server.app.database.sqlite!.prepare("SELECT id FROM glossary_entries WHERE term = 'Kept'").get() as {
      id: number;
    };
    const snapshot = () => ({
      history: server.count('content_history'),
      faqs: JSON.stringify(server.app.database.sqlite!.prepare('SELECT * FROM faqs ORDER BY id').all()),
      glossary: JSON.stringify(server.app.database.sqlite!.prepare('SELECT * FROM glossary_entries ORDER BY id').all()),
    });
    const before = snapshot();
    const faqPath = `/content/faq/${faq.id}`;
    const entryPath = `/content/glossary/${entry.id}`;
    const cases: [string, Record<string, string>, number, string][] = [
      [
        '/content/faq',
        { intent: 'add', question: 'q'.repeat(CONTENT_LIMITS.question + 1), answer: 'x' },
        400,
        `Question must be at most ${CONTENT_LIMITS.question} characters`,
      ],
      [
        '/content/faq',
        { intent: 'add', question: 'Long answer?', answer: 'a'.repeat(CONTENT_LIMITS.answer + 1) },
        400,
        `Answer must be at most ${CONTENT_LIMITS.answer} characters`,
      ],
      [
        '/content/faq',
        { intent: 'add', question: 'Hostile page?', answer: 'Again.' },
        409,
        CONTENT_MESSAGES.duplicateQuestion,
      ],
      ['/content/faq', { intent: 'drop-table' }, 400, 'Unknown action.'],
      ['/content/faq', { intent: 'order', ids: '1,two,3' }, 400, 'The order could not be read.'],
      ['/content/faq', { intent: 'order', ids: String(faq.id) }, 409, CONTENT_MESSAGES.orderChanged],
      [
        '/content/faq',
        { intent: 'hide', id: String(faq.id), version: 'latest' },
        400,
        CONTENT_MESSAGES.versionRequired,
      ],
      ['/content/faq', { intent: 'hide', id: String(faq.id), version: '7' }, 409, 'Changed by editor at'],
      ['/content/faq', { intent: 'delete', id: String(faq.id) }, 400, CONTENT_MESSAGES.versionRequired],
      [
        faqPath,
        { intent: 'save', question: 'Hostile page?', answer: 'Late.', version: '0' },
        400,
        CONTENT_MESSAGES.versionRequired,
      ],
      [
        faqPath,
        { intent: 'save', question: 'Hostile page?', answer: 'Late.', version: '2' },
        409,
        'Changed by editor at',
      ],
      [faqPath, { intent: 'restore', historyId: 'first', version: '1' }, 400, 'Choose a version to restore.'],
      [faqPath, { intent: 'restore', historyId: '999999', version: '1' }, 404, CONTENT_MESSAGES.noSuchVersion],
      [faqPath, { intent: 'delete', version: '-1' }, 400, CONTENT_MESSAGES.versionRequired],
      [faqPath, { intent: 'delete', version: '3' }, 409, 'Changed by editor at'],
      [
        '/content/faq/99999',
        { intent: 'save', question: 'Gone?', answer: 'Gone.', version: '1' },
        404,
        CONTENT_MESSAGES.deletedSince,
      ],
      [
        '/content/glossary',
        { intent: 'add', category: 'Hostile', term: 't'.repeat(CONTENT_LIMITS.term + 1), description: 'x' },
        400,
        `Term must be at most ${CONTENT_LIMITS.term} characters`,
      ],
      [
        '/content/glossary',
        { intent: 'add', category: 'hostile', term: 'KEPT', description: 'Again.' },
        409,
        CONTENT_MESSAGES.duplicateTerm,
      ],
      ['/content/glossary', { intent: 'rename', from: 'Hostile', to: '' }, 400, 'New category is required'],
      ['/content/glossary', { intent: 'preview', csv: '   ' }, 400, 'Paste the CSV to import.'],
      [
        '/content/glossary',
        { intent: 'import', csv: 'Category,Term,Description\nHostile,Fresh,Fine.\nHostile,,No term.' },
        400,
        'refused',
      ],
      ['/content/glossary', { intent: 'nuke' }, 400, 'Unknown action.'],
      [
        entryPath,
        {
          intent: 'save',
          category: 'Hostile',
          term: 'Kept',
          description: 'd'.repeat(CONTENT_LIMITS.description + 1),
          version: '1',
        },
        400,
        `Description must be at most ${CONTENT_LIMITS.description} characters`,
      ],
      [
        entryPath,
        { intent: 'save', category: 'Hostile', term: 'Kept', description: 'Late.', version: '2' },
        409,
        'Changed by editor at',
      ],
      [entryPath, { intent: 'delete', version: 'one' }, 400, CONTENT_MESSAGES.versionRequired],
    ];
    for (const [path, fields, status, message] of cases) {
      const response = await post(client, path, { _csrf: token, ...fields });
      const label = `${path} ${JSON.stringify(fields).slice(0, 100)}`;
      assert.equal(response.status, status, `${label}: ${response.text.slice(0, 200)}`);
      assert.ok(decode(response.text).includes(message), `${label} says ${message}`);
    }
    const huge = await post(client, '/content/faq', {
      _csrf: token,
      intent: 'add',
      question: 'Huge?',
      answer: 'x'.repeat(3_000_000),
    });
    assert.ok(huge.status >= 400 && huge.status < 500, `a 3 MB post: ${huge.status}`);
    assert.deepEqual(snapshot(), before);
  });

  test('a save that finds the sign-in over keeps what was typed, says so, and gives it back after signing in', async () => {
    const { client, token } = await signedIn('second.editor');
    const faq = (await server.app.services.contentEditing.listFaqs())[0]!;
    // The sign-in ends (revoked here; the idle limit or an admin would do the same).
    await server.app.repos.sessions.revokeAllForUser(
      (await server.app.repos.users.findByUsername('second.editor'))!.id,
      new Date().toISOString(),
    );
    const typed = { question: 'Kept question?', answer: 'Typed for twenty minutes.', version: String(faq.version) };
    const ended = await post(client, `/content/faq/${faq.id}`, { _csrf: token, intent: 'save', ...typed });
    assert.equal(ended.status, 401);
    const page = decode(ended.text);
    assert.match(page, new RegExp(CONTENT_MESSAGES.sessionEnded.slice(0, 40)));
    assert.match(page, /name="_kept"/);
    assert.match(page, /Typed for twenty minutes/);
    const kept = /name="_kept" value="([^"]*)"/.exec(ended.text)![1]!;
    const back = await post(client, `/content/faq/${faq.id}`, {
      _csrf: token,
      intent: 'sign-in',
      username: 'second.editor',
      password: PASSWORD,
      _kept: decode(kept),
    });
    assert.equal(back.status, 200);
    const restored = decode(back.text);
    assert.match(restored, new RegExp(CONTENT_MESSAGES.restored.slice(0, 30)));
    assert.match(restored, />Typed for twenty minutes\.<\/textarea>/);
    assert.match(restored, /value="Kept question\?"/);
  });

  test("the Content sign-in says why it refused, in the spec's words", async () => {
    const client = new ApiClient(server.url);
    const token = tokenOf((await client.get('/content/faq')).text);
    const wrong = await post(client, '/content/faq', {
      _csrf: token,
      intent: 'sign-in',
      username: 'editor',
      password: 'nope-nope-nope',
    });
    assert.equal(wrong.status, 401);
    assert.match(decode(wrong.text), new RegExp(MESSAGES.wrongCredentials));
    const empty = await post(client, '/content/faq', { _csrf: token, intent: 'sign-in', username: '', password: '' });
    assert.equal(empty.status, 400);
    assert.match(decode(empty.text), new RegExp(MESSAGES.allFieldsRequired));
  });

  test('signing out ends the sign-in: the cookie is cleared and the token revoked', async () => {
    const { client, token } = await signedIn('second.editor');
    const cookie = client.cookies.get(SESSION_COOKIE);
    const out = await post(client, '/content/faq', { _csrf: token, intent: 'sign-out' });
    assert.equal(out.status, 303);
    const replay = new ApiClient(server.url);
    await replay.get('/content/faq');
    replay.cookies.set(SESSION_COOKIE, cookie!);
    assert.match((await replay.get('/content/faq')).text, /name="password"/, 'the old cookie signs in no more');
  });
});
