// Staff accounts as the command-line tool manages them: add, list, disable, reset a password.
// Every refusal is a Result (server/refusal.ts) whose message can be shown to the operator as it is.
import { MAX_LENGTH } from '../../common/constants.ts';
import { STAFF_ROLES, type StaffRole } from '../../common/content.ts';
import type { Database } from '../db/driver.ts';
import { createRepositories, type Repositories } from '../db/repositories/index.ts';
import { abort, type Result, resultOf } from '../refusal.ts';
import { hashPassword } from './passwords.ts';

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

/** Refuses (inside resultOf) unless the role is one of STAFF_ROLES. */
function checkRole(role: string): StaffRole {
  if (!(STAFF_ROLES as readonly string[]).includes(role))
    abort('invalid', `Role must be one of: ${STAFF_ROLES.join(', ')}.`);
  return role as StaffRole;
}

/** What is wrong with an address for a staff member's emails (one line, one @), or null. */
export function emailProblem(email: string): string | null {
  if (email.length > MAX_LENGTH.email || !/^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(email))
    return `Not an email address: ${email.slice(0, 80)}`;
  return null;
}

/** Refuses (inside resultOf) an address emailProblem() finds wrong. */
function checkEmail(email: string): void {
  const problem = emailProblem(email);
  if (problem) abort('invalid', problem);
}

/** Refuses (inside resultOf) unless the username is 3–64 letters, digits, dots, underscores or hyphens. */
function checkUsername(username: string): void {
  if (!USERNAME_PATTERN.test(username)) {
    abort(
      'invalid',
      `Username must be ${USERNAME_MIN_LENGTH} to ${MAX_LENGTH.username} characters of letters, digits, '.', '_' or '-'.`,
    );
  }
}

/** Refuses (inside resultOf) unless the password is one a staff member can sign in with and long enough. */
function checkPassword(password: string): void {
  // Counted in characters (code points), so a short password of wide characters is not let through.
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    abort('invalid', `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  // The sign-in form's limit, which counts UTF-16 units.
  if (password.length > MAX_LENGTH.password) {
    abort('invalid', `Password must be at most ${MAX_LENGTH.password} characters.`);
  }
  // Sign-in trims the password, so one with spaces at either end could never be used.
  if (password.trim() !== password) {
    abort('invalid', 'Password must not start or end with spaces.');
  }
}

export function createUserService(
  repos: Pick<Repositories, 'users' | 'sessions'>,
  db: Database,
  now: () => Date = () => new Date(),
) {
  async function checkNewUsername(username: string): Promise<void> {
    checkUsername(username);
    if (await repos.users.findByUsername(username)) abort('conflict', `Staff user ${username} already exists.`);
  }

  async function existing(username: string) {
    const user = await repos.users.findByUsername(username);
    if (!user) abort('not-found', `There is no staff user ${username}.`);
    return user;
  }

  return {
    /** Refuses a username that is invalid or taken; lets a caller check before asking for a password. */
    checkNewUsername: (username: string): Promise<Result<void>> => resultOf(() => checkNewUsername(username)),

    /** Refuses when there is no such user. */
    checkExistingUsername: (username: string): Promise<Result<void>> =>
      resultOf(async () => void (await existing(username))),

    /** `email`, optional, is where the inbox tells them of a submission someone gave them;
     * `role` admin (the default) or sales. */
    addUser: (
      username: string,
      password: string,
      email: string | null = null,
      role: StaffRole = 'admin',
    ): Promise<Result<void>> =>
      resultOf(async () => {
        await checkNewUsername(username);
        checkPassword(password);
        if (email !== null) checkEmail(email);
        checkRole(role);
        const passwordHash = await hashPassword(password);
        try {
          await repos.users.create(username, passwordHash, now().toISOString(), email, role);
        } catch (error) {
          // Another process added the same name while the password was being hashed.
          if (await repos.users.findByUsername(username)) abort('conflict', `Staff user ${username} already exists.`);
          throw error;
        }
      }),

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
    setEmail: (username: string, email: string | null): Promise<Result<void>> =>
      resultOf(async () => {
        await existing(username);
        if (email !== null) checkEmail(email);
        if (!(await repos.users.setEmail(username, email))) abort('not-found', `There is no staff user ${username}.`);
      }),

    /** Disables the account and signs out all of its sessions; returns how many sessions were revoked. */
    disableUser: (username: string): Promise<Result<{ revokedSessions: number }>> =>
      resultOf(async () => {
        const user = await existing(username);
        if (user.disabledAt) abort('conflict', `Staff user ${user.username} is already disabled.`);
        const at = now().toISOString();
        // Both or neither: a disabled user with live sessions would still be signed in.
        return db.transaction(async (trx) => {
          const inTransaction = createRepositories(trx);
          await inTransaction.users.disable(user.username, at);
          return { revokedSessions: await inTransaction.sessions.revokeAllForUser(user.id, at) };
        });
      }),

    /** Gives a user another role; it applies to their next API call (roles are read on every call). */
    setRole: (username: string, role: string): Promise<Result<void>> =>
      resultOf(async () => {
        const checked = checkRole(role);
        if (!(await repos.users.setRole(username, checked))) abort('not-found', `There is no staff user ${username}.`);
      }),

    /** Sets a new password; a disabled account is enabled again. */
    resetPassword: (username: string, password: string): Promise<Result<void>> =>
      resultOf(async () => {
        await existing(username);
        checkPassword(password);
        const passwordHash = await hashPassword(password);
        if (!(await repos.users.setPassword(username, passwordHash)))
          abort('not-found', `There is no staff user ${username}.`);
      }),
  };
}
export type UserService = ReturnType<typeof createUserService>;
