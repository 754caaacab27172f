// Staff accounts from the command line:
//   node scripts/users.ts add <username> [--email <address>] [--role admin|sales]
//   node scripts/users.ts set-email <username> <address | --none>
//   node scripts/users.ts set-role <username> admin|sales
//   node scripts/users.ts list
//   node scripts/users.ts disable <username>
//   node scripts/users.ts reset-password <username>
// The database is the one the server uses (DATA_DIR and the other variables apply) and is
// migrated first, so this works on a fresh data folder. A password is never taken from the
// command line: it is asked for twice without echo on a terminal, or read as the first line of
// standard input otherwise. Results go to stdout, errors to stderr with exit code 1, and
// wrong usage exits with 2.
import { createInterface } from 'node:readline';
import { createRepositories } from '../server/db/repositories/index.ts';
import { STAFF_ROLES, type StaffRole } from '../common/content.ts';
import type { Result } from '../server/refusal.ts';
import { createUserService, emailProblem } from '../server/services/users.ts';

/** What the operator did or typed that cannot be done: its message is shown as it is. */
class OperatorRefusal extends Error {}

/** The value of the service's answer, or its refusal as the operator's error. */
function must<T>(result: Result<T>): T {
  if (!result.ok) throw new OperatorRefusal(result.message);
  return result.value;
}
import { runCli, UsageError } from './lib/cli.ts';

const USAGE = `Usage:
  node scripts/users.ts add <username> [--email <address>] [--role admin|sales]
                                                   add a staff user (password from the terminal or stdin);
                                                   with an address, they are emailed when given a submission;
                                                   admin (the default) may do everything, sales the inbox only
  node scripts/users.ts set-role <username> <role> give a staff user the role admin or sales
  node scripts/users.ts set-email <username> <address | --none>
                                                   set or remove a staff user's email address
  node scripts/users.ts list                       list staff users
  node scripts/users.ts disable <username>         disable a staff user and sign out its sessions
  node scripts/users.ts reset-password <username>  set a new password (enables a disabled user)

Through npm: npm run user:add -- <username> [--role sales], npm run user:set-role -- <username> <role>, npm run user:list, npm run user:disable -- <username>,
npm run user:reset-password -- <username>, npm run user:set-email -- <username> <address>. Piped: printf '%s\\n' "$PASSWORD" | npm run user:add -- alice`;

type Command =
  | { name: 'list' }
  | { name: 'add'; username: string; email: string | null; role: StaffRole }
  | { name: 'set-email'; username: string; email: string | null }
  | { name: 'set-role'; username: string; role: StaffRole }
  | { name: 'disable' | 'reset-password'; username: string };

function roleOf(value: string | undefined): StaffRole {
  if (!value || !(STAFF_ROLES as readonly string[]).includes(value))
    throw new UsageError(`The role must be one of: ${STAFF_ROLES.join(', ')}.`);
  return value as StaffRole;
}

/** Takes `--name value` (or `--name=value`) out of args; undefined when absent. */
function takeOption(args: string[], name: string): string | undefined {
  const at = args.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (at < 0) return undefined;
  const flag = args[at]!;
  const inline = flag.startsWith(`${name}=`);
  const value = inline ? flag.slice(name.length + 1) : args[at + 1];
  if (!value || value.startsWith('--')) throw new UsageError(`${name} needs a value.`);
  args.splice(at, inline ? 1 : 2);
  return value;
}

function parseArgs(args: string[]): Command {
  const [name, ...rest] = args;
  if (name === 'add') {
    const roleValue = takeOption(rest, '--role');
    const role = roleValue === undefined ? 'admin' : roleOf(roleValue);
    const email = takeOption(rest, '--email') ?? null;
    if (rest.length !== 1 || !rest[0] || rest[0].startsWith('--')) {
      throw new UsageError(
        'add takes one username (and --email <address>, --role admin|sales); the password is read from stdin.',
      );
    }
    return { name, username: rest[0], email, role };
  }
  if (name === 'set-role') {
    if (rest.length !== 2 || !rest[0]) throw new UsageError('set-role takes a username and a role (admin or sales).');
    return { name, username: rest[0], role: roleOf(rest[1]) };
  }
  if (name === 'list') {
    if (rest.length !== 0) throw new UsageError('list takes no arguments.');
    return { name };
  }
  if (name === 'set-email') {
    if (rest.length !== 2 || !rest[0] || !rest[1])
      throw new UsageError('set-email takes a username and an address (or --none).');
    return { name, username: rest[0], email: rest[1] === '--none' ? null : rest[1] };
  }
  if (name === 'disable' || name === 'reset-password') {
    if (rest.length !== 1 || !rest[0]) {
      throw new UsageError(
        `${name} takes one username${name === 'disable' ? '' : '; the password is read from stdin'}.`,
      );
    }
    return { name, username: rest[0] };
  }
  throw new UsageError(name === undefined ? 'No command given.' : `Unknown command: ${name}`);
}

