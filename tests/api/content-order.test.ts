// Versioned, undoable reorders of the FAQ over real HTTP (issue 31), on both engines: each change
// of order is a version with who moved what ("moved X from 3 to 1"), a stale version is refused
// (409, nothing moved), Undo puts the previous order back as a new version (several levels, from
// the stored history, so after a reload too) and the public FAQ follows; two editors racing on
// one version: one wins.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CONTENT_MESSAGES } from '../../common/content.ts';
import { startPostgres } from '../helpers/postgres.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { signInAs, type StaffClient } from '../helpers/staff.ts';

const cluster = await startPostgres();
after(async () => {
  await cluster?.close();
});

const engines: [string, () => Promise<Record<string, string>>][] = [
  ['sqlite', async () => ({})],
  ['postgres', async () => ({ DATABASE_URL: await cluster!.createDatabase() })],
];

type Order = {
  version: number;
  ids: number[];
  history: {
    version: number;
    action: string;
    username: string;
    summary: string;
    undoable: boolean;
    undoes: number | null;
  }[];
};

for (const [engine, env] of engines) {
  describe(
    `FAQ order on ${engine}`,
    { skip: engine === 'postgres' && !cluster ? 'PostgreSQL is not available here' : false },
    () => {
      let server: TestServer;
      let ada: StaffClient;
      let bob: StaffClient;
      const order = async (): Promise<Order> => (await ada.get('/api/content/faqs/order')).body;
      const questions = async (ids: number[]) => {
        const faqs = (await ada.get('/api/content/faqs')).body as { id: number; question: string }[];
        return ids.map((id) => faqs.find((faq) => faq.id === id)!.question);
      };
      const publicOrder = async () =>
        ((await server.client().get('/api/Faqs/GetAllFromFaqs')).body as { question: string }[]).map((f) => f.question);

      before(async () => {
        server = await startServer(await env());
        ada = await signInAs(server, 'ada');
        bob = await signInAs(server, 'bob');
      });
      after(() => server?.close());

      test('a move is a version with its words; stale versions are refused; undo goes back, level by level', async () => {
        const start = await order();
        assert.equal(start.version, 0);
        assert.deepEqual(start.history, []);
        assert.ok(start.ids.length >= 3, 'the seed has questions');
        const original = start.ids;
        const [third] = await questions([original[2]!]);

        // Move the third question to the top.
        const moved = [original[2]!, original[0]!, original[1]!, ...original.slice(3)];
        const put = await ada.call('PUT', '/api/content/faqs/order', { ids: moved, version: 0 });
        assert.equal(put.status, 200, put.text);
        const first = await order();
        assert.equal(first.version, 1);
        assert.deepEqual(first.ids, moved);
        assert.equal(first.history[0]!.summary, `moved “${third}” from 3 to 1`);
        assert.equal(first.history[0]!.username, 'ada');
        assert.equal(first.history[0]!.undoable, true);
        assert.equal((await publicOrder())[0], third);

        // Bob read version 0: his move is refused with who changed it, and nothing moves.
        const stale = await bob.call('PUT', '/api/content/faqs/order', { ids: original, version: 0 });
        assert.equal(stale.status, 409);
        assert.match(stale.body.errorInfo, /changed by ada at .+ since you opened it/);
        assert.deepEqual((await order()).ids, moved);
        const staleUndo = await bob.call('POST', '/api/content/faqs/order/undo', { version: 0 });
        assert.equal(staleUndo.status, 409);

        // A second change (several items at once), then two undos: back where it started.
        const reversed = [...moved].reverse();
        assert.equal((await bob.call('PUT', '/api/content/faqs/order', { ids: reversed, version: 1 })).status, 200);
        const second = await order();
        assert.equal(second.history[0]!.summary, `reordered ${reversed.length} questions`);
        const undo1 = await ada.call('POST', '/api/content/faqs/order/undo', { version: 2 });
        assert.equal(undo1.status, 200, undo1.text);
        assert.deepEqual((undo1.body as Order).ids, moved);
        assert.equal((undo1.body as Order).history[0]!.action, 'undo');
        assert.equal((undo1.body as Order).history[0]!.undoes, 2);
        // A fresh read (a reload) still knows what is left to undo: version 1.
        const reloaded = await order();
        assert.deepEqual(
          reloaded.history.filter((change) => change.undoable).map((change) => change.version),
          [1],
        );
        const undo2 = await ada.call('POST', '/api/content/faqs/order/undo', { version: 3 });
        assert.equal(undo2.status, 200, undo2.text);
        assert.deepEqual((undo2.body as Order).ids, original);
        assert.match((undo2.body as Order).history[0]!.summary, new RegExp(`^undid version 1: moved “`));
        assert.deepEqual(await publicOrder(), (await questions(original)).slice(0, (await publicOrder()).length));
        const nothing = await ada.call('POST', '/api/content/faqs/order/undo', { version: 4 });
        assert.equal(nothing.status, 404);
        assert.equal(nothing.body.errorInfo, CONTENT_MESSAGES.nothingToUndo);
        // Bad input: 400 in the content API's shape; a sales user may not.
        assert.equal((await ada.call('POST', '/api/content/faqs/order/undo', {})).status, 400);
        assert.equal((await ada.call('PUT', '/api/content/faqs/order', { ids: original, version: -1 })).status, 400);
        const sales = await signInAs(server, 'sam', { role: 'sales' });
        assert.equal((await sales.get('/api/content/faqs/order')).status, 403);
      });

      test('two editors moving from the same version: exactly one wins', async () => {
        const { version, ids } = await order();
        const [a, b] = await Promise.all([
          ada.call('PUT', '/api/content/faqs/order', { ids: [...ids.slice(1), ids[0]!], version }),
          bob.call('PUT', '/api/content/faqs/order', { ids: [ids.at(-1)!, ...ids.slice(0, -1)], version }),
        ]);
        assert.deepEqual([a.status, b.status].sort(), [200, 409]);
        const after = await order();
        assert.equal(after.version, version + 1);
        assert.equal(after.history.filter((change) => change.version === version + 1).length, 1);
        // An editor's own quick second move, sent before their page had the first one's version,
        // is theirs to make; a version from the future is refused.
        const winner = a.status === 200 ? ada : bob;
        const own = await winner.call('PUT', '/api/content/faqs/order', { ids, version });
        assert.equal(own.status, 200, own.text);
        assert.equal((await order()).version, version + 2);
        assert.equal((await winner.call('PUT', '/api/content/faqs/order', { ids, version: version + 9 })).status, 409);
      });
    },
  );
}
