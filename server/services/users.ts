// Staff accounts as the command-line tool manages them: add, list, disable, reset a password.
// Every refusal is a UserError whose message can be shown to the operator as it is.
import { MAX_LENGTH } from '../../common/constants.ts';
import { STAFF_ROLES, type StaffRole } from '../../common/content.ts';
import type { Database } from '../db/driver.ts';
import { createRepositories, type Repositories } from '../db/repositories/index.ts';
import { hashPassword } from './passwords.ts';

export class UserError extends Error {
  override name = 'UserError';
}

export const USERNAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 12;
const USERNAME_PATTERN = new RegExp(`^[A-Za-z0-9._-]{${USERNAME_MIN_LENGTH},${MAX_LENGTH.username}}$`);

export type StaffUserSummary = {
  username: string;
  createdAt: string;
  status: 'active' | 'disabled';
  disabledAt: string | null;
  email: string | null;
  role: StaffRole;
};

/** Throws UserError unless the role is one of STAFF_ROLES. */
export function checkRole(role: string): StaffRole {
  if (!(STAFF_ROLES as readonly string[]).includes(role)) throw new UserError(`Role must be one of: ${STAFF_ROLES.join(', ')}.`);
  return role as StaffRole;
}

/** Throws UserError unless the address looks like one an email can be sent to (one line, one @). */
export function checkEmail(email: string): void {
  if (email.length > MAX_LENGTH.email || !/^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(email)) {
    throw new UserError(`Not an email address: ${email.slice(0, 80)}`);
  }
}

/** Throws UserError unless the username is 3–64 letters, digits, dots, underscores or hyphens. */
export function checkUsername(username: string): void {
  if (!USERNAME_PATTERN.test(username)) {
    throw new UserError(
      `Username must be ${USERNAME_MIN_LENGTH} to ${MAX_LENGTH.username} characters of letters, digits, '.', '_' or '-'.`,
    );
  }
}

/** Throws UserError unless the password is one a staff member can sign in with and long enough. */
export function checkPassword(password: string): void {
  // Counted in characters (code points), so a short password of wide characters is not let through.
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    throw new UserError(`Password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  // The sign-in form's limit, which counts UTF-16 units.
  if (password.length > MAX_LENGTH.password) {
    throw new UserError(`Password must be at most ${MAX_LENGTH.password} characters.`);
  }
  // Sign-in trims the password, so one with spaces at either end could never be used.
  if (password.trim() !== password) {
    throw new UserError('Password must not start or end with spaces.');
  }
}

export function createUserService(
  repos: Pick<Repositories, 'users' | 'sessions'>,
  db: Database,
  now: () => Date = () => new Date(),
) {
  async function checkNewUsername(username: string): Promise<void> {
    checkUsername(username);
    if (await repos.users.findByUsername(username)) throw new UserError(`Staff user ${username} already exists.`);
  }

  async function existing(username: string) {
    const user = await repos.users.findByUsername(username);
    if (!user) throw new UserError(`There is no staff user ${username}.`);
    return user;
  }

  return {
    /** Throws UserError when the username is invalid or taken; lets a caller check before asking for a password. */
    checkNewUsername,

    /** Throws UserError when there is no such user. */
    async checkExistingUsername(username: string): Promise<void> {
      await existing(username);
    },

    /** `email`, optional, is where the inbox tells them of a submission someone gave them;
     * `role` admin (the default) or sales. */
    async addUser(username: string, password: string, email: string | null = null, role: StaffRole = 'admin'): Promise<void> {
      await checkNewUsername(username);
      checkPassword(password);
      if (email !== null) checkEmail(email);
      checkRole(role);
      const passwordHash = await hashPassword(password);
      try {
        await repos.users.create(username, passwordHash, now().toISOString(), email, role);
      } catch (error) {
        // Another process added the same name while the password was being hashed.
        if (await repos.users.findByUsername(username)) throw new UserError(`Staff user ${username} already exists.`);
        throw error;
      }
    },

    async listUsers(): Promise<StaffUserSummary[]> {
      return (await repos.users.list()).map((user) => ({
        username: user.username,
        createdAt: user.createdAt,
        status: user.disabledAt ? 'disabled' : 'active',
        disabledAt: user.disabledAt,
        email: user.email,
        role: user.role,
      }));
    },

    /** Sets a user's email address, or removes it with null (then no assignment emails). */
    async setEmail(username: string, email: string | null): Promise<void> {
      await existing(username);
      if (email !== null) checkEmail(email);
      if (!(await repos.users.setEmail(username, email))) throw new UserError(`There is no staff user ${username}.`);
    },

    /** Disables the account and signs out all of its sessions; returns how many sessions were revoked. */
    async disableUser(username: string): Promise<{ revokedSessions: number }> {
      const user = await existing(username);
      if (user.disabledAt) throw new UserError(`Staff user ${user.username} is already disabled.`);
      const at = now().toISOString();
      // Both or neither: a disabled user with live sessions would still be signed in.
      return db.transaction(async (trx) => {
        const inTransaction = createRepositories(trx);
        await inTransaction.users.disable(user.username, at);
        return { revokedSessions: await inTransaction.sessions.revokeAllForUser(user.id, at) };
      });
    },

    /** Gives a user another role; it applies to their next API call (roles are read on every call). */
    async setRole(username: string, role: string): Promise<void> {
      const checked = checkRole(role);
      if (!(await repos.users.setRole(username, checked))) throw new UserError(`There is no staff user ${username}.`);
    },

    /** Sets a new password; a disabled account is enabled again. */
    async resetPassword(username: string, password: string): Promise<void> {
      await existing(username);
      checkPassword(password);
      const passwordHash = await hashPassword(password);
      if (!(await repos.users.setPassword(username, passwordHash))) throw new UserError(`There is no staff user ${username}.`);
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
