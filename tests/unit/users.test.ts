// The staff account service behind scripts/users.ts, on a migrated in-memory database.
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import type { Database } from '../../server/db/driver.ts';
import { openDatabase } from '../../server/db/driver.ts';
import { migrate } from '../../server/db/migrate.ts';
import type { Repositories } from '../../server/db/repositories/index.ts';
import { createRepositories } from '../../server/db/repositories/index.ts';
import { verifyPassword } from '../../server/services/passwords.ts';
import { createUserService } from '../../server/services/users.ts';
import { Refused, unwrapped } from '../helpers/results.ts';

const PASSWORD = 'correct-horse-battery';

describe('user service', () => {
  let db: Database;
  let repos: Repositories;
  let users: ReturnType<typeof make>;
  const make = (repos: Repositories, db: Database) => unwrapped(createUserService(repos, db));

  beforeEach(async () => {
    db = await openDatabase({ file: ':memory:' });
    await migrate(db);
    repos = createRepositories(db.kysely);
    users = make(repos, db);
  });

  test('adds a user with a hashed password, refuses a duplicate, lists it', async () => {
    await users.addUser('alice', PASSWORD);
    const stored = await repos.users.findByUsername('alice');
    assert.ok(stored);
    assert.notEqual(stored.passwordHash, PASSWORD);
    assert.ok(!stored.passwordHash.includes(PASSWORD));
    assert.equal(await verifyPassword(PASSWORD, stored.passwordHash), true);
    assert.ok(!Number.isNaN(Date.parse(stored.createdAt)));
    assert.equal(stored.disabledAt, null);

    await assert.rejects(users.addUser('alice', PASSWORD), (error) => {
      assert.ok(error instanceof Refused);
      assert.match(error.message, /already exists/);
      return true;
    });
    // Usernames are unique regardless of case.
    await assert.rejects(users.addUser('ALICE', PASSWORD), Refused);

    const list = await users.listUsers();
    assert.equal(list.length, 1);
    assert.equal(list[0]?.username, 'alice');
    assert.equal(list[0]?.status, 'active');
    assert.equal(list[0]?.createdAt, stored.createdAt);
  });

  test('refuses a short, too long or space-padded password', async () => {
    await assert.rejects(users.addUser('bob', 'short-pw'), /at least 12 characters/);
    await assert.rejects(users.addUser('bob', 'x'.repeat(257)), /at most 256 characters/);
    await assert.rejects(users.addUser('bob', ` ${PASSWORD}`), Refused);
    assert.equal(await repos.users.findByUsername('bob'), null);
  });

  test('refuses a bad username', async () => {
    for (const username of ['ab', 'a'.repeat(65), 'has space', 'semi;colon', 'émile', '']) {
      await assert.rejects(users.addUser(username, PASSWORD), Refused, username);
    }
    assert.deepEqual(await users.listUsers(), []);
  });

  test('disable marks the user and revokes its sessions; reset-password enables it again', async () => {
    await users.addUser('carol', PASSWORD);
    const carol = await repos.users.findByUsername('carol');
    assert.ok(carol);
    const at = new Date();
    await repos.sessions.create({
      userId: carol.id,
      sessionId: 'session-1',
      tokenHash: 'token-hash-1',
      createdAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + 86_400_000).toISOString(),
    });
    assert.equal((await repos.sessions.findBySessionId('session-1'))?.revokedAt, null);

    assert.deepEqual(await users.disableUser('carol'), { revokedSessions: 1 });
    assert.ok((await repos.users.findByUsername('carol'))?.disabledAt);
    assert.ok((await repos.sessions.findBySessionId('session-1'))?.revokedAt);
    assert.equal((await users.listUsers())[0]?.status, 'disabled');

    await assert.rejects(users.resetPassword('carol', 'too-short'), Refused);
    assert.ok((await repos.users.findByUsername('carol'))?.disabledAt, 'a refused reset leaves the user disabled');

    const newPassword = 'a-brand-new-password';
    await users.resetPassword('carol', newPassword);
    const after = await repos.users.findByUsername('carol');
    assert.equal(after?.disabledAt, null);
    assert.notEqual(after?.passwordHash, carol.passwordHash);
    assert.equal((await users.listUsers())[0]?.status, 'active');
  });

  test('refuses to disable or reset an unknown user', async () => {
    await assert.rejects(users.disableUser('nobody'), (error) => {
      assert.ok(error instanceof Refused);
      assert.match(error.message, /no staff user nobody/);
      return true;
    });
    await assert.rejects(users.resetPassword('nobody', PASSWORD), Refused);
  });
});
