// The staff content API (issue 19) over real HTTP: only admins (sales, signed out, revoked or
// forged tokens are refused before anything is read), hostile input refused with a clear 4xx and
// nothing stored, stale versions refused with who and when, and the spec's two GET APIs following
// every saved change on the next request.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SignJWT } from 'jose';
import { CONTENT_LIMITS, CONTENT_MESSAGES } from '../../common/content.ts';
import { MESSAGES } from '../../common/messages.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import type { ApiClient, ApiResponse } from '../helpers/api-client.ts';
import { startServer, TEST_TOKEN_SECRET, type TestServer } from '../helpers/server.ts';
import { signInAs, STAFF_PASSWORD } from '../helpers/staff.ts';

let server: TestServer;
let client: ApiClient;
let admin: string;
let sales: string;
const PASSWORD = STAFF_PASSWORD;

before(async () => {
  server = await startServer();
  const hash = await hashPassword(PASSWORD);
  const now = new Date().toISOString();
  await server.app.repos.users.create('ada', hash, now);
  await server.app.repos.users.create('bea', hash, now);
  await server.app.repos.users.create('sam', hash, now, null, 'sales');
  client = await server.client().visit();
  admin = await signIn('ada');
  sales = await signIn('sam');
});
after(() => server.close());

/** The access token of a staff member created above (tests/helpers/staff.ts signs in). */
const signIn = async (username: string) => (await signInAs(server, username)).token;

