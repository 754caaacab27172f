// Stored visitor data from the command line (issue 7, privacy):
//   node scripts/data.ts purge [--dry-run]   delete submissions older than RETENTION_MONTHS
//   node scripts/data.ts export <email>      print, as JSON, everything stored about one address
// The database is the one the server uses (DATA_DIR and the other variables apply) and is
// migrated first. Results go to stdout, errors to stderr with exit code 1, wrong usage exits 2.
import { createRetentionRepository } from '../server/db/repositories/retention.ts';
import { runCli, UsageError } from './lib/cli.ts';

const USAGE = `Usage:
  node scripts/data.ts purge [--dry-run]   delete submissions older than RETENTION_MONTHS (default 24),
                                           with their inbox notes, emails and images; --dry-run only counts
  node scripts/data.ts export <email>      print everything stored about that address, as JSON

Through npm: npm run data:purge [-- --dry-run], npm run data:export -- <email>`;

type Command = { name: 'purge'; dryRun: boolean } | { name: 'export'; email: string };

function parseArgs(args: string[]): Command {
  const [name, ...rest] = args;
  if (name === 'purge') {
    if (rest.length > 1 || (rest.length === 1 && rest[0] !== '--dry-run')) throw new UsageError('purge takes only --dry-run.');
    return { name, dryRun: rest.length === 1 };
  }
  if (name === 'export') {
    if (rest.length !== 1 || !rest[0]?.includes('@')) throw new UsageError('export takes one email address.');
    return { name, email: rest[0] };
  }
  throw new UsageError(name === undefined ? 'No command given.' : `Unknown command: ${name}`);
}

/** `months` calendar months before `now`, the day clamped to the month's length (31 March - 1 = 28/29 February). */
export function monthsBefore(now: Date, months: number): Date {
  const target = new Date(now);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return target;
}

// Imported by tests for monthsBefore; run only as a script.
if (import.meta.main) {
  process.exitCode = await runCli<Command>({
    usage: USAGE,
    parse: parseArgs,
    async run(command, { config, db }) {
      const retention = createRetentionRepository(db);
      if (command.name === 'purge') {
        const cutoff = monthsBefore(new Date(), config.retentionMonths).toISOString();
        const counts = await retention.purgeOlderThan(cutoff, command.dryRun);
        const verb = command.dryRun ? 'Would delete' : 'Deleted';
        console.log(`${verb} what was received before ${cutoff} (RETENTION_MONTHS=${config.retentionMonths}):`);
        const width = Math.max(...Object.keys(counts).map((table) => table.length));
        for (const [table, count] of Object.entries(counts)) console.log(`  ${table.padEnd(width)}  ${count}`);
        if (command.dryRun) console.log('Dry run: nothing was deleted.');
      } else {
        const tables = await retention.exportByEmail(command.email);
        console.log(JSON.stringify({ email: command.email.trim().toLowerCase(), exported_at: new Date().toISOString(), tables }, null, 2));
      }
    },
  });
}
