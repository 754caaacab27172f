// SQL for staff accounts. Usernames match whatever their case.
import { type Kysely, sql } from 'kysely';
import type { StaffRole } from '../../../common/content.ts';
import type { DB } from '../schema.ts';

export type User = {
  id: number;
  username: string;
  passwordHash: string;
  createdAt: string;
  disabledAt: string | null;
  /** Where their own notifications go (a submission given to them); null: none are sent. */
  email: string | null;
  role: StaffRole;
};

const lowerUsername = sql<string>`lower(username)`;

export function createUsersRepository(db: Kysely<DB>) {
  const selectUsers = () =>
    db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'password_hash as passwordHash',
        'created_at as createdAt',
        'disabled_at as disabledAt',
        'email',
        'role',
      ]);

  return {
    async create(
      username: string,
      passwordHash: string,
      createdAt: string,
      email: string | null = null,
      role: StaffRole = 'admin',
    ): Promise<number> {
      const { id } = await db
        .insertInto('users')
        .values({ username, password_hash: passwordHash, created_at: createdAt, email, role })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    findByUsername: async (username: string): Promise<User | null> =>
      (await selectUsers().where(lowerUsername, '=', username.toLowerCase()).executeTakeFirst()) ?? null,
    findById: async (id: number): Promise<User | null> =>
      (await selectUsers().where('id', '=', id).executeTakeFirst()) ?? null,
    list: (): Promise<User[]> => selectUsers().orderBy(lowerUsername).execute(),
    /** True when an enabled user was disabled. */
    async disable(username: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ disabled_at: at })
        .where(lowerUsername, '=', username.toLowerCase())
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** True when the user exists. */
    async setRole(username: string, role: StaffRole): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ role })
        .where(lowerUsername, '=', username.toLowerCase())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Sets (or with null removes) a user's email address; true when the user exists. */
    async setEmail(username: string, email: string | null): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ email })
        .where(lowerUsername, '=', username.toLowerCase())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Sets a new password and enables the account; true when the user exists. */
    async setPassword(username: string, passwordHash: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ password_hash: passwordHash, disabled_at: null })
        .where(lowerUsername, '=', username.toLowerCase())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
