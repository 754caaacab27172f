// Several real instances of the site (the production factory, each on its own port and data
// folder) on one throwaway PostgreSQL database: what one instance does, every other sees.
// Tokens, sign-out, user:disable, lockouts and the strict rate limits hold across instances;
// a content change empties every instance's cached pages within a second; the outbox sends
// each email once with three workers; PostgreSQL going away turns readiness and requests into
// 503s, and the instances recover by themselves when it is back. Also: a wrong DATABASE_URL
// stops the server at start with one line.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pino from 'pino';
import { MESSAGES, withReference } from '../../common/messages.ts';
import { openDatabase } from '../../server/db/driver.ts';
import { listMigrations, migrate } from '../../server/db/migrate.ts';
import { createRepositories } from '../../server/db/repositories/index.ts';
import type { OutboxRow } from '../../server/db/repositories/outbox.ts';
import type { MailTransport } from '../../server/services/mail-transport.ts';
import { createOutboxWorker } from '../../server/services/outbox-worker.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { createUserService } from '../../server/services/users.ts';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts';

const cluster: TestPostgres | null = await startPostgres();
const PASSWORD = 'correct horse battery staple';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const DEMO = {
  name: 'Ada',
  job_title: 'Ops',
  company: 'Acme Freight',
  country: '61',
  number: '0412345678',
  email: 'ada@example.com',
  text: 'Fleet of 12',
};

after(async () => {
  await cluster?.close();
});

/** Three instances on one new database. */
async function startInstances(
  env: Record<string, string> = {},
  options: { pages?: boolean } = {},
): Promise<TestServer[]> {
  const url = await cluster!.createDatabase();
  const instances: TestServer[] = [];
  for (let n = 0; n < 3; n++) instances.push(await startServer({ DATABASE_URL: url, ...env }, options));
  return instances;
}
const closeAll = (instances: TestServer[]) => Promise.all(instances.map((instance) => instance.close()));

