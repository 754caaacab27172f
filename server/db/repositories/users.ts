// SQL for staff accounts.
import type { Database } from '../driver.ts';

export type User = {
  id: number;
  username: string;
  passwordHash: string;
  createdAt: string;
  disabledAt: string | null;
};

const columns = 'id, username, password_hash AS passwordHash, created_at AS createdAt, disabled_at AS disabledAt';

export function createUsersRepository(db: Database) {
  const insert = db.prepare('INSERT INTO users (username, password_hash, created_at) VALUES (?, ?, ?)');
  const byUsername = db.prepare(`SELECT ${columns} FROM users WHERE username = ?`);
  const byId = db.prepare(`SELECT ${columns} FROM users WHERE id = ?`);
  const all = db.prepare(`SELECT ${columns} FROM users ORDER BY username`);
  const disable = db.prepare('UPDATE users SET disabled_at = ? WHERE username = ? AND disabled_at IS NULL');
  const setPassword = db.prepare('UPDATE users SET password_hash = ?, disabled_at = NULL WHERE username = ?');

  return {
    create(username: string, passwordHash: string, createdAt: string): number {
      return Number(insert.run(username, passwordHash, createdAt).lastInsertRowid);
    },
    findByUsername: (username: string) => (byUsername.get(username) as User | undefined) ?? null,
    findById: (id: number) => (byId.get(id) as User | undefined) ?? null,
    list: () => all.all() as User[],
    /** True when an enabled user was disabled. */
    disable: (username: string, at: string) => disable.run(at, username).changes === 1,
    /** Sets a new password and enables the account; true when the user exists. */
    setPassword: (username: string, passwordHash: string) => setPassword.run(passwordHash, username).changes === 1,
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