function call(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  return client.request(method, path, {
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(method === 'GET' ? {} : client.csrfHeader()),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

const publicFaqs = async () =>
  (await client.get('/api/Faqs/GetAllFromFaqs')).body as { question: string; answer: string }[];
const publicGlossary = async () =>
  (await client.get('/api/Glossary/GetAllFromGlossary')).body as [
    'SUCCESS',
    { id: number; category: string; term: string; description: string }[],
  ];
const historyCount = () => server.count('content_history');

describe('access', () => {
  test('every content call refuses sales (403), no token, revoked and forged tokens (401), and a forged role claim; nothing changes', async () => {
    const faq = (await call('POST', '/api/content/faqs', admin, { question: 'Access?', answer: 'Yes.' })).body;
    const entry = (
      await call('POST', '/api/content/glossary', admin, { category: 'Access', term: 'ACL', description: 'List.' })
    ).body;
    const endpoints: [string, string, unknown?][] = [
      ['GET', '/api/content/faqs'],
      ['POST', '/api/content/faqs', { question: 'Sneaky?', answer: 'No.' }],
      ['PUT', '/api/content/faqs/order', { ids: [faq.id] }],
      ['GET', `/api/content/faqs/${faq.id}`],
      ['PUT', `/api/content/faqs/${faq.id}`, { question: 'Hacked?', answer: 'No.', hidden: false, version: 1 }],
      ['DELETE', `/api/content/faqs/${faq.id}?version=1`],
      ['GET', `/api/content/faqs/${faq.id}/history`],
      ['POST', `/api/content/faqs/${faq.id}/restore`, { historyId: 1, version: 1 }],
      ['GET', '/api/content/glossary'],
      ['POST', '/api/content/glossary', { category: 'X', term: 'Y', description: 'Z' }],
      ['GET', '/api/content/glossary/export.csv'],
      ['POST', '/api/content/glossary/import', { csv: 'category,term,description\nX,Y,Z', dryRun: false }],
      ['POST', '/api/content/glossary/categories/rename', { from: 'Access', to: 'Hacked' }],
      ['GET', `/api/content/glossary/${entry.id}`],
      ['PUT', `/api/content/glossary/${entry.id}`, { category: 'X', term: 'Y', description: 'Z', version: 1 }],
      ['DELETE', `/api/content/glossary/${entry.id}?version=1`],
      ['GET', `/api/content/glossary/${entry.id}/history`],
      ['POST', `/api/content/glossary/${entry.id}/restore`, { historyId: 1, version: 1 }],
      ['GET', '/api/content/no/such/path'],
    ];
    const key = new TextEncoder().encode(TEST_TOKEN_SECRET);
    const salesClaims = JSON.parse(Buffer.from(sales.split('.')[1]!, 'base64url').toString());
    // A sales token carrying an admin role claim, signed with the real key: the role is the database's.
    const roleClaim = await new SignJWT({ ...salesClaims, role: 'admin', roles: ['admin'] })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(key);
    const wrongKey = await new SignJWT({ ...salesClaims, role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-123'));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...salesClaims, role: 'admin' })).toString('base64url')}.`;
    const revoked = await signIn('bea');
    assert.equal((await call('GET', '/api/content/faqs', revoked)).status, 200, 'live before sign-out');
    assert.equal((await call('GET', '/api/SignOut', revoked)).status, 200);

    const cases: [string, string | null, number, string][] = [
      ['sales', sales, 403, CONTENT_MESSAGES.forbidden],
      ['forged role claim', roleClaim, 403, CONTENT_MESSAGES.forbidden],
      ['no token', null, 401, MESSAGES.tokenInvalid],
      ['revoked', revoked, 401, MESSAGES.tokenInvalid],
      ['wrong key', wrongKey, 401, MESSAGES.tokenInvalid],
      ['alg none', unsigned, 401, MESSAGES.tokenInvalid],
    ];
    const before = { history: historyCount(), faqs: server.count('faqs'), glossary: server.count('glossary_entries') };
    for (const [method, path, body] of endpoints) {
      for (const [label, token, status, message] of cases) {
        const response = await call(method, path, token, body);
        assert.equal(response.status, status, `${label}: ${method} ${path}`);
        assert.deepEqual(response.body, { errorInfo: message }, `${label}: ${method} ${path}`);
        assert.equal(response.headers.get('cache-control'), 'no-store');
      }
    }
    assert.deepEqual(
      { history: historyCount(), faqs: server.count('faqs'), glossary: server.count('glossary_entries') },
      before,
    );
    // The sales member keeps the inbox.
    assert.equal((await call('GET', '/api/inbox/summary', sales)).status, 200);
    const validated = await call('GET', '/api/ValidateToken', sales);
    assert.equal(validated.body.role, 'sales');
  });

  test('a role change applies to the next call, without signing in again', async () => {
    const token = await signIn('bea');
    await server.app.repos.users.setRole('bea', 'sales');
    assert.equal((await call('GET', '/api/content/faqs', token)).status, 403);
    await server.app.repos.users.setRole('bea', 'admin');
    assert.equal((await call('GET', '/api/content/faqs', token)).status, 200);
  });
});

describe('hostile input', () => {
  test('scripts are stored and served as text, never as HTML', async () => {
    const script = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const created = await call('POST', '/api/content/faqs', admin, { question: `Is ${script} safe?`, answer: script });
    assert.equal(created.status, 200);
    assert.equal(created.body.answer, script);
    assert.ok((await publicFaqs()).some((item) => item.answer === script));
    assert.equal((await call('DELETE', `/api/content/faqs/${created.body.id}?version=1`, admin)).status, 200);
  });

  test('too long, empty, unknown fields, wrong types, bad JSON, bad ids: a clear 400 or 404 and nothing stored', async () => {
    const before = { history: historyCount(), faqs: server.count('faqs'), glossary: server.count('glossary_entries') };
    const faq = (over: object) => ({ question: 'Valid?', answer: 'Valid.', ...over });
    const refused: [string, string, unknown, number, string | RegExp][] = [
      [
        'POST',
        '/api/content/faqs',
        faq({ answer: 'x'.repeat(CONTENT_LIMITS.answer + 1) }),
        400,
        `Answer must be at most ${CONTENT_LIMITS.answer} characters`,
      ],
      [
        'POST',
        '/api/content/faqs',
        faq({ question: 'q'.repeat(CONTENT_LIMITS.question + 1) }),
        400,
        `Question must be at most ${CONTENT_LIMITS.question} characters`,
      ],
      ['POST', '/api/content/faqs', faq({ question: '   ' }), 400, 'Question is required'],
      ['POST', '/api/content/faqs', faq({ answer: 42 }), 400, 'Answer is required'],
      ['POST', '/api/content/faqs', faq({ hidden: 'yes' }), 400, 'Hidden must be true or false'],
      ['POST', '/api/content/faqs', faq({ position: 1 }), 400, /position/i],
      ['POST', '/api/content/faqs', faq({ version: 99 }), 400, /version/i],
      ['POST', '/api/content/faqs', '{"question": "broken', 400, /.+/],
      ['POST', '/api/content/faqs', [1, 2], 400, /.+/],
      [
        'POST',
        '/api/content/glossary',
        { category: 'C', term: 'T', description: 'd'.repeat(CONTENT_LIMITS.description + 1) },
        400,
        /Description must be at most/,
      ],
      ['POST', '/api/content/glossary', { category: 'C', term: 'T', description: 'D', id: 5 }, 400, /id/i],
      ['PUT', '/api/content/faqs/1', faq({ hidden: false }), 400, CONTENT_MESSAGES.versionRequired],
      ['PUT', '/api/content/faqs/1', faq({ hidden: false, version: '1' }), 400, CONTENT_MESSAGES.versionRequired],
      ['PUT', '/api/content/faqs/0', faq({ hidden: false, version: 1 }), 404, MESSAGES.notFound],
      ['PUT', '/api/content/faqs/abc', faq({ hidden: false, version: 1 }), 404, MESSAGES.notFound],
      ['PUT', '/api/content/faqs/99999', faq({ hidden: false, version: 1 }), 404, CONTENT_MESSAGES.deletedSince],
      ['DELETE', '/api/content/faqs/1', undefined, 400, CONTENT_MESSAGES.versionRequired],
      ['PUT', '/api/content/faqs/order', { ids: ['1'] }, 400, /.+/],
      ['POST', '/api/content/glossary/import', { csv: 'x'.repeat(1_000_001) }, 400, /at most/],
      ['POST', '/api/content/glossary/import', { csv: 'nope' }, 400, CONTENT_MESSAGES.importHeader],
      [
        'POST',
        '/api/content/glossary/categories/rename',
        { from: 'Nowhere', to: 'X' },
        404,
        CONTENT_MESSAGES.categoryMissing,
      ],
    ];
    for (const [method, path, body, status, message] of refused) {
      const response = await call(method, path, admin, body);
      const label = `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`;
      assert.equal(response.status, status, `${label}: ${response.text.slice(0, 200)}`);
      assert.equal(typeof response.body.errorInfo, 'string', label);
      if (typeof message === 'string') assert.equal(response.body.errorInfo, message, label);
      else assert.match(response.body.errorInfo, message, label);
    }
    assert.deepEqual(
      { history: historyCount(), faqs: server.count('faqs'), glossary: server.count('glossary_entries') },
      before,
    );
  });

  test("every editing call: unknown fields, wrong types, huge text, stale versions, another item's history: a clear 4xx and nothing stored", async () => {
    const faqA = (await call('POST', '/api/content/faqs', admin, { question: 'Hostile A?', answer: 'First.' })).body;
    await call('PUT', `/api/content/faqs/${faqA.id}`, admin, {
      question: 'Hostile A?',
      answer: 'Second.',
      hidden: false,
      version: 1,
    });
    const faqB = (await call('POST', '/api/content/faqs', admin, { question: 'Hostile B?', answer: 'Other.' })).body;
    const termA = (
      await call('POST', '/api/content/glossary', admin, { category: 'Hostile', term: 'Alpha', description: 'First.' })
    ).body;
    await call('PUT', `/api/content/glossary/${termA.id}`, admin, {
      category: 'Hostile',
      term: 'Alpha',
      description: 'Second.',
      version: 1,
    });
    await call('POST', '/api/content/glossary', admin, {
      category: 'Other',
      term: 'Alpha',
      description: 'Same term, another category.',
    });
    const termB = (
      await call('POST', '/api/content/glossary', admin, { category: 'Hostile', term: 'Beta', description: 'Other.' })
    ).body;
    const historyOf = async (kind: string, id: number) =>
      (await call('GET', `/api/content/${kind}/${id}/history`, admin)).body as { id: number }[];
    const [faqAFirst] = (await historyOf('faqs', faqA.id)).slice(-1);
    const [faqBFirst] = await historyOf('faqs', faqB.id);
    const [termAFirst] = (await historyOf('glossary', termA.id)).slice(-1);
    const [termBFirst] = await historyOf('glossary', termB.id);
    const faqIds = ((await call('GET', '/api/content/faqs', admin)).body as { id: number }[]).map((item) => item.id);
    const huge = 'x'.repeat(1_200_000);
    const stale = /^Changed by ada at \S+ since you opened it/;
    const faq = { question: 'Hostile A?', answer: 'Third.', hidden: false };
    const term = { category: 'Hostile', term: 'Alpha', description: 'Third.' };

    const refused: [string, string, unknown, number, string | RegExp][] = [
      ['POST', '/api/content/faqs', { ...faq, hidden: undefined, extra: 1 }, 400, /extra/],
      ['POST', '/api/content/faqs', { question: ['Array?'], answer: 'x' }, 400, 'Question is required'],
      ['POST', '/api/content/faqs', { question: 'Huge?', answer: huge }, 413, /.+/],
      ['PUT', '/api/content/faqs/order', { ids: faqIds, extra: true }, 400, /extra/],
      ['PUT', '/api/content/faqs/order', { ids: faqIds.join(',') }, 400, /.+/],
      ['PUT', '/api/content/faqs/order', { ids: [...faqIds.slice(1), faqIds[1]] }, 409, CONTENT_MESSAGES.orderChanged],
      ['PUT', '/api/content/faqs/order', { ids: faqIds.slice(1) }, 409, CONTENT_MESSAGES.orderChanged],
      ['PUT', `/api/content/faqs/${faqA.id}`, { ...faq, version: 1 }, 409, stale],
      ['PUT', `/api/content/faqs/${faqA.id}`, { ...faq, version: 2, updatedBy: 'mallory' }, 400, /updatedBy/],
      ['PUT', `/api/content/faqs/${faqA.id}`, { ...faq, version: 2.5 }, 400, CONTENT_MESSAGES.versionRequired],
      [
        'PUT',
        `/api/content/faqs/${faqA.id}`,
        { ...faq, hidden: 'false', version: 2 },
        400,
        'Hidden must be true or false',
      ],
      [
        'PUT',
        `/api/content/faqs/${faqA.id}`,
        { ...faq, question: 'q'.repeat(CONTENT_LIMITS.question + 1), version: 2 },
        400,
        /Question must be at most/,
      ],
      [
        'PUT',
        `/api/content/faqs/${faqA.id}`,
        { ...faq, question: 'Hostile B?', version: 2 },
        409,
        CONTENT_MESSAGES.duplicateQuestion,
      ],
      ['DELETE', `/api/content/faqs/${faqA.id}?version=1`, undefined, 409, stale],
      ['DELETE', `/api/content/faqs/${faqA.id}?version=abc`, undefined, 400, CONTENT_MESSAGES.versionRequired],
      ['DELETE', `/api/content/faqs/${faqA.id}?version=2&cascade=1`, undefined, 400, /cascade/],
      [
        'POST',
        `/api/content/faqs/${faqA.id}/restore`,
        { historyId: faqBFirst!.id, version: 2 },
        404,
        CONTENT_MESSAGES.noSuchVersion,
      ],
      [
        'POST',
        `/api/content/faqs/${faqA.id}/restore`,
        { historyId: termAFirst!.id, version: 2 },
        404,
        CONTENT_MESSAGES.noSuchVersion,
      ],
      ['POST', `/api/content/faqs/${faqA.id}/restore`, { historyId: faqAFirst!.id, version: 1 }, 409, stale],
      ['POST', `/api/content/faqs/${faqA.id}/restore`, { historyId: String(faqAFirst!.id), version: 2 }, 400, /.+/],
      [
        'POST',
        `/api/content/faqs/${faqA.id}/restore`,
        { historyId: faqAFirst!.id, version: 2, answer: 'Injected.' },
        400,
        /answer/,
      ],
      ['POST', '/api/content/glossary', { ...term, term: 'Gamma', extra: 1 }, 400, /extra/],
      ['POST', '/api/content/glossary', { ...term, term: 42 }, 400, 'Term is required'],
      [
        'POST',
        '/api/content/glossary',
        { ...term, term: 't'.repeat(CONTENT_LIMITS.term + 1) },
        400,
        /Term must be at most/,
      ],
      ['POST', '/api/content/glossary', { ...term, term: 'ALPHA' }, 409, CONTENT_MESSAGES.duplicateTerm],
      ['PUT', `/api/content/glossary/${termA.id}`, { ...term, version: 1 }, 409, stale],
      ['PUT', `/api/content/glossary/${termA.id}`, { ...term, version: 2, id: termB.id }, 400, /id/],
      [
        'PUT',
        `/api/content/glossary/${termA.id}`,
        { ...term, description: null, version: 2 },
        400,
        'Description is required',
      ],
      [
        'PUT',
        `/api/content/glossary/${termA.id}`,
        { ...term, term: 'beta', version: 2 },
        409,
        CONTENT_MESSAGES.duplicateTerm,
      ],
      ['DELETE', `/api/content/glossary/${termA.id}?version=1`, undefined, 409, stale],
      [
        'POST',
        `/api/content/glossary/${termA.id}/restore`,
        { historyId: termBFirst!.id, version: 2 },
        404,
        CONTENT_MESSAGES.noSuchVersion,
      ],
      ['POST', `/api/content/glossary/${termA.id}/restore`, { historyId: termAFirst!.id, version: 1 }, 409, stale],
      ['POST', '/api/content/glossary/import', { csv: 123 }, 400, CONTENT_MESSAGES.importEmpty],
      ['POST', '/api/content/glossary/import', { csv: 'Category,Term,Description\nX,Y,Z', dryRun: 'no' }, 400, /.+/],
      [
        'POST',
        '/api/content/glossary/import',
        { csv: 'Category,Term,Description\nX,Y,Z', replaceAll: true },
        400,
        /replaceAll/,
      ],
      ['POST', '/api/content/glossary/categories/rename', { from: 'Hostile', to: 'Renamed', extra: 1 }, 400, /extra/],
      [
        'POST',
        '/api/content/glossary/categories/rename',
        { from: 'Hostile', to: 'c'.repeat(CONTENT_LIMITS.category + 1) },
        400,
        /New category must be at most/,
      ],
      ['POST', '/api/content/glossary/categories/rename', { from: 'Hostile', to: 7 }, 400, 'New category is required'],
      // Alpha is in Other too: the rename is refused as a whole, Beta is not moved either.
      [
        'POST',
        '/api/content/glossary/categories/rename',
        { from: 'Hostile', to: 'Other' },
        409,
        CONTENT_MESSAGES.duplicateTerm,
      ],
    ];
    const snapshot = async () => ({
      history: historyCount(),
      faqs: server.count('faqs'),
      glossary: server.count('glossary_entries'),
      faqA: (await call('GET', `/api/content/faqs/${faqA.id}`, admin)).body,
      termA: (await call('GET', `/api/content/glossary/${termA.id}`, admin)).body,
      termB: (await call('GET', `/api/content/glossary/${termB.id}`, admin)).body,
      order: ((await call('GET', '/api/content/faqs', admin)).body as { id: number }[]).map((item) => item.id),
    });
    const before = await snapshot();
    for (const [method, path, body, status, message] of refused) {
      const response = await call(method, path, admin, body);
      const label = `${method} ${path} ${JSON.stringify(body)?.slice(0, 100)}`;
      assert.equal(response.status, status, `${label}: ${response.text.slice(0, 200)}`);
      assert.equal(typeof response.body.errorInfo, 'string', label);
      if (typeof message === 'string') assert.equal(response.body.errorInfo, message, label);
      else assert.match(response.body.errorInfo, message, label);
    }
    // An import with one refused row saves none of its rows, the good one included.
    const mixed = await call('POST', '/api/content/glossary/import', admin, {
      csv: 'Category,Term,Description\nHostile,Delta,Fine.\nHostile,,No term.',
      dryRun: false,
    });
    assert.equal(mixed.status, 200);
    assert.equal(mixed.body.saved, false);
    assert.deepEqual(
      mixed.body.rows.map((row: { outcome: string }) => row.outcome),
      ['add', 'refuse'],
    );
    assert.deepEqual(await snapshot(), before);
  });

  test('CSRF: every editing call without the header or from another site is refused before it is read', async () => {
    const writes: [string, string, unknown?][] = [
      ['POST', '/api/content/faqs', { question: 'Forged?', answer: 'No.' }],
      ['PUT', '/api/content/faqs/order', { ids: [1] }],
      ['PUT', '/api/content/faqs/1', { question: 'Forged?', answer: 'No.', hidden: false, version: 1 }],
      ['DELETE', '/api/content/faqs/1?version=1'],
      ['POST', '/api/content/faqs/1/restore', { historyId: 1, version: 1 }],
      ['POST', '/api/content/glossary', { category: 'F', term: 'Forged', description: 'No.' }],
      ['PUT', '/api/content/glossary/1', { category: 'F', term: 'Forged', description: 'No.', version: 1 }],
      ['DELETE', '/api/content/glossary/1?version=1'],
      ['POST', '/api/content/glossary/1/restore', { historyId: 1, version: 1 }],
      ['POST', '/api/content/glossary/import', { csv: 'Category,Term,Description\nF,Forged,No.', dryRun: false }],
      ['POST', '/api/content/glossary/categories/rename', { from: 'Compliance', to: 'Forged' }],
    ];
    const before = { history: historyCount(), faqs: server.count('faqs'), glossary: server.count('glossary_entries') };
    const forgeries: Record<string, string>[] = [
      { 'x-xsrf-token': '' },
      { 'x-xsrf-token': 'forged.token' },
      { origin: 'https://evil.example' },
    ];
    for (const [method, path, body] of writes) {
      for (const forged of forgeries) {
        const response = await call(method, path, admin, body, forged);
        assert.equal(response.status, 403, `${method} ${path} ${JSON.stringify(forged)}`);
      }
    }
    assert.deepEqual(
      { history: historyCount(), faqs: server.count('faqs'), glossary: server.count('glossary_entries') },
      before,
    );
  });

  test('CSRF: a write without the header, with another token or from another site is refused before it is read', async () => {
    const before = server.count('faqs');
    const body = JSON.stringify({ question: 'Forged?', answer: 'No.' });
    const headers = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
    const forged: Record<string, string>[] = [
      {},
      { 'x-xsrf-token': 'forged.token' },
      { ...client.csrfHeader(), origin: 'https://evil.example' },
    ];
    for (const extra of forged) {
      const response = await client.request('POST', '/api/content/faqs', { headers: { ...headers, ...extra }, body });
      assert.equal(response.status, 403, JSON.stringify(extra));
    }
    const stranger = server.client();
    const response = await stranger.request('POST', '/api/content/faqs', {
      headers: { ...headers, ...client.csrfHeader() },
      body,
    });
    assert.equal(response.status, 403, 'a header without its cookie');
    assert.equal(server.count('faqs'), before);
  });

  test('a stale version is refused with who saved it and when; the newer text stays', async () => {
    const bea = await signIn('bea');
    const item = (await call('POST', '/api/content/faqs', admin, { question: 'Two editors?', answer: 'Original.' }))
      .body;
    const theirs = await call('PUT', `/api/content/faqs/${item.id}`, bea, {
      question: 'Two editors?',
      answer: 'Bea was first.',
      hidden: false,
      version: 1,
    });
    assert.equal(theirs.status, 200);
    const mine = await call('PUT', `/api/content/faqs/${item.id}`, admin, {
      question: 'Two editors?',
      answer: 'Ada too.',
      hidden: false,
      version: 1,
    });
    assert.equal(mine.status, 409);
    assert.ok(
      mine.body.errorInfo.startsWith(`Changed by bea at ${theirs.body.updatedAt} since you opened it`),
      mine.body.errorInfo,
    );
    assert.equal((await call('GET', `/api/content/faqs/${item.id}`, admin)).body.answer, 'Bea was first.');
    assert.equal((await call('DELETE', `/api/content/faqs/${item.id}?version=1`, admin)).status, 409);
    const duplicate = await call('POST', '/api/content/faqs', admin, { question: 'Two editors?', answer: 'Again.' });
    assert.deepEqual([duplicate.status, duplicate.body.errorInfo], [409, CONTENT_MESSAGES.duplicateQuestion]);
  });
});

describe('the site follows at once', () => {
  test('add, edit, hide, restore and delete an FAQ item: the spec API shows each state on the next request', async () => {
    await publicFaqs(); // warm the copy the next change must empty
    const created = await call('POST', '/api/content/faqs', admin, {
      question: 'Does Haulora work offline?',
      answer: 'Yes, the driver app syncs later.',
    });
    assert.equal(created.status, 200);
    assert.deepEqual((await publicFaqs()).at(-1), {
      question: 'Does Haulora work offline?',
      answer: 'Yes, the driver app syncs later.',
    });
    const edited = await call('PUT', `/api/content/faqs/${created.body.id}`, admin, {
      question: 'Does Haulora work offline?',
      answer: 'Yes, fully.',
      hidden: false,
      version: 1,
    });
    assert.equal(edited.body.version, 2);
    assert.equal((await publicFaqs()).at(-1)?.answer, 'Yes, fully.');
    const hidden = await call('PUT', `/api/content/faqs/${created.body.id}`, admin, {
      question: 'Does Haulora work offline?',
      answer: 'Yes, fully.',
      hidden: true,
      version: 2,
    });
    assert.ok(
      !(await publicFaqs()).some((item) => item.question === 'Does Haulora work offline?'),
      'hidden items leave the spec API',
    );
    const history = (await call('GET', `/api/content/faqs/${created.body.id}/history`, admin)).body;
    assert.deepEqual(
      history.map((h: { action: string }) => h.action),
      ['update', 'update', 'create'],
    );
    const original = history.at(-1);
    const restored = await call('POST', `/api/content/faqs/${created.body.id}/restore`, admin, {
      historyId: original.id,
      version: hidden.body.version,
    });
    assert.equal(restored.status, 200);
    assert.equal((await publicFaqs()).at(-1)?.answer, 'Yes, the driver app syncs later.');
    assert.equal(
      (await call('DELETE', `/api/content/faqs/${created.body.id}?version=${restored.body.version}`, admin)).status,
      200,
    );
    assert.ok(!(await publicFaqs()).some((item) => item.question === 'Does Haulora work offline?'));
  });

  test('glossary changes and imports are in the spec API on the next request, in its exact shape', async () => {
    await publicGlossary();
    const created = await call('POST', '/api/content/glossary', admin, {
      category: 'Yard',
      term: 'Dock door',
      description: 'Where trailers load.',
    });
    const [status, entries] = await publicGlossary();
    assert.equal(status, 'SUCCESS');
    assert.deepEqual(
      entries.find((e) => e.term === 'Dock door'),
      { id: created.body.id, category: 'Yard', term: 'Dock door', description: 'Where trailers load.' },
    );
    const preview = await call('POST', '/api/content/glossary/import', admin, {
      csv: 'Category,Term,Description\nYard,Dock door,Loading bay.\nYard,Gate,Entry point.',
    });
    assert.deepEqual(
      preview.body.rows.map((r: { outcome: string }) => r.outcome),
      ['change', 'add'],
    );
    assert.equal(
      (await publicGlossary())[1].find((e) => e.term === 'Dock door')?.description,
      'Where trailers load.',
      'a preview saves nothing',
    );
    const imported = await call('POST', '/api/content/glossary/import', admin, {
      csv: 'Category,Term,Description\nYard,Dock door,Loading bay.\nYard,Gate,Entry point.',
      dryRun: false,
    });
    assert.equal(imported.body.saved, true);
    const after = (await publicGlossary())[1];
    assert.equal(after.find((e) => e.term === 'Dock door')?.description, 'Loading bay.');
    assert.ok(after.some((e) => e.term === 'Gate'));
    const csv = await call('GET', '/api/content/glossary/export.csv', admin);
    assert.equal(csv.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.match(csv.text, /Yard,Dock door,Loading bay\./);
  });
});

describe('OpenAPI', () => {
  test('describes the content calls with their bodies', async () => {
    const spec = (await client.get('/api/openapi.json')).body;
    for (const path of [
      '/api/content/faqs',
      '/api/content/faqs/{id}',
      '/api/content/faqs/{id}/history',
      '/api/content/faqs/{id}/restore',
      '/api/content/glossary/import',
    ]) {
      assert.ok(spec.paths[path], path);
    }
    assert.ok(spec.paths['/api/content/faqs'].post.requestBody);
  });
});
