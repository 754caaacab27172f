// What every command-line tool shares: --help, wrong usage (exit 2), the server's configuration
// and database (SQLite or PostgreSQL, migrated first, closed at the end), and errors printed as
// one line for the person at the terminal (exit 1), a stack only for the unexpected.
import { ConfigError, type Config, loadConfig } from '../../server/config.ts';
import { type Database, openDatabase } from '../../server/db/driver.ts';
import { migrate } from '../../server/db/migrate.ts';

/** Wrong arguments: the message is printed with the usage, exit code 2. */
export class UsageError extends Error {}
/** An expected failure (no such user, …): its message alone is printed, exit code 1. */
export class CommandError extends Error {}

export type CliTool<Command> = {
  usage: string;
  parse(args: string[]): Command;
  /** False for a command that must not open the database (a restore replaces its file). */
  opensDatabase?(command: Command): boolean;
  run(command: Command, context: { config: Config; db: Database | undefined }): Promise<void>;
  /** Errors of the tool's own whose message is meant for the person (besides CommandError). */
  isExpected?(error: unknown): boolean;
};

export async function runCli<Command>(tool: CliTool<Command>, args = process.argv.slice(2)): Promise<number> {
  if (args.length === 1 && ['--help', '-h', 'help'].includes(args[0]!)) {
    console.log(tool.usage);
    return 0;
  }
  let command: Command;
  try {
    command = tool.parse(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${tool.usage}`);
    return 2;
  }
  let db: Database | undefined;
  try {
    const config = loadConfig();
    if (tool.opensDatabase?.(command) ?? true) {
      try {
        db = await openDatabase(config.database);
      } catch (error) {
        throw new CommandError(
          `Database error: ${config.database.url ? 'DATABASE_URL' : config.database.file}: ${(error as Error).message}`,
        );
      }
      await migrate(db);
    }
    await tool.run(command, { config, db });
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
    else if (error instanceof CommandError || tool.isExpected?.(error)) console.error((error as Error).message);
    else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 1;
  } finally {
    await db?.close();
  }
}