describe(
  'several instances on one PostgreSQL database',
  { skip: cluster ? false : 'PostgreSQL is not available here' },
  () => {
    test('a token from one instance works on every other; sign-out and user:disable on one revoke it everywhere', async () => {
      const [a, b, c] = await startInstances();
      try {
        const hash = await hashPassword(PASSWORD);
        for (const name of ['alice', 'bob']) await a!.app.repos.users.create(name, hash, new Date().toISOString());
        const signedIn = await a!.client().post('/api/SignIn', { username: 'alice', password: PASSWORD });
        assert.equal(signedIn.status, 200);
        const token = signedIn.body.access_token as string;
        for (const instance of [a, b, c])
          assert.equal((await instance!.client().get('/api/ValidateToken', bearer(token))).status, 200);
        assert.equal((await b!.client().get('/api/SignOut', bearer(token))).status, 200);
        for (const instance of [a, b, c])
          assert.equal((await instance!.client().get('/api/ValidateToken', bearer(token))).status, 401);

        const bobs = (await c!.client().post('/api/SignIn', { username: 'bob', password: PASSWORD })).body
          .access_token as string;
        assert.equal((await a!.client().get('/api/inbox/summary', bearer(bobs))).status, 200);
        await createUserService(b!.app.repos, b!.app.database).disableUser('bob');
        for (const instance of [a, b, c])
          assert.equal((await instance!.client().get('/api/inbox/summary', bearer(bobs))).status, 401);
      } finally {
        await closeAll([a!, b!, c!]);
      }
    });

    test('lockouts and the form and sign-in limits count across instances', async () => {
      const instances = await startInstances({
        RATE_LIMIT_FORMS_PER_MINUTE: '4',
        RATE_LIMIT_SIGNIN_PER_MINUTE: '6',
        SIGNIN_LOCK_AFTER_ACCOUNT_FAILURES: '3',
      });
      try {
        await instances[0]!.app.repos.users.create('erin', await hashPassword(PASSWORD), new Date().toISOString());
        // The shared counts use fixed one-minute windows: start well inside one, so every attempt
        // below falls in the same window.
        const intoMinute = Date.now() % 60_000;
        if (intoMinute > 50_000) await sleep(60_000 - intoMinute + 100);
        const at = (n: number) => instances[n % 3]!.client();
        // Three wrong guesses, one per instance, lock the account on every instance.
        for (let n = 0; n < 3; n++)
          assert.equal((await at(n).post('/api/SignIn', { username: 'erin', password: `wrong-${n}` })).status, 401);
        for (let n = 0; n < 3; n++) {
          const locked = await at(n).post('/api/SignIn', { username: 'erin', password: PASSWORD });
          assert.equal(locked.status, 429);
          assert.deepEqual(locked.body, ['ERROR', MESSAGES.lockedOut]);
        }
        // Six sign-in attempts from this address in all, whichever instance got them: the seventh is refused.
        const limited = await at(1).post('/api/SignIn', { username: 'erin', password: PASSWORD });
        assert.equal(limited.status, 429);
        assert.notDeepEqual(limited.body, ['ERROR', MESSAGES.lockedOut]);

        // Four form posts spread over the instances, then the fifth is refused on any of them.
        for (let n = 0; n < 4; n++)
          assert.equal((await at(n).post('/api/Feedback/AddFeedback', { feedback: `spread ${n}` })).status, 200);
        for (let n = 0; n < 3; n++)
          assert.equal((await at(n).post('/api/Feedback/AddFeedback', { feedback: 'one too many' })).status, 429);
        const stored = await sql<{ n: number }>`SELECT count(*) AS n FROM feedback`.execute(
          instances[0]!.app.database.kysely,
        );
        assert.equal(stored.rows[0]?.n, 4);
      } finally {
        await closeAll(instances);
      }
    });

    test('a content change shows on every instance within a second: API answers and cached pages', async () => {
      const instances = await startInstances({ PAGE_CACHE: 'true' }, { pages: true });
      try {
        const [first] = (await instances[0]!.client().get('/api/Faqs/GetAllFromFaqs')).body as { question: string }[];
        assert.ok(first);
        // Every instance has the FAQ in memory and /faq rendered in its page cache.
        for (const instance of instances) {
          assert.ok((await instance.client().get('/faq')).text.includes(first.question.slice(0, 20)));
          await instance.client().get('/api/Faqs/GetAllFromFaqs');
        }
        const changed = 'How quickly can a depot move from spreadsheets to Haulora?';
        const writer = instances[0]!.app;
        await writer.database.kysely
          .updateTable('faqs')
          .set({ question: changed })
          .where('question', '=', first.question)
          .execute();
        await writer.services.content.invalidate();
        const deadline = Date.now() + 1_000;
        for (const instance of instances) {
          for (;;) {
            const api = (await instance.client().get('/api/Faqs/GetAllFromFaqs')).body as { question: string }[];
            const page = (await instance.client().get('/faq')).text;
            if (api[0]?.question === changed && page.includes('How quickly can a depot move')) break;
            assert.ok(Date.now() < deadline, `instance ${instance.url} still serves the old FAQ after a second`);
            await sleep(25);
          }
        }
      } finally {
        await closeAll(instances);
      }
    });

    test('a staff edit through /api/content on one instance is on every instance at the next request; a stale save on another is refused', async () => {
      const instances = await startInstances({ PAGE_CACHE: 'true' }, { pages: true });
      try {
        const hash = await hashPassword(PASSWORD);
        for (const name of ['ada', 'bea'])
          await instances[0]!.app.repos.users.create(name, hash, new Date().toISOString());
        const [writer, other] = await Promise.all([instances[0]!.client().visit(), instances[1]!.client().visit()]);
        const token = async (client: typeof writer, username: string) =>
          (await client.post('/api/SignIn', { username, password: PASSWORD })).body.access_token as string;
        const [ada, bea] = [await token(writer, 'ada'), await token(other, 'bea')];
        const send = (client: typeof writer, bearerToken: string, method: string, path: string, body: unknown) =>
          client.request(method, path, {
            headers: { ...bearer(bearerToken), ...client.csrfHeader(), 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
        // Every instance has /faq, /glossary and /home cached before the change.
        for (const instance of instances)
          for (const path of ['/faq', '/glossary', '/home'])
            assert.equal((await instance.client().get(path)).status, 200);

        const question = 'Can Haulora plan multi-drop runs across three depots?';
        const faq = await send(writer, ada, 'POST', '/api/content/faqs', { question, answer: 'Yes, from one board.' });
        assert.equal(faq.status, 200);
        const moved = await send(writer, ada, 'PUT', '/api/content/faqs/order', {
          ids: [
            faq.body.id,
            ...((await writer.get('/api/content/faqs', bearer(ada))).body as { id: number }[])
              .map((item) => item.id)
              .filter((id) => id !== faq.body.id),
          ],
        });
        assert.equal(moved.status, 200);
        const entry = await send(writer, ada, 'POST', '/api/content/glossary', {
          category: 'Yard',
          term: 'Cross-dock bay',
          description: 'Where freight changes trucks.',
        });
        assert.equal(entry.status, 200);
        const deadline = Date.now() + 1_000;
        for (const instance of instances) {
          const client = instance.client();
          for (;;) {
            const faqs = (await client.get('/api/Faqs/GetAllFromFaqs')).body as { question: string }[];
            const glossary = (await client.get('/api/Glossary/GetAllFromGlossary')).body as [
              string,
              { term: string }[],
            ];
            const pages = await Promise.all(
              ['/faq', '/glossary', '/home'].map(async (path) => (await client.get(path)).text),
            );
            const follows =
              faqs[0]?.question === question &&
              glossary[1].some((e) => e.term === 'Cross-dock bay') &&
              pages[0]!.includes(question) &&
              pages[1]!.includes('Cross-dock bay') &&
              pages[2]!.includes(question);
            if (follows) break;
            assert.ok(Date.now() < deadline, `instance ${instance.url} does not show the edit a second later`);
            await sleep(25);
          }
        }
        // Bea opened version 1 on another instance; Ada saves first; Bea's save is refused there.
        assert.equal(
          (
            await send(writer, ada, 'PUT', `/api/content/faqs/${faq.body.id}`, {
              question,
              answer: 'Yes, and by the hour.',
              hidden: false,
              version: 1,
            })
          ).status,
          200,
        );
        const late = await send(other, bea, 'PUT', `/api/content/faqs/${faq.body.id}`, {
          question,
          answer: 'Bea was here.',
          hidden: false,
          version: 1,
        });
        assert.equal(late.status, 409);
        assert.match(late.body.errorInfo, /^Changed by ada at \S+ since you opened it/);
        assert.equal(
          ((await instances[2]!.client().get('/api/Faqs/GetAllFromFaqs')).body as { answer: string }[])[0]?.answer,
          'Yes, and by the hour.',
        );
      } finally {
        await closeAll(instances);
      }
    });

    test('with a worker on each of three instances, every email is sent exactly once', async () => {
      const smtp: TestSmtp = await startSmtp();
      const instances = await startInstances({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, OUTBOX_POLL_MS: '20' });
      try {
        for (let n = 0; n < 12; n++) {
          const answer = await instances[n % 3]!.client().post('/api/RequestDemo', {
            ...DEMO,
            // One address each: a visitor-typed address gets at most 3 confirmations a day (issue 33).
            email: `requester${n}@example.com`,
            text: `Demo ${n}`,
          });
          assert.equal(answer.status, 200);
        }
        // A sales email and a confirmation per request.
        const deadline = Date.now() + 10_000;
        while (smtp.messages.length < 24 && Date.now() < deadline) await sleep(50);
        await sleep(300);
        const ids = smtp.messages.map((message) => message.header('message-id'));
        assert.equal(ids.length, 24);
        assert.equal(new Set(ids).size, 24);
        const waiting = await instances[1]!.app.repos.outbox.waiting();
        assert.equal(waiting.count, 0);
      } finally {
        await closeAll(instances);
        await smtp.close();
      }
    });

    test('a worker that dies mid-send is taken over by another after its lease', async () => {
      const db = await openDatabase({ url: await cluster!.createDatabase(), file: '' });
      try {
        await migrate(db);
        const repos = createRepositories(db.kysely);
        const at = new Date().toISOString();
        await repos.outbox.add({
          kind: 'sales-demo',
          submissionKind: 'demo-requests',
          submissionId: 1,
          recipient: 'sales@example.com',
          replyTo: null,
          subject: 'Demo',
          bodyText: 'b',
          messageId: '<lease@example.com>',
          createdAt: at,
        });
        const log = pino({ level: 'silent' });
        let stuck = false;
        // The first worker's send never finishes, as if its process had died holding the message.
        const hanging: MailTransport = {
          description: 'hangs',
          send: () => ((stuck = true), new Promise<void>(() => {})),
          reasonOf: String,
          close() {},
        };
        const sent: OutboxRow[] = [];
        const working: MailTransport = {
          description: 'works',
          send: async (row) => void sent.push(row),
          reasonOf: String,
          close() {},
        };
        const dead = createOutboxWorker({
          outbox: repos.outbox,
          transport: hanging,
          pollMs: 10,
          retryBaseMs: 50,
          leaseMs: 600,
          log,
        });
        dead.start();
        while (!stuck) await sleep(5);
        const started = Date.now();
        const other = createOutboxWorker({
          outbox: createRepositories(db.kysely).outbox,
          transport: working,
          pollMs: 10,
          retryBaseMs: 50,
          leaseMs: 600,
          log,
        });
        other.start();
        while (sent.length === 0 && Date.now() - started < 5_000) await sleep(10);
        await other.stop();
        assert.equal(sent.length, 1);
        assert.equal(sent[0]!.attempts, 2);
        assert.ok(Date.now() - started >= 400, 'not before the lease ran out');
        assert.equal((await repos.outbox.waiting()).count, 0);
      } finally {
        await db.close();
      }
    });

    test('PostgreSQL going away: 503s (never a hang), readiness 503 within seconds, recovery without a restart', async () => {
      const instances = await startInstances();
      const [a, b] = instances;
      let stopped = false;
      try {
        assert.equal((await a!.client().get('/readyz')).status, 200);
        const visitor = await b!.client().visit();
        cluster!.stop();
        stopped = true;
        const started = Date.now();
        const down = await visitor.post('/api/Feedback/AddFeedback', { feedback: 'while the database is down' });
        assert.equal(down.status, 503);
        assert.deepEqual(down.body, [
          'ErrorInfo',
          withReference(MESSAGES.unavailable, down.headers.get('x-request-id')!),
        ]);
        assert.ok(Date.now() - started < 10_000, 'answered well before the request timeout');
        const readiness = await a!.client().get('/readyz');
        assert.equal(readiness.status, 503);
        assert.equal(readiness.body.checks.database, 'failing');
        assert.equal((await a!.client().get('/healthz')).status, 200, 'the process itself is alive');

        cluster!.start();
        stopped = false;
        const deadline = Date.now() + 15_000;
        while ((await a!.client().get('/readyz')).status !== 200) {
          assert.ok(Date.now() < deadline, 'ready again after PostgreSQL came back');
          await sleep(100);
        }
        assert.equal(
          (await visitor.post('/api/Feedback/AddFeedback', { feedback: 'after the database came back' })).status,
          200,
        );
        const stored = await sql<{ feedback: string }>`SELECT feedback FROM feedback`.execute(a!.app.database.kysely);
        assert.deepEqual(
          stored.rows.map((row) => row.feedback),
          ['after the database came back'],
        );
      } finally {
        // The other tests need the cluster back, whatever happened here.
        if (stopped) cluster!.start();
        await closeAll(instances);
      }
    });

    test('migrations: three instances starting at the same moment apply each once', async () => {
      const url = await cluster!.createDatabase();
      const instances = await Promise.all([0, 1, 2].map(() => startServer({ DATABASE_URL: url })));
      try {
        const applied = await sql<{ version: number }>`SELECT version FROM schema_migrations ORDER BY version`.execute(
          instances[0]!.app.database.kysely,
        );
        assert.deepEqual(
          applied.rows.map((row) => row.version),
          listMigrations('postgres').map((migration) => migration.version),
        );
        for (const instance of instances) assert.equal((await instance.client().get('/readyz')).status, 200);
      } finally {
        await closeAll(instances);
      }
    });
  },
);

describe('the command-line tools on PostgreSQL', { skip: cluster ? false : 'PostgreSQL is not available here' }, () => {
  const run = (script: string, args: string[], env: Record<string, string>, input = '') =>
    spawnSync(process.execPath, [fileURLToPath(new URL(`../../scripts/${script}`, import.meta.url)), ...args], {
      env: { ...process.env, NODE_TEST_CONTEXT: '', NODE_ENV: 'test', TOKEN_SECRET: 'x'.repeat(40), ...env },
      input,
      encoding: 'utf8',
      timeout: 30_000,
    });

  test('user:add, user:list, user:disable, data:export and data:purge work on the shared database', async () => {
    const url = await cluster!.createDatabase();
    const env = { DATABASE_URL: url };
    const added = run('users.ts', ['add', 'alice'], env, `${PASSWORD}\n`);
    assert.equal(added.status, 0, added.stderr);
    assert.match(run('users.ts', ['list'], env).stdout, /^alice\s+admin\s+created \S+\s+active$/m);
    const instance = await startServer({ DATABASE_URL: url });
    try {
      const signedIn = await instance.client().post('/api/SignIn', { username: 'alice', password: PASSWORD });
      assert.equal(signedIn.status, 200, 'the instance sees the user the command added');
      assert.equal(
        (await instance.client().post('/api/RequestDemo', { ...DEMO, email: 'jo@example.com' })).status,
        200,
      );
      assert.match(run('users.ts', ['disable', 'alice'], env).stdout, /signed out 1 session\./);
      assert.equal((await instance.client().get('/api/ValidateToken', bearer(signedIn.body.access_token))).status, 401);
    } finally {
      await instance.close();
    }
    const exported = JSON.parse(run('data.ts', ['export', 'jo@example.com'], env).stdout);
    assert.equal(exported.tables.demo_requests.length, 1);
    assert.equal(exported.tables.outbox.length, 2);
    const purge = run('data.ts', ['purge', '--dry-run'], env);
    assert.equal(purge.status, 0, purge.stderr);
    assert.match(purge.stdout, /demo_requests\s+0\n/);
    assert.match(
      run('data.ts', ['purge'], { ...env, RETENTION_MONTHS: '1' }).stdout,
      /^Deleted what was received before/,
    );
    // Backups on PostgreSQL are PostgreSQL's own tools' job: the commands say so.
    for (const command of ['backup', 'restore']) {
      const answer = run('data.ts', [command, '/tmp/never-written.sqlite'], env);
      assert.equal(answer.status, 1);
      assert.match(
        answer.stderr,
        /The database is PostgreSQL \(DATABASE_URL\): use its own tools[\s\S]*pg_dump --format=custom[\s\S]*pg_restore/,
      );
    }
  });
});

describe(
  'a wrong DATABASE_URL stops the server at start with one line',
  { skip: cluster ? false : 'PostgreSQL is not available here' },
  () => {
    const serverFile = fileURLToPath(new URL('../../server/server.ts', import.meta.url));
    const start = (url: string) =>
      spawnSync(process.execPath, [serverFile, '--api-only'], {
        env: {
          ...process.env,
          NODE_TEST_CONTEXT: '',
          NODE_ENV: 'test',
          PORT: '0',
          DATABASE_URL: url,
          TOKEN_SECRET: 'x'.repeat(40),
          LOG_LEVEL: 'silent',
        },
        encoding: 'utf8',
        timeout: 20_000,
      });
    const cases: [string, () => string, RegExp][] = [
      [
        'a bad scheme',
        () => 'mysql://user:pw@127.0.0.1/haulora',
        /^Configuration error: DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ address$/,
      ],
      [
        'an unreachable host',
        () => 'postgres://user:pw@127.0.0.1:1/haulora',
        /^Database error: DATABASE_URL: cannot connect: nothing is listening at that host and port$/,
      ],
      [
        'a wrong password',
        () => cluster!.urlFor('postgres', 'not-the-password'),
        /^Database error: DATABASE_URL: cannot sign in: wrong user name or password$/,
      ],
      [
        'a missing database',
        () => cluster!.urlFor('no_such_database'),
        /^Database error: DATABASE_URL: the database does not exist$/,
      ],
    ];
    for (const [name, url, expected] of cases) {
      test(name, () => {
        const result = start(url());
        assert.equal(result.status, 1);
        const lines = result.stderr.trim().split('\n');
        assert.equal(lines.length, 1, result.stderr);
        assert.match(lines[0]!, expected);
        assert.ok(
          !result.stderr.includes('not-the-password') && !result.stderr.includes('pw@'),
          'no password in the message',
        );
      });
    }
  },
);