/** Asks for the password twice on a terminal, or reads the first line of piped stdin. */
async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const line = await readFirstLine();
    if (line === null || line === '')
      throw new OperatorRefusal('No password on standard input: pipe it as the first line.');
    return line;
  }
  const [first, second] = await promptHidden(['Password: ', 'Repeat password: ']);
  if (first !== second) throw new OperatorRefusal('The passwords do not match.');
  return first ?? '';
}

function readFirstLine(): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: process.stdin, terminal: false, crlfDelay: Infinity });
    let answered = false;
    rl.once('line', (line) => {
      answered = true;
      rl.close();
      resolve(line);
    });
    rl.once('close', () => {
      if (!answered) resolve(null);
    });
    process.stdin.once('error', reject);
  });
}

/** Asks each question on the terminal (prompts on stderr) without echoing what is typed. */
function promptHidden(questions: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const output = process.stderr;
    // A terminal interface with no output stream: readline puts the terminal in raw mode and
    // does the line editing (backspace and so on) but writes nothing, so neither the typed
    // characters nor their count nor any cursor movement show. The prompts are written here.
    const rl = createInterface({ input: process.stdin, terminal: true, historySize: 0 });
    const answers: string[] = [];
    let finished = false;

    const finish = (error: Error | null) => {
      finished = true;
      rl.close();
      if (error) reject(error);
      else resolve(answers);
    };
    const ask = () => output.write(questions[answers.length] ?? '');

    rl.on('line', (line) => {
      output.write('\n');
      answers.push(line);
      if (answers.length < questions.length) ask();
      else finish(null);
    });
    rl.on('SIGINT', () => {
      output.write('\n');
      finish(new OperatorRefusal('Cancelled.'));
    });
    rl.on('close', () => {
      // Ctrl-D or the end of input before every answer was given.
      if (finished) return;
      output.write('\n');
      finished = true;
      reject(new OperatorRefusal('No password given.'));
    });
    ask();
  });
}

process.exitCode = await runCli<Command>({
  usage: USAGE,
  parse: parseArgs,
  isExpected: (error) => error instanceof OperatorRefusal,
  async run(command, { db }) {
    if (!db) throw new Error('users.ts always opens the database');
    const users = createUserService(createRepositories(db.kysely), db);
    switch (command.name) {
      case 'add': {
        // Refuse a bad or taken name before asking for a password.
        must(await users.checkNewUsername(command.username));
        const problem = command.email === null ? null : emailProblem(command.email);
        if (problem) throw new OperatorRefusal(problem);
        must(await users.addUser(command.username, await readNewPassword(), command.email, command.role));
        console.log(`Added staff user ${command.username} (${command.role}).`);
        break;
      }
      case 'list': {
        const list = await users.listUsers();
        if (list.length === 0) {
          console.log('No staff users.');
          break;
        }
        const width = Math.max(...list.map((user) => user.username.length));
        for (const user of list) {
          const status = user.status === 'disabled' ? `disabled ${user.disabledAt}` : 'active';
          console.log(
            `${user.username.padEnd(width)}  ${user.role.padEnd(5)}  created ${user.createdAt}  ${status}${user.email ? `  ${user.email}` : ''}`,
          );
        }
        break;
      }
      case 'set-email': {
        must(await users.setEmail(command.username, command.email));
        console.log(
          command.email
            ? `Set the email address of staff user ${command.username}.`
            : `Removed the email address of staff user ${command.username}.`,
        );
        break;
      }
      case 'disable': {
        const { revokedSessions } = must(await users.disableUser(command.username));
        const sessions = `${revokedSessions} session${revokedSessions === 1 ? '' : 's'}`;
        console.log(`Disabled staff user ${command.username} and signed out ${sessions}.`);
        break;
      }
      case 'set-role': {
        must(await users.setRole(command.username, command.role));
        console.log(`Staff user ${command.username} is now ${command.role}.`);
        break;
      }
      case 'reset-password': {
        must(await users.checkExistingUsername(command.username));
        must(await users.resetPassword(command.username, await readNewPassword()));
        console.log(`Reset the password of staff user ${command.username}; the account is enabled.`);
        break;
      }
    }
  },
});
